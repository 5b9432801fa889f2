import type { Kysely } from 'kysely';

// Broken-link alerts (issue 31): what the server's daily check of each active
// link's address last found. A link that failed twice in a row looks broken.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_checks')
    .addColumn('link_id', 'integer', (c) => c.primaryKey().references('links.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('next_check_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'text')
    .addColumn('reason', 'text')
    .addColumn('http_status', 'integer')
    .execute();
  await db.schema.createIndex('link_checks_next_check_at_idx').on('link_checks').column('next_check_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_checks').execute();
}
