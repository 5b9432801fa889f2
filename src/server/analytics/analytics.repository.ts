import type { Db } from '../db/database.ts';
import type { AnalyticsDailyRow, AnalyticsDimension } from '../db/schema.ts';

export type RollupRow = Omit<AnalyticsDailyRow, 'userId'>;

/**
 * Visitors whose latest counted visit (a view or a click) began at `since` or
 * later: the visitor windows of the profile, one range of their key, so the
 * raw events (which have no index) are never scanned.
 */
export async function liveVisitorsOf(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('visitorWindows')
    .select((eb) => eb.fn.count<number>('visitorHash').distinct().as('visitors'))
    .where('userId', '=', userId)
    .where('countedAt', '>=', since)
    .executeTakeFirst();
  return Number(row?.visitors ?? 0);
}

/** A profile's daily figures from `from` to `to` (days in its time zone, both included): a range of the primary key. */
export function rollupsBetween(db: Db, userId: number, from: string, to: string): Promise<RollupRow[]> {
  return db
    .selectFrom('analyticsDaily')
    .select(['day', 'kind', 'dimension', 'value', 'visits', 'uniques'])
    .where('userId', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

/**
 * What the Analytics tab needs of a period, summed by the database: the daily
 * totals from `totalsFrom` (the previous period too, for the trends), and every
 * other dimension summed over `from` to `to`. Those sums carry the period's last
 * day, so the report reads them as rows of the period. A few dozen rows come
 * back instead of one per day and value.
 */
export async function reportRowsOf(
  db: Db,
  userId: number,
  totalsFrom: string,
  from: string,
  to: string,
  premium: boolean,
): Promise<RollupRow[]> {
  // Hours, full referrers and campaigns are premium: a plan without them does not read their rows.
  const leftOut = premium ? [] : PREMIUM_DIMENSIONS;
  const [totals, dimensions] = await Promise.all([
    db
      .selectFrom('analyticsDaily')
      .select(['day', 'kind', 'dimension', 'value', 'visits', 'uniques'])
      .where('userId', '=', userId)
      .where('day', '>=', totalsFrom)
      .where('day', '<=', to)
      .where('dimension', '=', 'total')
      .execute(),
    db
      .selectFrom('analyticsDaily')
      .select((eb) => ['kind', 'dimension', 'value', eb.fn.sum<number>('visits').as('visits'), eb.fn.sum<number>('uniques').as('uniques')])
      .where('userId', '=', userId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('dimension', '<>', 'total')
      .$if(leftOut.length > 0, (query) => query.where('dimension', 'not in', leftOut))
      .groupBy(['kind', 'dimension', 'value'])
      .execute(),
  ]);
  return [...totals, ...dimensions.map((row) => ({ ...row, day: to }))];
}

const PREMIUM_DIMENSIONS: AnalyticsDimension[] = ['hour', 'referrer', 'campaign'];

/** The profile's first day with figures (all time's first day), or undefined when it has none: the primary key's first entry. */
export async function firstDayOf(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('analyticsDaily')
    .select((eb) => eb.fn.min<string | null>('day').as('first'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.first ?? undefined;
}

/** Every counted view of a profile since it began: the figure a page shows with show views on. */
export async function totalViewsOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('analyticsDaily')
    .select((eb) => eb.fn.sum<number | string | null>('visits').as('views'))
    .where('userId', '=', userId)
    .where('kind', '=', 'view')
    .where('dimension', '=', 'total')
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

/** A profile's daily view totals from `from` on, oldest first, and its best day before `from`. */
export async function dailyViewsFrom(
  db: Db,
  userId: number,
  from: string,
): Promise<{ bestBefore: number; days: Array<{ day: string; visits: number }> }> {
  const views = db.selectFrom('analyticsDaily').where('userId', '=', userId).where('kind', '=', 'view').where('dimension', '=', 'total');
  const [before, days] = await Promise.all([
    views
      .select((eb) => eb.fn.max<number | null>('visits').as('best'))
      .where('day', '<', from)
      .executeTakeFirst(),
    views.select(['day', 'visits']).where('day', '>=', from).orderBy('day').execute(),
  ]);
  return { bestBefore: Number(before?.best ?? 0), days: days.map((row) => ({ day: row.day, visits: Number(row.visits) })) };
}

/**
 * Every link the profile has (active or not), for the names of the top links;
 * a text block's addresses count as the block, named by its first words; an
 * embed's plays (and its opens without script) as the embed, by its title.
 */
export async function linkNamesOf(db: Db, userId: number): Promise<Array<{ id: number; title: string; url: string }>> {
  const rows = await db
    .selectFrom('links')
    .select(['id', 'title', 'url', 'type', 'body'])
    .where('userId', '=', userId)
    .where('type', 'in', ['link', 'text', 'embed'])
    .execute();
  return rows.map(({ id, title, url, type, body }) => {
    if (type === 'text') return { id, title: `Text: ${firstWordsOf(body)}`, url: '' };
    if (type === 'embed') return { id, title: `Embed: ${title || url}`, url };
    return { id, title, url };
  });
}

/** A text's first words, about 40 characters, on one line. */
function firstWordsOf(text: string, length = 40): string {
  const line = text.replace(/\s+/g, ' ');
  if (line.length <= length) return line;
  const cut = line.slice(0, length + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : line.slice(0, length)).trimEnd()}…`;
}
