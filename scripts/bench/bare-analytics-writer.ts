// The ceiling of analytics ingestion on a database: the rows storeVisits writes for
// a batch of new visitors (a visitor window each, answering whether the visit
// counts and is the day's first, and a click's window for any link, answering
// whether its visitor is a new clicker today; a raw event each; the batch's daily rollups),
// written by the bare driver with nothing else: no Kysely, no time zones, no
// first clicks. Rows go in key order (fewer pages touched, as the product does).
// What nginx is to the public page, this is to the writer (npm run bench, row a).
// Not product code.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { REPEAT_WINDOW_MINUTES, hourValueOf } from '../../src/shared/analytics.ts';
import type { Visit } from '../../src/server/analytics/analytics-store.ts';
import { MEMORY_BOUNDS } from '../../src/server/memory-bounds.ts';

type BareWriter = { write(visits: Visit[]): Promise<void>; close(): Promise<void> };

const WINDOW_COLUMNS = 'user_id, target, visitor_hash, day, counted_at, repeat_until, campaign, counted, fresh';
const WINDOW_DECISION = `counted = case when visitor_windows.repeat_until <= excluded.counted_at then 1 else 0 end,
  counted_at = case when visitor_windows.repeat_until <= excluded.counted_at then excluded.counted_at else visitor_windows.counted_at end,
  repeat_until = case when visitor_windows.repeat_until <= excluded.counted_at then excluded.repeat_until else visitor_windows.repeat_until end,
  fresh = case when excluded.day > visitor_windows.day then 1 else 0 end,
  day = case when excluded.day > visitor_windows.day then excluded.day else visitor_windows.day end,
  campaign = case when visitor_windows.repeat_until <= excluded.counted_at then excluded.campaign else visitor_windows.campaign end`;
/** The campaigns of the batch's clickers' views today (storeVisits' campaignsOfClickers), one row of values per clicker. */
const CLICKER_CAMPAIGNS = (rows: string) =>
  `with asked (user_id, visitor_hash, day) as (${rows})
   select w.user_id as "userId", w.visitor_hash as "visitorHash", w.campaign from visitor_windows w
   join asked on w.user_id = asked.user_id and w.target = 0 and w.visitor_hash = asked.visitor_hash and w.day = asked.day
   where w.campaign <> ''`;
const EVENT_COLUMNS = 'kind, user_id, link_id, created_at, day, referrer, source, device, visitor_hash, hits, country, browser, counted';
const ROLLUP_COLUMNS = 'user_id, day, kind, dimension, value, visits, uniques';
const ROLLUP_ADD = 'visits = analytics_daily.visits + excluded.visits, uniques = analytics_daily.uniques + excluded.uniques';

type RollupRow = [number, string, string, string, string, number, number];
type Answer = { counted: number; fresh: number };

/** A click's second window: is its visitor a new clicker today, on any link (storeVisits' ANY_LINK). */
const ANY_LINK = -1;

/** The batch's window keys, each visit's own and a click's any-link one, in key order. */
function windowsOf(visits: Visit[]): Array<{ visit: Visit; target: number }> {
  return visits
    .flatMap((visit) =>
      visit.linkId === null
        ? [{ visit, target: 0 }]
        : [
            { visit, target: visit.linkId },
            { visit, target: ANY_LINK },
          ],
    )
    .sort((a, b) => a.visit.userId - b.visit.userId || a.target - b.target || (a.visit.visitorHash < b.visit.visitorHash ? -1 : 1));
}

const keyOf = (userId: number, target: number, visitorHash: string) => `${userId} ${target} ${visitorHash}`;

/** Each visit's answer, and a click's any-link answer, from the windows' returned rows. */
function answersOf(visits: Visit[], returned: Array<{ userId: number; target: number; visitorHash: string } & Answer>) {
  const byKey = new Map(returned.map((row) => [keyOf(row.userId, row.target, row.visitorHash), row]));
  return visits.map((visit) => ({
    ...byKey.get(keyOf(visit.userId, visit.linkId ?? 0, visit.visitorHash))!,
    newClicker: visit.linkId === null ? 0 : byKey.get(keyOf(visit.userId, ANY_LINK, visit.visitorHash))!.fresh,
  }));
}

/** The clickers whose view's campaign is asked: counted clicks without a campaign of their own. */
const clickersOf = (visits: Visit[], answers: Answer[]) =>
  visits.filter((visit, index) => visit.linkId !== null && !visit.campaign && answers[index]!.counted === 1);

