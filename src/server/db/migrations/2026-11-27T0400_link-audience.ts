import type { Kysely } from 'kysely';

// Links that know their audience (issue 30): a device class ('any', 'mobile',
// 'desktop') and the countries a link is shown in (ISO codes, comma-separated,
// sorted; empty: everywhere). Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('audience_device', 'text', (column) => column.notNull().defaultTo('any'))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('audience_countries', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('audience_countries').execute();
  await db.schema.alterTable('links').dropColumn('audience_device').execute();
}
