import type { Kysely } from 'kysely';

// What a session's owner sees of it (issue 28): the browser it signed in from,
// the country of its address, and when it was last used. Frozen in time:
// imports nothing from the app. Sessions from before have none of them.

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['user_agent', 'country', 'last_seen_at']) {
    await db.schema.alterTable('sessions').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['user_agent', 'country', 'last_seen_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