/** The batch's rollup rows from each visit's answer (counted, fresh, a new clicker), as storeVisits sums them. */
function rollupsOf(visits: Visit[], answers: Array<Answer & { newClicker: number }>, campaigns: Map<string, string>): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  const add = (visit: Visit, day: string, dimension: string, value: string, counted: number, fresh: number) => {
    const key = `${visit.userId} ${day} ${visit.kind} ${dimension} ${value}`;
    const row = rows.get(key);
    if (row) {
      row[5] += counted;
      row[6] += fresh;
    } else rows.set(key, [visit.userId, day, visit.kind, dimension, value, counted, fresh]);
  };
  visits.forEach((visit, index) => {
    const { counted, fresh, newClicker } = answers[index]!;
    if (counted === 0 && fresh === 0 && newClicker === 0) return;
    const day = visit.at.slice(0, 10);
    add(visit, day, 'total', '', counted, visit.linkId === null ? fresh : newClicker);
    if (visit.linkId !== null) {
      add(visit, day, 'link', String(visit.linkId), counted, fresh);
      const campaign = visit.campaign || campaigns.get(`${visit.userId} ${visit.visitorHash}`);
      if (campaign) add(visit, day, 'campaign', campaign, counted, newClicker);
    } else {
      add(visit, day, 'hour', hourValueOf(day, Number(visit.at.slice(11, 13))), counted, fresh);
      if (visit.referrerAddress) add(visit, day, 'referrer', visit.referrerAddress, counted, fresh);
      if (visit.campaign) add(visit, day, 'campaign', visit.campaign, counted, fresh);
      for (const [dimension, value] of [
        ['source', visit.source],
        ['country', visit.country],
        ['device', visit.device],
        ['browser', visit.browser],
      ] as const)
        add(visit, day, dimension, value, counted, fresh);
    }
  });
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/** The batch in the windows' key order. */
const inKeyOrder = (visits: Visit[]) =>
  [...visits].sort((a, b) => a.userId - b.userId || (a.linkId ?? 0) - (b.linkId ?? 0) || (a.visitorHash < b.visitorHash ? -1 : 1));

const repeatUntilOf = (at: string) => new Date(Date.parse(at) + REPEAT_WINDOW_MINUTES * 60_000).toISOString();

/** Rows per multi-row statement of the bare SQLite writer (SQLite takes at most 32 766 values). */
const SQLITE_ROWS = 100;

/**
 * better-sqlite3 on the same file, with the product's pragmas, in one transaction
 * per batch: visitor windows (their answers read back), raw events and rollups a
 * hundred rows per statement, each statement prepared once.
 */
