import { type Kysely, PostgresAdapter } from 'kysely';

// Several pages per account, run with a team (issue 53). A page is a `users`
// row, so that every table of a page (links, look, analytics, subscribers,
// domain) stays keyed as it was: an account is the row a person signs in with,
// and is its own first page; a further page is a row with `owner_id`, which
// has no password or address and cannot sign in. Existing users are accounts
// with one page, so nothing of theirs moves. `page_members` holds the people a
// page's owner let in, with a role; `page_invitations` the invitations not yet
// accepted (the token's sha256 only), and offers of a page's ownership to a
// member, which move it once accepted; `api_tokens.page_ids` the pages a
// token may act on; `activity.actor_id` who made a change.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('users_owner_id_idx').on('users').column('owner_id').execute();
  await db.schema
    .createTable('page_members')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    // 1: the member asked for the page's summary by mail (its owner's wish is the page's own weekly_summary).
    .addColumn('weekly_summary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_members_pk', ['page_id', 'account_id'])
    .execute();
  await db.schema.createIndex('page_members_account_id_idx').on('page_members').column('account_id').execute();
  await db.schema
    .createTable('page_invitations')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // An offer of the page's ownership to one of its members (role 'owner'): that member's account; null for an invitation.
    .addColumn('offered_to', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_invitations_token_hash_idx').on('page_invitations').column('token_hash').unique().execute();
  await db.schema.createIndex('page_invitations_page_id_idx').on('page_invitations').column('page_id').execute();
  // The pages a token may act on, as ids joined by commas; '' (every token before pages): its account's own page.
  await db.schema
    .alterTable('api_tokens')
    .addColumn('page_ids', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('activity')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The pages beyond each account's first go with their rows (their links, look and figures cascade).
  await db.deleteFrom('users').where('owner_id', 'is not', null).execute();
  await db.schema.alterTable('activity').dropColumn('actor_id').execute();
  await db.schema.alterTable('api_tokens').dropColumn('page_ids').execute();
  await db.schema.dropTable('page_invitations').execute();
  await db.schema.dropTable('page_members').execute();
  await db.schema.dropIndex('users_owner_id_idx').execute();
  await db.schema.alterTable('users').dropColumn('owner_id').execute();
}
