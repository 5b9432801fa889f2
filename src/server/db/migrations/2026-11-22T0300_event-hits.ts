import type { Kysely } from 'kysely';

// An event row stands for every identical visit of one batch window: same kind,
// profile, link, visitor and referrer (decision 004). Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('hits').execute();
}