export function bareSqliteWriter(file: string): BareWriter {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = -${MEMORY_BOUNDS.sqlitePageCacheKb}`);
  const statements = new Map<string, SQLite.Statement>();
  /** `rows` in statements of up to SQLITE_ROWS rows, each row `width` values; the rows the statements return. */
  const writeRows = (name: string, width: number, text: (values: string) => string, rows: unknown[][]): unknown[] => {
    const returned: unknown[] = [];
    for (let start = 0; start < rows.length; start += SQLITE_ROWS) {
      const chunk = rows.slice(start, start + SQLITE_ROWS);
      const key = `${name} ${chunk.length}`;
      let statement = statements.get(key);
      if (!statement) {
        const row = `(${Array.from({ length: width }, () => '?').join(', ')})`;
        statement = db.prepare(text(Array.from({ length: chunk.length }, () => row).join(', ')));
        statements.set(key, statement);
      }
      if (statement.reader) returned.push(...statement.all(...chunk.flat()));
      else statement.run(...chunk.flat());
    }
    return returned;
  };
  const writeBatch = db.transaction((batch: Visit[]) => {
    const visits = inKeyOrder(batch);
    const windows = writeRows(
      'windows',
      7,
      (values) =>
        `insert into visitor_windows (${WINDOW_COLUMNS}) select *, 1, 1 from (values ${values}) where true
         on conflict (user_id, target, visitor_hash) do update set ${WINDOW_DECISION}
         returning user_id as userId, target, visitor_hash as visitorHash, counted, fresh`,
      windowsOf(visits).map(({ visit, target }) => [
        visit.userId,
        target,
        visit.visitorHash,
        visit.at.slice(0, 10),
        visit.at,
        repeatUntilOf(visit.at),
        target === 0 ? visit.campaign : '',
      ]),
    ) as Array<{ userId: number; target: number; visitorHash: string } & Answer>;
    const answers = answersOf(visits, windows);
    const campaigns = new Map(
      (
        writeRows(
          'clickers',
          3,
          (values) => CLICKER_CAMPAIGNS(`values ${values}`),
          clickersOf(visits, answers).map((visit) => [visit.userId, visit.visitorHash, visit.at.slice(0, 10)]),
        ) as Array<{ userId: number; visitorHash: string; campaign: string }>
      ).map((row) => [`${row.userId} ${row.visitorHash}`, row.campaign]),
    );
    writeRows(
      'events',
      13,
      (values) => `insert into events (${EVENT_COLUMNS}) values ${values}`,
      visits.map((visit, index) => [
        visit.kind,
        visit.userId,
        visit.linkId,
        visit.at,
        visit.at.slice(0, 10),
        visit.referrer,
        visit.source,
        visit.device,
        visit.visitorHash,
        visit.hits,
        visit.country,
        visit.browser,
        answers[index]!.counted,
      ]),
    );
    writeRows(
      'rollups',
      7,
      (values) =>
        `insert into analytics_daily (${ROLLUP_COLUMNS}) values ${values}
         on conflict (user_id, day, kind, dimension, value) do update set ${ROLLUP_ADD}`,
      rollupsOf(visits, answers, campaigns),
    );
  });
  return {
    write: async (visits) => writeBatch(visits),
    close: async () => void db.close(),
  };
}

/** pg on one connection: one statement per table and batch, the rows passed as arrays (unnest), in one transaction. */
export async function barePostgresWriter(url: string, schema: string): Promise<BareWriter> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const column = <Row>(rows: Row[], pick: (row: Row) => unknown) => rows.map(pick);
  return {
    async write(batch) {
      const visits = inKeyOrder(batch);
      const keys = windowsOf(visits);
      await client.query('begin');
      try {
        const windows = await client.query<{ userId: number; target: number; visitorHash: string } & Answer>(
          `insert into visitor_windows (${WINDOW_COLUMNS})
           select *, 1, 1 from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           on conflict (user_id, target, visitor_hash) do update set ${WINDOW_DECISION}
           returning user_id as "userId", target, visitor_hash as "visitorHash", counted, fresh`,
          [
            column(keys, ({ visit }) => visit.userId),
            column(keys, ({ target }) => target),
            column(keys, ({ visit }) => visit.visitorHash),
            column(keys, ({ visit }) => visit.at.slice(0, 10)),
            column(keys, ({ visit }) => visit.at),
            column(keys, ({ visit }) => repeatUntilOf(visit.at)),
            column(keys, ({ visit, target }) => (target === 0 ? visit.campaign : '')),
          ],
        );
        const answers = answersOf(visits, windows.rows);
        const clickers = clickersOf(visits, answers);
        const campaigns = new Map<string, string>();
        if (clickers.length > 0) {
          const found = await client.query<{ userId: number; visitorHash: string; campaign: string }>(
            CLICKER_CAMPAIGNS('select * from unnest($1::int[], $2::text[], $3::text[])'),
            [
              column(clickers, (visit) => visit.userId),
              column(clickers, (visit) => visit.visitorHash),
              column(clickers, (visit) => visit.at.slice(0, 10)),
            ],
          );
          for (const row of found.rows) campaigns.set(`${row.userId} ${row.visitorHash}`, row.campaign);
        }
        await client.query(
          `insert into events (${EVENT_COLUMNS})
           select * from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::text[], $12::text[], $13::int[])`,
          [
            column(visits, (visit) => visit.kind),
            column(visits, (visit) => visit.userId),
            column(visits, (visit) => visit.linkId),
            column(visits, (visit) => visit.at),
            column(visits, (visit) => visit.at.slice(0, 10)),
            column(visits, (visit) => visit.referrer),
            column(visits, (visit) => visit.source),
            column(visits, (visit) => visit.device),
            column(visits, (visit) => visit.visitorHash),
            column(visits, (visit) => visit.hits),
            column(visits, (visit) => visit.country),
            column(visits, (visit) => visit.browser),
            answers.map((answer) => answer.counted),
          ],
        );
        const rollups = rollupsOf(visits, answers, campaigns);
        await client.query(
          `insert into analytics_daily (${ROLLUP_COLUMNS})
           select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])
           on conflict (user_id, day, kind, dimension, value) do update set ${ROLLUP_ADD}`,
          [0, 1, 2, 3, 4, 5, 6].map((index) => column(rollups, (row) => row[index])),
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
    close: () => client.end(),
  };
}
