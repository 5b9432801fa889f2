import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Custom domains (issue 33 §3): at most one per account, proved by a TXT record
// `_linkverse.{domain}` holding the account's token. Several accounts may claim
// a name while it is unproved; only one can hold it verified (a partial unique
// index), so no one can park a name they do not control. `lost_at` marks a
// verified domain whose record disappeared at a daily re-check. The custom
// domain add-on is a flag on the account. Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('custom_domains')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (column) => column.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (column) => column.notNull())
    .addColumn('token', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('lost_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('custom_domains_verified_idx')
    .on('custom_domains')
    .column('domain')
    .unique()
    .where(sql.ref('verified_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('custom_domains_domain_idx').on('custom_domains').column('domain').execute();
  await db.schema
    .alterTable('users')
    .addColumn('custom_domain_add_on', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('custom_domain_add_on').execute();
  await db.schema.dropTable('custom_domains').execute();
}
