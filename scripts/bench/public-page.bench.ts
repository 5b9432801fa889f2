// npm run bench: the public page and the click redirect against a bare node:http
// baseline, on a seeded database. Prints figures; never passes or fails.
//
//   BENCH_USERS (10000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (50)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { seedProfiles } from './seed.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const LINKS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = 3900 + Math.floor(Math.random() * 90);
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
  'accept-encoding': 'gzip, deflate, br',
  accept: 'text/html',
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-bench-'));
const database = openDatabase({ dataDir });
await migrateToLatest(database);
const seedStarted = Date.now();
const profiles = await seedProfiles(database.db, USERS, LINKS);
console.log(`seeded ${USERS} users with ${LINKS} links each in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

// BENCH_PROFILE=dir writes a CPU profile of the server there.
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const server: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
for (let tries = 0; ; tries += 1) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (tries > 300) throw new Error('the server did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

interface Figures {
  name: string;
  /** wrk's latency lines, when their p99 could not be read. */
  latencyOutput?: string;
  /** CPU time the server process spent per request, in µs: its main thread and its other threads (GC, workers). */
  cpu?: { main: number; other: number };
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number | string>;
}

// wrk (C) loads the server harder than autocannon (JS), which tops out first on
// two cores; the bench uses wrk when it is installed (apt-get install -y wrk).
const useWrk = spawnSync('wrk', ['--version']).error === undefined;

function runWrk(name: string, url: string, paths: string[], seconds: number): Figures {
  const pathsFile = path.join(dataDir, `${name.replace(/\W+/g, '-')}.paths`);
  writeFileSync(pathsFile, paths.join('\n') + '\n');
  const headerArgs = Object.entries(BROWSER_HEADERS).flatMap(([header, value]) => ['-H', `${header}: ${value}`]);
  const output = spawnSync(
    'wrk',
    ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headerArgs, '-s', 'scripts/bench/paths.lua', url, '--', pathsFile],
    { encoding: 'utf8' },
  ).stdout;
  const toMs = (text: string | undefined) => {
    const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
    if (!match) return NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(output)?.[1];
  return {
    name,
    requests,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p50: toMs(/50%\s+(\S+)/.exec(output)?.[1]),
    p99: toMs(/99%\s+(\S+)/.exec(output)?.[1]),
    ...(/99%\s+[\d.]+(us|ms|s)\b/.test(output)
      ? {}
      : { latencyOutput: /Latency Distribution[\s\S]*?99%.*/.exec(output)?.[0] ?? output.slice(0, 400) }),
    statuses: { ok: requests - failed, failed, ...(errors ? { errors } : {}) },
  };
}

/** CPU seconds a process has used so far, main thread and the rest (Linux /proc; undefined elsewhere). */
function cpuSeconds(pid: number | undefined): { main: number; other: number } | undefined {
  try {
    const ticks = (file: string) => {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };
    const total = readdirSync(`/proc/${pid}/task`).reduce((sum, task) => sum + ticks(`/proc/${pid}/task/${task}/stat`), 0);
    const main = ticks(`/proc/${pid}/task/${pid}/stat`);
    return { main, other: total - main };
  } catch {
    return undefined;
  }
}

async function run(name: string, url: string, pid: number | undefined, nextPath?: () => string): Promise<Figures> {
  const before = cpuSeconds(pid);
  const figures = await load(name, url, nextPath);
  const after = cpuSeconds(pid);
  if (before && after && figures.requests > 0) {
    const perRequest = (seconds: number) => (seconds * 1e6) / figures.requests;
    figures.cpu = { main: perRequest(after.main - before.main), other: perRequest(after.other - before.other) };
  }
  return figures;
}

async function load(name: string, url: string, nextPath?: () => string, seconds = SECONDS): Promise<Figures> {
  if (useWrk) return runWrk(name, url, nextPath ? Array.from({ length: 20_000 }, nextPath) : ['/'], seconds);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: BROWSER_HEADERS,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  const statuses = {
    '2xx': result['2xx'],
    '3xx': result['3xx'],
    '4xx': result['4xx'],
    '5xx': result['5xx'],
    errors: result.errors + result.timeouts,
  };
  return {
    name,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
  };
}

// Warm up: render and cache every page once, as a live site would have, and keep
// each page's exact answer (bytes and headers) for the bare baseline.
const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
const fetchPage = (username: string) =>
  new Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(`${base}/${username}`, { agent, headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
      })
      .on('error', reject);
  });
const answers: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];
for (let start = 0; start < profiles.length; start += 100) {
  const batch = profiles.slice(start, start + 100);
  const fetched = await Promise.all(batch.map((profile) => fetchPage(profile.username)));
  fetched.forEach((answer, index) => {
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
    answers.push({ path: `/${batch[index]!.username}`, headers, body: answer.body });
  });
}
agent.destroy();
// A few seconds of load on both paths, not measured: the JIT settles, as it has on a live server.
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const warm = (url: string, nextPath: () => string) => load('warm-up', url, nextPath, WARM_SECONDS);
await warm(base, () => `/${pick(profiles).username}`);
await warm(base, () => `/go/${pick(pick(profiles).linkIds)}`);
await new Promise((resolve) => setTimeout(resolve, 1500));
const count = async (kind: 'view' | 'click') =>
  Number(
    (
      await database.db
        .selectFrom('events')
        .select((eb) => eb.fn.sum<number>('hits').as('n'))
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).n ?? 0,
  );
const viewsBefore = await count('view');

const page = await run('GET /{username}', base, server.pid, () => `/${pick(profiles).username}`);
const clicksBefore = await count('click');
const go = await run('GET /go/{id}', base, server.pid, () => `/go/${pick(pick(profiles).linkIds)}`);

// The ceiling: a bare node:http server in its own process, like the product, that
// answers each path with that page's exact bytes and headers from a precomputed
// Buffer, over the same mix of paths. And, for reference, the same server
// answering every path with one page (one Buffer, always hot in the CPU cache).
const answersFile = path.join(dataDir, 'answers.json');
writeFileSync(answersFile, JSON.stringify(answers.map(({ path, headers, body }) => ({ path, headers, body: body.toString('base64') }))));
async function bare(name: string, mode: 'each' | 'one'): Promise<Figures> {
  const process_ = spawn(process.execPath, ['scripts/bench/bare-server.mjs', answersFile, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) =>
    process_.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  );
  await load('warm-up', `http://127.0.0.1:${port}`, () => `/${pick(profiles).username}`, WARM_SECONDS);
  const figures = await run(name, `http://127.0.0.1:${port}`, process_.pid, () => `/${pick(profiles).username}`);
  process_.kill('SIGTERM');
  return figures;
}
const baseline = await bare('bare node:http', 'each');
const onePage = await bare('bare, one page', 'one');
const pageBytes = answers.reduce((sum, answer) => sum + answer.body.length, 0) / answers.length;

