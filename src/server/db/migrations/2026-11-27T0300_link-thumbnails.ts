import type { Kysely } from 'kysely';

// Link thumbnails (issue 30): a link may show an uploaded picture (a media row
// of kind 'thumbnail') instead of its icon. Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').addColumn('thumbnail_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('thumbnail_id').execute();
}
