// npm run bench (second part): analytics on both databases. Prints figures; never passes or fails.
//  (a) ingestion: visits per second stored with their windows, raw events and daily rollups
//      (storeVisits, the code the writer runs), when every visit is a new visitor of a random
//      profile (the worst case) and when visits go to a hundred popular profiles, each beside
//      its ceiling measured in the same run: the bare driver writing the same rows
//      (bare-analytics-writer.ts), as nginx is the public page's;
//  (c) Business's premium calls: 90 and 365 days and all time, with the comparison, campaigns, full referrers and the heat map;
//  (b) the 90-day analytics call (GET /api/me/analytics?days=90's work: rollups of 180 days,
//      links, total views) for random profiles, on a database holding BENCH_EVENTS raw events
//      across BENCH_USERS profiles, seeded in SQL (not through HTTP), with their rollups.
//   BENCH_EVENTS (10000000)  BENCH_USERS (10000)  BENCH_CALLS (500)  BENCH_BATCH (both 500 and 20 000 visits, the recorder's largest batch, when unset)
//   BENCH_DATABASE_URL: PostgreSQL (default postgres://postgres@127.0.0.1:5432/test when it answers; a schema of its own, dropped after)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Visit, storeVisits } from '../../src/server/analytics/analytics-store.ts';
import { analyticsOf } from '../../src/server/analytics/analytics.service.ts';
import { campaignValueOf } from '../../src/shared/analytics.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { LOCAL_POSTGRES_URL, canConnect } from '../services.mjs';
import { barePostgresWriter, bareSqliteWriter } from './bare-analytics-writer.ts';
import { MEMORY_BOUNDS } from '../../src/server/memory-bounds.ts';
import { seedProfiles } from './seed.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const LINKS = 8;
/**
 * Visits per batch: one a second on a quiet site (500 here), and the recorder's
 * largest window (MEMORY_BOUNDS.windowVisitors), which is what it writes under
 * sustained load: while one batch is written the next window grows.
 */
const BATCH_SIZES = process.env.BENCH_BATCH ? [Number(process.env.BENCH_BATCH)] : [500, MEMORY_BOUNDS.windowVisitors];
/** Batches of a size: about 50 000 visits, and at least ten batches. */
const batchesOf = (size: number) => Math.max(10, Math.round(50_000 / size));

const postgresUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Batches of `size` visits, every one a new visitor of one of `targets` (label keeps runs apart). */
function newVisitors(label: string, targets: number[], size: number): Visit[][] {
  const now = Date.now();
  return Array.from({ length: batchesOf(size) }, (_, batch) =>
    Array.from({ length: size }, (_, index): Visit => {
      const userId = targets[Math.floor(Math.random() * targets.length)]!;
      const click = index % 3 === 0;
      return {
        kind: click ? 'click' : 'view',
        userId,
        linkId: click ? (userId - 1) * LINKS + 1 + (index % LINKS) : null,
        at: new Date(now + batch).toISOString(),
        referrer: null,
        source: ['Instagram', 'Direct', 'TikTok', 'Google', 'news.example.org'][index % 5]!,
        // A full referring address for the referred visits; a campaign for one view in ten.
        referrerAddress: index % 5 === 4 ? 'news.example.org/2026/11/links' : '',
        campaign: index % 10 === 1 ? campaignValueOf('newsletter', 'email', 'black-friday') : '',
        country: ['US', 'GB', 'DE', 'FR', 'BR', 'IN'][index % 6]!,
        device: ['mobile', 'desktop', 'tablet'][index % 3]!,
        browser: ['Mobile Safari', 'Chrome', 'Firefox', 'Instagram'][index % 4]!,
        inApp: index % 4 === 3 ? 'Instagram' : '',
        visitorHash: `${label}-${batch}-${index}-${randomBytes(12).toString('base64url')}`,
        hits: 1,
      };
    }),
  );
}

