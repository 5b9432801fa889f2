import type { Kysely } from 'kysely';

// Scheduled links (issue 30): a link may be shown only from a start and until
// an end (ISO instants in UTC; null: no bound). Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').addColumn('starts_at', 'text').execute();
  await db.schema.alterTable('links').addColumn('ends_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('ends_at').execute();
  await db.schema.alterTable('links').dropColumn('starts_at').execute();
}
