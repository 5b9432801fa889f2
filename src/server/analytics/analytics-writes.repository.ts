import { randomBytes } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import { DAY_MS } from '#shared/constants.ts';
import type { Db } from '../db/database.ts';
import { adapterOf, runBulk } from '../db/query-shortcuts.ts';
import type { AnalyticsDailyTable, EventsTable, VisitorWindowsTable } from '../db/schema.ts';

// The analytics write path's queries (analytics-store.ts decides what to write; the
// writer thread on SQLite and the app's pool on PostgreSQL run them, in one
// transaction per batch), and the hourly pruning.

/** Every visit of the batch as a raw event, counted or a repeat. */
export async function insertEvents(trx: Db, events: ReadonlyArray<Insertable<EventsTable>>): Promise<void> {
  await runBulk(trx, 'events', events, (rows) => trx.insertInto('events').values(rows));
}

/**
 * The batch's visitor windows, each opened or extended in one statement: whether
 * each visit counts (its window had ended) and is its visitor's first of the day,
 * read from the row as it was before.
 */
export function upsertWindows(trx: Db, rows: ReadonlyArray<Insertable<VisitorWindowsTable>>) {
  return runBulk(trx, 'windows', rows, (chunk) =>
    trx
      .insertInto('visitorWindows')
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(['userId', 'target', 'visitorHash']).doUpdateSet({
          // Every expression reads the row as it was before this update.
          counted: sql<number>`case when visitor_windows.repeat_until <= excluded.counted_at then 1 else 0 end`,
          countedAt: sql<string>`case when visitor_windows.repeat_until <= excluded.counted_at then excluded.counted_at else visitor_windows.counted_at end`,
          repeatUntil: sql<string>`case when visitor_windows.repeat_until <= excluded.counted_at then excluded.repeat_until else visitor_windows.repeat_until end`,
          fresh: sql<number>`case when excluded.day > visitor_windows.day then 1 else 0 end`,
          day: sql<string>`case when excluded.day > visitor_windows.day then excluded.day else visitor_windows.day end`,
          campaign: sql<string>`case when visitor_windows.repeat_until <= excluded.counted_at then excluded.campaign else visitor_windows.campaign end`,
        }),
      )
      .returning(['userId', 'target', 'visitorHash', 'counted', 'fresh', 'repeatUntil', 'day']),
  );
}

/**
 * The campaign each visitor's view of the profile came through, where it did,
 * on the given day: the view windows (target 0) of the visitors, one key
 * lookup each. PostgreSQL joins the list as arrays (it plans a long OR badly);
 * SQLite takes the OR of keys, which it looks up one by one.
 */
export async function viewCampaignsOf(trx: Db, visitors: ReadonlyArray<{ userId: number; visitorHash: string; day: string }>) {
  if (adapterOf(trx) === 'PostgresAdapter') {
    const { rows } = await sql<{ userId: number; visitorHash: string; day: string; campaign: string }>`
      select w.user_id as "userId", w.visitor_hash as "visitorHash", w.day, w.campaign
      from unnest(${visitors.map((visitor) => visitor.userId)}::int[], ${visitors.map((visitor) => visitor.visitorHash)}::text[],
        ${visitors.map((visitor) => visitor.day)}::text[]) as asked (user_id, visitor_hash, day)
      join visitor_windows w on w.user_id = asked.user_id and w.target = 0 and w.visitor_hash = asked.visitor_hash and w.day = asked.day
      where w.campaign <> ''`.execute(trx);
    return rows;
  }
  return trx
    .selectFrom('visitorWindows')
    .select(['userId', 'visitorHash', 'day', 'campaign'])
    .where('campaign', '<>', '')
    .where((eb) =>
      eb.or(
        visitors.map((visitor) =>
          eb.and([
            eb('userId', '=', visitor.userId),
            eb('target', '=', 0),
            eb('visitorHash', '=', visitor.visitorHash),
            eb('day', '=', visitor.day),
          ]),
        ),
      ),
    )
    .execute();
}

/** The batch's daily sums added to the rollups (one row per profile, day, kind, dimension and value). */
export async function addToRollups(trx: Db, rollups: AnalyticsDailyTable[]): Promise<void> {
  await runBulk(trx, 'rollups', rollups, (rows) =>
    trx
      .insertInto('analyticsDaily')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['userId', 'day', 'kind', 'dimension', 'value']).doUpdateSet({
          visits: sql<number>`analytics_daily.visits + excluded.visits`,
          uniques: sql<number>`analytics_daily.uniques + excluded.uniques`,
        }),
      ),
  );
}

/** The secret of a UTC day's visitor ids: made by whichever instance asks first, the same for all. */
export async function dailySaltOf(db: Db, day: string): Promise<string> {
  await db
    .insertInto('analyticsSalts')
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('analyticsSalts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Rows deleted per statement when pruning, so that a large backlog never holds the database long. */
const PRUNE_CHUNK = 5_000;

/**
 * Delete what is no longer needed: past days' salts (a visitor id can then never
 * be traced back), windows whose visitor id has rotated, and raw events older
 * than the retention. The daily rollups stay.
 */
export async function pruneAnalytics(db: Db, now: number, retentionDays: number): Promise<{ events: number }> {
  const today = new Date(now).toISOString().slice(0, 10);
  await db.deleteFrom('analyticsSalts').where('day', '<', today).execute();
  await db
    .deleteFrom('visitorWindows')
    .where('countedAt', '<', new Date(now - 2 * DAY_MS).toISOString())
    .execute();
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  const end = await firstEventIdFrom(db, cutoff);
  let deleted = 0;
  for (;;) {
    const oldest = await db.selectFrom('events').select('id').orderBy('id').limit(1).executeTakeFirst();
    if (!oldest || oldest.id >= end) return { events: deleted };
    const result = await db
      .deleteFrom('events')
      .where('id', '<', Math.min(end, oldest.id + PRUNE_CHUNK))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    // Let requests run between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The id of the first event at or after `cutoff`: events are appended in time
 * order, so a binary search over the primary key finds it in a few lookups
 * (the table has no index on time: it is written on every visit, decision 003).
 */
async function firstEventIdFrom(db: Db, cutoff: string): Promise<number> {
  const bounds = await db
    .selectFrom('events')
    .select((eb) => [eb.fn.min<number>('id').as('low'), eb.fn.max<number>('id').as('high')])
    .executeTakeFirst();
  if (bounds?.low == null || bounds.high == null) return 0;
  let low = Number(bounds.low);
  let high = Number(bounds.high) + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const row = await db
      .selectFrom('events')
      .select(['id', 'createdAt'])
      .where('id', '>=', middle)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.createdAt >= cutoff) high = middle;
    else low = row.id + 1;
  }
  return low;
}

/**
 * Mark the links' first click, for those not clicked before: the links marked now. A fact analytics
 * records on the link (its first click, shown in recent activity), written with the batch that counted it.
 */
export function markFirstClicks(db: Db, ids: readonly number[], at: string) {
  return db
    .updateTable('links')
    .set({ firstClickedAt: at })
    .where('id', 'in', [...ids])
    .where('firstClickedAt', 'is', null)
    .returning(['id', 'userId', 'title'])
    .execute();
}