/**
 * Visits per second of two writers taking turns, batch by batch, so that both
 * meet tables of the same size (they grow with every new visitor).
 */
async function ingestion(
  batches: [Visit[][], Visit[][]],
  writers: [(visits: Visit[]) => Promise<void>, (visits: Visit[]) => Promise<void>],
): Promise<[number, number]> {
  const elapsed = [0, 0];
  const visits = batches[0].flat().length;
  for (let batch = 0; batch < batches[0].length; batch += 1) {
    for (const turn of [0, 1] as const) {
      const started = performance.now();
      await writers[turn](batches[turn][batch]!);
      elapsed[turn]! += performance.now() - started;
    }
  }
  return [visits / (elapsed[0]! / 1000), visits / (elapsed[1]! / 1000)];
}

const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en-US')} visits/s`;

/**
 * Row (a): the product's writer (storeVisits) and the bare driver writing the
 * same rows (bare-analytics-writer.ts), each on a database of its own seeded
 * alike (sharing one, each would find the other's writes had emptied its page
 * cache), taking turns batch by batch, when every visit is a new visitor of a
 * random profile (the worst case) and of one of a hundred popular profiles.
 * Each figure beside its ceiling.
 */
async function ingestionRow(label: string, database: DatabaseHandle, bare: { write(visits: Visit[]): Promise<void> }, userIds: number[]) {
  const figures: string[] = [];
  for (const size of BATCH_SIZES) {
    for (const [name, targets] of [
      ['every visit a new visitor of a random profile', userIds],
      ['new visitors of 100 popular profiles', userIds.slice(0, 100)],
    ] as const) {
      const [product, ceiling] = await ingestion(
        [newVisitors(`${size}-${name}-product`, targets, size), newVisitors(`${size}-${name}-bare`, targets, size)],
        [(visits) => storeVisits(database.db, visits), (visits) => bare.write(visits)],
      );
      const figure = `${perSecond(product)} (bare driver ${perSecond(ceiling)}, ${(product / ceiling).toFixed(2)} x) ${name}, batches of ${size.toLocaleString('en-US')}`;
      console.log(`${label}: (a) ingestion ${figure}`);
      figures.push(figure);
    }
  }
  return figures;
}

