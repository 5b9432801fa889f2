import { DAY_MS } from '#shared/constants.ts';
import { randomBytes } from 'node:crypto';
import { type Compilable, CompiledQuery, sql } from 'kysely';
import { REPEAT_WINDOW_MINUTES } from '#shared/analytics.ts';
import { localDayOf } from '#shared/time-zone.ts';
import type { Db } from '../db/database.ts';
import type { AnalyticsDailyTable, AnalyticsDimension } from '../db/schema.ts';

// Where counted visits go (DESIGN.md "Analytics", issue 10). One batch is one
// transaction: the visitor windows decide which visits count and which visitors
// are new today, the raw events keep every request, and the daily rollups, the
// only thing screens read, take the batch's sums. The same code runs on
// PostgreSQL (the app's pool) and on SQLite (the writer thread's connection).

/** A visitor's identical visits of one window (decision 004): one profile or one link, one referrer. */
export interface Visit {
  kind: 'view' | 'click';
  userId: number;
  linkId: number | null;
  /** When the window's first such visit came (ISO). */
  at: string;
  referrer: string | null;
  source: string;
  country: string;
  device: string;
  browser: string;
  visitorHash: string;
  hits: number;
}

const REPEAT_WINDOW_MS = REPEAT_WINDOW_MINUTES * 60_000;
/** Rows per statement: well under SQLite's 32 766 parameters for every table here. */
const ROWS_PER_STATEMENT = 500;

type RollupRow = AnalyticsDailyTable;

function chunksOf<Row>(rows: readonly Row[]): Row[][] {
  const chunks: Row[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) chunks.push(rows.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}

const windowKeyOf = (userId: number, target: number, visitorHash: string) => `${userId} ${target} ${visitorHash}`;

/** SQL texts of the writer's bulk statements, by database, statement and row count (null: not reusable). */
const statementTexts = new Map<string, string | null>();

/**
 * Kysely builds a statement's SQL anew on every call, which for a 500-row
 * insert is most of the writer's own CPU. The statements written for every
 * visit (raw events, rollups) are run in chunks of 500 rows and, for the rest,
 * of powers of two, so that a handful of row counts occur: each is built by
 * Kysely once, checked to take its values row by row in column order, and
 * then run with only the values. One that does not check out is always built.
 */
async function runBulk<Row extends object>(db: Db, name: string, rows: readonly Row[], build: (rows: Row[]) => Compilable): Promise<void> {
  const valuesOf = (list: Row[]) => {
    const columns = Object.keys(list[0]!) as Array<keyof Row>;
    return list.flatMap((row) => columns.map((column) => row[column]));
  };
  const dialect = db.getExecutor().adapter.constructor.name;
  for (let start = 0; start < rows.length;) {
    const left = rows.length - start;
    const size = left >= ROWS_PER_STATEMENT ? ROWS_PER_STATEMENT : 2 ** Math.floor(Math.log2(left));
    const chunk = rows.slice(start, start + size);
    start += size;
    const key = `${dialect} ${name} ${size}`;
    const text = statementTexts.get(key);
    if (text) {
      await db.executeQuery(CompiledQuery.raw(text, valuesOf(chunk)));
      continue;
    }
    const compiled = build(chunk).compile();
    if (text === undefined) {
      const expected = valuesOf(chunk);
      const same = compiled.parameters.length === expected.length && compiled.parameters.every((value, index) => value === expected[index]);
      statementTexts.set(key, same ? compiled.sql : null);
    }
    await db.executeQuery(compiled);
  }
}

/** How long a writer trusts a profile's time zone it read: a change applies to visits within a minute. */
const ZONE_TTL_MS = 60_000;

/**
 * What a writer remembers between batches. The visitor windows it decided
 * lately: a visit that falls inside one (before its end, on the same day) is a
 * repeat whatever other instances did since, as windows only move forward; so
 * it needs no question to the database, and only its raw event is written.
 * Anything else is asked. And the profiles' time zones, for a minute. Both bounded.
 */
export class WriterMemory {
  private readonly entries = new Map<string, { repeatUntil: string; day: string }>();
  private readonly zones = new Map<number, { zone: string; until: number }>();

  constructor(private readonly limit: number) {}

  zoneOf(userId: number, now: number): string | undefined {
    const known = this.zones.get(userId);
    return known !== undefined && known.until > now ? known.zone : undefined;
  }

  rememberZone(userId: number, zone: string, now: number): void {
    if (this.zones.size >= this.limit) this.zones.clear();
    this.zones.set(userId, { zone, until: now + ZONE_TTL_MS });
  }

  isRepeat(key: string, at: string, day: string): boolean {
    const open = this.entries.get(key);
    return open !== undefined && at < open.repeatUntil && day <= open.day;
  }

  remember(key: string, repeatUntil: string, day: string): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { repeatUntil, day });
  }
}

