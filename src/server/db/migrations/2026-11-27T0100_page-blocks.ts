import type { Kysely } from 'kysely';

// Blocks beside links (issue 30): a page item is a link or a header, a text or
// a divider, in the one ordered list. A block keeps an empty address; a text
// block's words are in `body`. Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('type', 'text', (column) => column.notNull().defaultTo('link'))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('body', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('body').execute();
  await db.schema.alterTable('links').dropColumn('type').execute();
}
