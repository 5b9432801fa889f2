import type { Kysely } from 'kysely';

// Sensitive content (issue 30): a page's or a link's warning ('18', '21',
// '25', 'sensitive'), or null for none. Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('content_warning', 'text').execute();
  await db.schema.alterTable('links').addColumn('content_warning', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('content_warning').execute();
  await db.schema.alterTable('users').dropColumn('content_warning').execute();
}
