import type { Kysely } from 'kysely';

// The language of a person (issue 54): their mail, the messages their requests
// answer, and their pages' words when a page has no language of its own. Null:
// never chosen, English, as everyone spoke before. Frozen in time: imports
// nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