/** BENCH_EVENTS raw events over the last 90 days across every profile, then their rollups, all in SQL. */
async function seedEvents(database: DatabaseHandle, firstUserId: number): Promise<void> {
  const { db, dialect } = database;
  const pg = dialect === 'postgres';
  // What separates a campaign's three values (campaignValueOf).
  const unitSeparator = pg ? sql`chr(31)` : sql`char(31)`;
  const numbers = pg
    ? sql`select n::bigint as n from generate_series(1, ${EVENTS}) as n`
    : sql`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${EVENTS}) select n from seq`;
  // Each profile gets EVENTS / USERS events spread over 90 days; a multiplicative hash of n picks
  // each event's link, source, country, device and browser independently of the others.
  const hash = sql`((n * 2654435761) % 4294967296)`;
  const ago = sql`((n / ${USERS}) % 90)`;
  const day = pg ? sql`to_char(current_date - ${ago}::int, 'YYYY-MM-DD')` : sql`date('now', '-' || ${ago} || ' days')`;
  const user = sql`(${firstUserId} + n % ${USERS})`;
  let salt = 1;
  const pick = (values: string[]) => {
    const divisor = salt;
    salt *= values.length;
    return sql.raw(
      `(case (${'((n * 2654435761) % 4294967296)'} / ${divisor}) % ${values.length} ${values.map((value, index) => `when ${index} then '${value}'`).join(' ')} end)`,
    );
  };
  const linkOffset = sql`(${hash} / 7) % ${LINKS}`;
  salt = 7 * LINKS;
  await sql`
    insert into events (kind, user_id, link_id, created_at, day, referrer, source, device, visitor_hash, hits, country, browser, counted)
    select case when ${hash} % 7 < 2 then 'click' else 'view' end, ${user},
      case when ${hash} % 7 < 2 then (${user} - ${firstUserId}) * ${LINKS} + 1 + ${linkOffset} else null end,
      ${day} || 'T' || ${pg ? sql`lpad(((${hash} / 13) % 24)::text, 2, '0')` : sql`printf('%02d', (${hash} / 13) % 24)`} || ':00:00.000Z', ${day}, null,
      ${pick(['Instagram', 'Direct', 'TikTok', 'Google', 'YouTube', 'news.example.org', 'X/Twitter'])},
      ${pick(['mobile', 'mobile', 'desktop', 'tablet'])},
      ${pg ? sql`md5(n::text)` : sql`hex(n)`}, 1,
      ${pick(['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'CA', 'PT', ''])},
      ${pick(['Mobile Safari', 'Chrome', 'Firefox', 'Instagram', 'Edge'])}, 1
    from (${numbers}) as numbers
  `.execute(db);
  for (const [dimension, value, where] of [
    ['total', sql`''`, sql`1 = 1`],
    ['link', sql`cast(link_id as text)`, sql`link_id is not null`],
    ['source', sql`source`, sql`kind = 'view'`],
    ['country', sql`country`, sql`kind = 'view'`],
    ['device', sql`device`, sql`kind = 'view'`],
    ['browser', sql`browser`, sql`kind = 'view'`],
    // Premium analytics' rows (issue 52 §2): hours (weekday and hour), full referrers, and campaigns for one visit in ten.
    [
      'hour',
      sql`${pg ? sql`((extract(dow from day::date)::int + 6) % 7)::text` : sql`cast((cast(strftime('%w', day) as integer) + 6) % 7 as text)`} || ' ' || substr(created_at, 12, 2)`,
      sql`kind = 'view'`,
    ],
    ['referrer', sql`'news.example.org/story/' || cast(id % 20 as text)`, sql`kind = 'view' and source = 'news.example.org'`],
    [
      'campaign',
      sql`'newsletter' || ${unitSeparator} || 'email' || ${unitSeparator} || 'issue-' || cast(id % 8 as text)`,
      sql`id % 10 = 1`,
    ],
  ] as const) {
    await sql`
      insert into analytics_daily (user_id, day, kind, dimension, value, visits, uniques)
      select user_id, day, kind, ${sql.lit(dimension)}, ${value}, count(*), count(*)
      from events where ${where}
      group by 1, 2, 3, 4, 5
    `.execute(db);
  }
  // What autovacuum does after a large insert (it also marks pages all-visible, for index-only scans).
  await sql`${sql.raw(pg ? 'vacuum analyze' : 'analyze')}`.execute(db);
  // The seed's dirty pages written out now, not by the checkpointer during the calls measured (a settled database).
  if (pg) await sql`checkpoint`.execute(db);
}

