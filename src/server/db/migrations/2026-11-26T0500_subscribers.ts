import { type Kysely, PostgresAdapter } from 'kysely';

// Subscribers (issue 31): an email sign-up form on the public page, with the
// consent line its creator writes, and the addresses it gathered.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('subscribe_form', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('subscribe_consent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('consent', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('confirm_before', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  await db.schema.createIndex('subscribers_user_id_email_idx').on('subscribers').columns(['user_id', 'email']).unique().execute();
  await db.schema.createIndex('subscribers_token_hash_idx').on('subscribers').column('token_hash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscribers').execute();
  await db.schema.alterTable('users').dropColumn('subscribe_consent').execute();
  await db.schema.alterTable('users').dropColumn('subscribe_form').execute();
}
