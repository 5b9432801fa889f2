import type { Kysely } from 'kysely';

// The public page's "New" pill and "Updated" line become two switches, both
// off for a new account (issue 27: clutter on a fresh page). `show_activity`
// drove both and defaulted to on; SQLite cannot change a column's default, so
// it gives way to `show_updated` and `mark_new_links`, and an existing account
// keeps showing what it showed.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('show_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('mark_new_links', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({ show_updated: eb.ref('show_activity'), mark_new_links: eb.ref('show_activity') }))
    .execute();
  await db.schema.alterTable('users').dropColumn('show_activity').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('show_activity', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({ show_activity: eb.ref('show_updated') }))
    .execute();
  await db.schema.alterTable('users').dropColumn('mark_new_links').execute();
  await db.schema.alterTable('users').dropColumn('show_updated').execute();
}
