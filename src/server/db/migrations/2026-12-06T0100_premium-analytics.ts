import type { Kysely } from 'kysely';

// Premium analytics (issue 52 §2): a view's visitor window keeps the campaign
// (utm_source, utm_medium, utm_campaign) of the visit that opened it, so that
// the visitor's clicks that day are credited to it. The new rollup dimensions
// (hour, referrer, campaign) need no change: analytics_daily takes any. The
// report by mail: how often it goes ('week' or 'month', monthly on Business),
// and mail carries attachments (its chart) as JSON. Frozen in time: imports
// nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('visitor_windows')
    .addColumn('campaign', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('summary_every', 'text', (c) => c.notNull().defaultTo('week'))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('users').dropColumn('summary_every').execute();
  await db.schema.alterTable('visitor_windows').dropColumn('campaign').execute();
}