// Every view and click must be in the database (written in batches, at least once a second).
await new Promise((resolve) => setTimeout(resolve, 2500));
const views = (await count('view')) - viewsBefore;
const clicks = (await count('click')) - clicksBefore;

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const row = (figures: Figures) =>
  `${figures.name.padEnd(18)} ${figures.rps.toFixed(0).padStart(8)} req/s   p50 ${figures.p50.toFixed(2).padStart(6)} ms   p99 ${figures.p99.toFixed(2).padStart(6)} ms   ${cpuColumn(figures)}   ${JSON.stringify(figures.statuses)}`;
const cpuColumn = ({ cpu }: Figures) =>
  cpu ? `cpu/req ${cpu.main.toFixed(1).padStart(5)} µs main + ${cpu.other.toFixed(1).padStart(4)} µs other` : '';
console.log(
  `\n${useWrk ? 'wrk' : 'autocannon'}: ${CONNECTIONS} connections, ${SECONDS} s each, ${USERS} profiles, pages of ${pageBytes.toFixed(0)} bytes on average (brotli)`,
);
console.log(`(a) ${row(page)}`);
console.log(`(b) ${row(go)}`);
console.log(`(c) ${row(baseline)}`);
console.log(`    ${row(onePage)}`);
for (const figures of [page, go, baseline, onePage])
  if (figures.latencyOutput) console.log(`${figures.name}: p99 unreadable in\n${figures.latencyOutput}`);
console.log(`\n(a)/(c) = ${(page.rps / baseline.rps).toFixed(2)}   (b)/(c) = ${(go.rps / baseline.rps).toFixed(2)}`);
console.log(`against the one-page server: (a) ${(page.rps / onePage.rps).toFixed(2)}   (b) ${(go.rps / onePage.rps).toFixed(2)}`);
const served = (figures: Figures) => Number(figures.statuses.ok ?? figures.statuses['2xx'] ?? 0) + Number(figures.statuses['3xx'] ?? 0);
console.log(`views recorded ${views} of ${served(page)} pages served; clicks recorded ${clicks} of ${served(go)} redirects`);
if (!useWrk) console.log('(install wrk for figures that the load generator does not limit: apt-get install -y wrk)');
