import type { Db } from '../db/database.ts';
import type { AnalyticsDailyRow } from '../db/schema.ts';

export type RollupRow = Omit<AnalyticsDailyRow, 'userId'>;

/** A profile's daily figures from `from` to `to` (days in its time zone, both included): a range of the primary key. */
export function rollupsBetween(db: Db, userId: number, from: string, to: string, onlyTotals = false): Promise<RollupRow[]> {
  let query = db
    .selectFrom('analyticsDaily')
    .select(['day', 'kind', 'dimension', 'value', 'hits', 'visits', 'uniques'])
    .where('userId', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (onlyTotals) query = query.where('dimension', '=', 'total');
  return query.execute();
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

/** Every link the profile has (active or not), for the names of the top links. */
export function linkNamesOf(db: Db, userId: number): Promise<Array<{ id: number; title: string; url: string }>> {
  return db.selectFrom('links').select(['id', 'title', 'url']).where('userId', '=', userId).execute();
}
