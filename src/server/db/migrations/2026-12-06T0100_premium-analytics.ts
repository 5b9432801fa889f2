import type { Kysely } from 'kysely';

// Premium analytics (issue 52 §2): a view's visitor window keeps the campaign
// (utm_source, utm_medium, utm_campaign) of the visit that opened it, so that
// the visitor's clicks that day are credited to it. The new rollup dimensions
// (hour, referrer, campaign) need no change: analytics_daily takes any. Frozen
// in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('visitor_windows')
    .addColumn('campaign', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visitor_windows').dropColumn('campaign').execute();
}
