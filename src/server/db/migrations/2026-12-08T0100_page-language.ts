import type { Kysely } from 'kysely';

// The language a public page speaks (issue 54): its share button, sign-up
// form, warnings and the rest of the words the creator did not write. Null:
// the site's default (English), as every page spoke before. Frozen in time:
// imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('page_language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('page_language').execute();
}