/**
 * Write a batch of visits; throws (and writes nothing) if the database fails.
 * `open` is the writer's memory of windows (one per writer; a fresh one is always correct, only slower).
 */
export async function storeVisits(db: Db, visits: readonly Visit[], open = new WriterMemory(0)): Promise<void> {
  if (visits.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const zones = new Map<number, string>();
    const unknown: number[] = [];
    for (const userId of new Set(visits.map((visit) => visit.userId))) {
      const zone = open.zoneOf(userId, now);
      if (zone === undefined) unknown.push(userId);
      else zones.set(userId, zone);
    }
    for (const ids of chunksOf(unknown)) {
      const rows = await trx.selectFrom('users').select(['id', 'timeZone']).where('id', 'in', ids).execute();
      for (const row of rows) {
        zones.set(row.id, row.timeZone ?? 'UTC');
        open.rememberZone(row.id, row.timeZone ?? 'UTC', now);
      }
    }
    // Visits of a profile deleted meanwhile are dropped.
    const live = visits.filter((visit) => zones.has(visit.userId)).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    if (live.length === 0) return;
    // Visits of one window share their time: a day is worked out once per profile and time.
    const days = new Map<string, string>();
    const dayOf = (visit: Visit) => {
      const key = `${visit.userId} ${visit.at}`;
      let day = days.get(key);
      if (day === undefined) {
        day = localDayOf(visit.at, zones.get(visit.userId)!);
        days.set(key, day);
      }
      return day;
    };

    // The first visit of each visitor and target in the batch asks its window whether it counts.
    const firsts = new Map<string, Visit>();
    for (const visit of live) {
      const key = windowKeyOf(visit.userId, visit.linkId ?? 0, visit.visitorHash);
      if (!firsts.has(key)) firsts.set(key, visit);
    }
    const decided = new Map<string, { counted: boolean; fresh: boolean }>();
    const windowRows = [...firsts.entries()]
      .filter(([key, visit]) => {
        if (!open.isRepeat(key, visit.at, dayOf(visit))) return true;
        decided.set(key, { counted: false, fresh: false });
        return false;
      })
      .sort(([a], [b]) => (a < b ? -1 : 1)) // one lock order for concurrent writers (several instances)
      .map(([, visit]) => ({
        userId: visit.userId,
        target: visit.linkId ?? 0,
        visitorHash: visit.visitorHash,
        day: dayOf(visit),
        countedAt: visit.at,
        repeatUntil: new Date(Date.parse(visit.at) + REPEAT_WINDOW_MS).toISOString(),
        counted: 1,
        fresh: 1,
      }));
    for (const rows of chunksOf(windowRows)) {
      const answers = await trx
        .insertInto('visitorWindows')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['userId', 'target', 'visitorHash']).doUpdateSet({
            // Every expression reads the row as it was before this update.
            counted: sql<number>`case when visitor_windows.repeat_until <= excluded.counted_at then 1 else 0 end`,
            countedAt: sql<string>`case when visitor_windows.repeat_until <= excluded.counted_at then excluded.counted_at else visitor_windows.counted_at end`,
            repeatUntil: sql<string>`case when visitor_windows.repeat_until <= excluded.counted_at then excluded.repeat_until else visitor_windows.repeat_until end`,
            fresh: sql<number>`case when excluded.day > visitor_windows.day then 1 else 0 end`,
            day: sql<string>`case when excluded.day > visitor_windows.day then excluded.day else visitor_windows.day end`,
          }),
        )
        .returning(['userId', 'target', 'visitorHash', 'counted', 'fresh', 'repeatUntil', 'day'])
        .execute();
      for (const answer of answers) {
        const key = windowKeyOf(answer.userId, answer.target, answer.visitorHash);
        decided.set(key, { counted: Number(answer.counted) === 1, fresh: Number(answer.fresh) === 1 });
        open.remember(key, answer.repeatUntil, answer.day);
      }
    }

    const rollups = new Map<string, RollupRow>();
    const add = (visit: Visit, day: string, dimension: AnalyticsDimension, value: string, visits: number, uniques: number) => {
      const key = `${visit.userId} ${day} ${visit.kind} ${dimension} ${value}`;
      const row = rollups.get(key);
      if (row) {
        row.visits += visits;
        row.uniques += uniques;
      } else {
        rollups.set(key, { userId: visit.userId, day, kind: visit.kind, dimension, value, visits, uniques });
      }
    };
    const events = live.map((visit) => {
      const key = windowKeyOf(visit.userId, visit.linkId ?? 0, visit.visitorHash);
      const isFirst = firsts.get(key) === visit;
      const decision = decided.get(key);
      const counted = isFirst && decision?.counted === true ? 1 : 0;
      const unique = isFirst && decision?.fresh === true ? 1 : 0;
      const day = dayOf(visit);
      // A repeat changes no figure: its hits stay in the raw event. Clicks are
      // shown per link; where visitors come from, and on what, is told by the views.
      const repeat = counted === 0 && unique === 0;
      if (!repeat) add(visit, day, 'total', '', counted, unique);
      if (!repeat && visit.linkId !== null) add(visit, day, 'link', String(visit.linkId), counted, unique);
      if (!repeat && visit.linkId === null) {
        add(visit, day, 'source', visit.source, counted, unique);
        add(visit, day, 'country', visit.country, counted, unique);
        add(visit, day, 'device', visit.device, counted, unique);
        add(visit, day, 'browser', visit.browser, counted, unique);
      }
      return {
        kind: visit.kind,
        userId: visit.userId,
        linkId: visit.linkId,
        createdAt: visit.at,
        day,
        referrer: visit.referrer,
        source: visit.source,
        device: visit.device,
        country: visit.country,
        browser: visit.browser,
        visitorHash: visit.visitorHash,
        hits: visit.hits,
        counted,
      };
    });
    await runBulk(trx, 'events', events, (rows) => trx.insertInto('events').values(rows));

    // A link's first counted click is told once in Recent Activity.
    const clickedAt = new Map<number, string>();
    for (const event of events)
      if (event.counted === 1 && event.linkId !== null && !clickedAt.has(event.linkId)) clickedAt.set(event.linkId, event.createdAt);
    for (const ids of chunksOf([...clickedAt.keys()].sort((a, b) => a - b))) {
      const firsts = await trx
        .updateTable('links')
        .set({ firstClickedAt: new Date().toISOString() })
        .where('id', 'in', ids)
        .where('firstClickedAt', 'is', null)
        .returning(['id', 'userId', 'title'])
        .execute();
      if (firsts.length > 0) {
        await trx
          .insertInto('activity')
          .values(
            firsts.map((link) => ({
              userId: link.userId,
              kind: 'first_click' as const,
              subject: link.title,
              createdAt: clickedAt.get(link.id)!,
            })),
          )
          .execute();
      }
    }

    const rollupRows = [...rollups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
    await runBulk(trx, 'rollups', rollupRows, (rows) =>
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
  });
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