async function run(label: string, database: DatabaseHandle, schema?: string): Promise<string[]> {
  await migrateToLatest(database, schema);
  let started = performance.now();
  const profiles = await seedProfiles(database.db, USERS, LINKS, 0);
  const users = await database.db.selectFrom('users').select('id').orderBy('id').execute();
  const userIds = users.map((row) => row.id);
  console.log(`${label}: seeded ${profiles.length} profiles in ${seconds(started)} s`);

  // The bare driver's database: a copy of the seeded one (SQLite), or a schema of its own seeded alike (PostgreSQL).
  let bare: Awaited<ReturnType<typeof barePostgresWriter>>;
  let dropBare = async () => {};
  if (database.sqliteFile) {
    const copy = path.join(path.dirname(database.sqliteFile), 'bare.sqlite');
    await sql`vacuum into ${copy}`.execute(database.db);
    bare = bareSqliteWriter(copy);
  } else {
    const bareSchema = `${schema}_bare`;
    const seeded = openDatabase({ dataDir, databaseUrl: postgresUrl, databaseSchema: bareSchema });
    await migrateToLatest(seeded, bareSchema);
    await seedProfiles(seeded.db, USERS, LINKS, 0);
    const sameIds = await seeded.db.selectFrom('users').select('id').orderBy('id').execute();
    if (sameIds.some((row, index) => row.id !== userIds[index])) throw new Error('the bare schema was seeded with other ids');
    await seeded.close();
    bare = await barePostgresWriter(postgresUrl, bareSchema);
    dropBare = async () => void (await sql`drop schema if exists ${sql.id(bareSchema)} cascade`.execute(database.db));
  }
  const ingested = await ingestionRow(label, database, bare, userIds);
  await bare.close();
  await dropBare();
  await database.db.deleteFrom('events').execute();
  await database.db.deleteFrom('analyticsDaily').execute();

  started = performance.now();
  await seedEvents(database, userIds[0]!);
  const rollups = await database.db
    .selectFrom('analyticsDaily')
    .select((eb) => eb.fn.countAll<number>().as('rows'))
    .executeTakeFirstOrThrow();
  console.log(
    `${label}: seeded ${EVENTS.toLocaleString('en-US')} events and ${Number(rollups.rows).toLocaleString('en-US')} rollup rows in ${seconds(started)} s`,
  );

  const owners = await database.db.selectFrom('users').selectAll().execute();
  // (b) the 90-day call as Pro makes it; (c) Business's premium calls (issue 52 §2): the comparison, over 90 and 365 days.
  const calls: Array<[string, 90 | 365 | 'all', { advanced: boolean; premium: boolean }]> = [
    ['(b) 90-day analytics call', 90, { advanced: true, premium: false }],
    ['(c) 90-day premium call (every figure beside the period before)', 90, { advanced: true, premium: true }],
    ['(c) 365-day premium call', 365, { advanced: true, premium: true }],
    // The seeded events span 90 days: all time reads those, and the first day's lookup.
    ['(c) all-time premium call (campaigns, referrers, heat map)', 'all', { advanced: true, premium: true }],
  ];
  const lines: string[] = [];
  for (const [name, days, depth] of calls) {
    const timings: number[] = [];
    for (let call = 0; call < CALLS + 20; call += 1) {
      const owner = owners[Math.floor(Math.random() * owners.length)]!;
      const start = performance.now();
      const report = await analyticsOf(database.db, owner, days, depth);
      if (call >= 20) timings.push(performance.now() - start);
      if (report.dailyVisits.length !== report.days || (days !== 'all' && report.days !== days))
        throw new Error('the report lost its days');
      if (depth.premium && report.heatMap === null) throw new Error('the premium report lost its heat map');
    }
    timings.sort((a, b) => a - b);
    const line = `${label}: ${name}, ${CALLS} random profiles: p50 ${percentile(timings, 50).toFixed(2)} ms, p99 ${percentile(timings, 99).toFixed(2)} ms`;
    console.log(line);
    lines.push(line);
  }
  return [...ingested.map((figure) => `${label}: (a) ${figure}`), ...lines];
}

const summary: string[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-analytics-bench-'));
try {
  const sqlite = openDatabase({ dataDir });
  summary.push(...(await run('SQLite', sqlite)));
  await sqlite.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (await canConnect(postgresUrl)) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const postgres = openDatabase({ dataDir, databaseUrl: postgresUrl, databaseSchema: schema });
  try {
    summary.push(...(await run('PostgreSQL', postgres, schema)));
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(postgres.db);
    await postgres.close();
  }
} else {
  console.log(`PostgreSQL: not measured (nothing answers at ${postgresUrl}; set BENCH_DATABASE_URL)`);
}
console.log(
  `\nAnalytics (${EVENTS.toLocaleString('en-US')} events, ${USERS.toLocaleString('en-US')} profiles):\n  ${summary.join('\n  ')}`,
);
