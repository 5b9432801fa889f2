import type { Kysely } from 'kysely';

// A link the creator marks as their own profile elsewhere (issue 31): the
// public page names it with rel="me", which Mastodon and IndieWeb sites read
// to verify that the page and that profile belong to the same person.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('own_profile', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('own_profile').execute();
}
