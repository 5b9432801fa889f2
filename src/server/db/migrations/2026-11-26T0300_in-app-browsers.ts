import type { Kysely } from 'kysely';

// Out of in-app browsers (issue 31): a page opened inside Instagram's, TikTok's
// or another app's browser offers to open in the visitor's own, unless its
// creator turns that off (on for every page, old and new); and each visit keeps
// which app it was opened in ('' for none), which analytics counts by app.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('open_in_browser_bar', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('in_app', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('in_app').execute();
  await db.schema.alterTable('users').dropColumn('open_in_browser_bar').execute();
}
