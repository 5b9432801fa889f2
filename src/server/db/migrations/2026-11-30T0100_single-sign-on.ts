import { type Kysely, PostgresAdapter } from 'kysely';

// Single sign-on (issue 29): which account each provider's person (its
// `sub`) signs in to, and the sign-ins under way, each bound to the browser
// that started it (the sha256 of its cookie's token). A sign-in whose person
// has no account yet waits here, for a username or for the account it links
// to. Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
  await id('sso_identities')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('sso_identities_subject_idx').on('sso_identities').columns(['provider', 'subject']).unique().execute();
  await db.schema.createIndex('sso_identities_user_idx').on('sso_identities').columns(['user_id', 'provider']).unique().execute();
  await id('sso_sign_ins')
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('sealed_verifier', 'text', (column) => column.notNull())
    .addColumn('link_user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('next_path', 'text')
    .addColumn('subject', 'text')
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sso_sign_ins_token_hash_idx').on('sso_sign_ins').column('token_hash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_sign_ins').execute();
  await db.schema.dropTable('sso_identities').execute();
}
