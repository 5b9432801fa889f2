import type { Kysely } from 'kysely';

// Deleted links and blocks (issue 51 §2) wait 30 days in an archive, to be
// restored with their id (their clicks are kept by link id, so they are theirs
// again) and their place. The row is kept whole, as JSON; its pictures' ids are
// columns of their own, so that they are not freed while it waits. Frozen in
// time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_archive')
    // The link's own id: it comes back under it.
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('archived_at', 'text', (column) => column.notNull())
    .addColumn('custom_icon_id', 'integer', (column) => column.references('media.id').onDelete('set null'))
    .addColumn('thumbnail_id', 'integer', (column) => column.references('media.id').onDelete('set null'))
    .addColumn('item', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('link_archive_user_idx').on('link_archive').columns(['user_id', 'archived_at']).execute();
  await db.schema.createIndex('link_archive_archived_at_idx').on('link_archive').column('archived_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_archive').execute();
}
