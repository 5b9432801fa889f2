// npm run bench: the public page and the click redirect, in the two deployments
// users run (facing visitors directly, and behind a reverse proxy with
// TRUST_PROXY set), each measured in the same run against the real limit: nginx
// serving the same bytes, and a bare node:http server writing them (the ceiling
// of any Node server); the page and redirect again as prefetches, which are not
// counted, so that what counting costs shows alone; then cache misses, and a database of 100 000
// profiles, with what one miss costs part by part (miss-parts.ts). Beside each
// product figure: the server's memory at the end of the run and its page cache.
// Prints figures; never passes or fails.
//
//   BENCH_USERS (10000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (50)  BENCH_WARM_SECONDS (3)
//   BENCH_LARGE_USERS (100000; 0 skips row e)  BENCH_PROFILE=dir  writes a CPU profile of the server there
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import * as esbuild from 'esbuild';
import { catalogsEsbuildPlugin } from '../catalogs.ts';
import { rawText } from '../raw-text-plugin.mjs';
import { freePort, startNodeOptions } from '../server-process.ts';
import { type Figures, cpuSeconds, ensureTool, startProduct, stop, waitFor, wrk } from './harness.ts';
import { type SeededProfile, seedProfiles } from './seed.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const LARGE_USERS = Number(process.env.BENCH_LARGE_USERS ?? 100_000);
const LINKS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
  'accept-encoding': 'gzip, deflate, br',
  accept: 'text/html',
};
/** What a TLS-terminating proxy in front adds (nginx's proxy_set_header lines, or Caddy's defaults). */
const PROXY_HEADERS = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

ensureTool('wrk', '--version', 'wrk');
ensureTool('nginx', '-v', 'nginx');
if (!readdirSync('dist/server').includes('main.js')) throw new Error('dist/server/main.js is missing: npm run build');

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-bench-'));
const database = openDatabase({ dataDir });
await migrateToLatest(database);
const seedStarted = Date.now();
const profiles = await seedProfiles(database.db, USERS, LINKS, 0);
// Beside the plain pages, a tenth as many with blocks (issue 30): 5 links, 2 headers, a text block and 2 embeds each. The warm
// runs give the cache 128 MB, so that it holds every page of both (10 000 plain pages alone nearly fill the default
// 64 MB): they measure hits; the budget's misses are rows (d) and (e).
const BLOCK_USERS = Math.max(1, Math.round(USERS / 10));
const blockProfiles = await seedProfiles(database.db, BLOCK_USERS, LINKS, 0, 'blocks');
// As many again whose links name their audience: a page drawn per device class and country group.
const audienceProfiles = await seedProfiles(database.db, BLOCK_USERS, LINKS, 0, 'audience');
const everyProfile = [...profiles, ...blockProfiles, ...audienceProfiles];
console.log(
  `seeded ${USERS} users with ${LINKS} links each and ${BLOCK_USERS} with 5 links, 2 headers, a text and 2 embeds, and as many again with links for phones and for North America, in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** Load one server over a random mix of paths: a few seconds unmeasured (the JIT settles), then measured. */
function measure(
  name: string,
  url: string,
  nextPath: () => string,
  headers: Record<string, string>,
  pid?: number,
  pathCount = 20_000,
): Figures {
  // wrk draws from this list: it must be long enough that every profile can come up (row e).
  const paths = Array.from({ length: pathCount }, nextPath);
  const warmUp = wrk(dataDir, CONNECTIONS, 'warm-up', url, paths, headers, WARM_SECONDS);
  const before = cpuSeconds(pid);
  const figures = wrk(dataDir, CONNECTIONS, name, url, paths, headers, SECONDS);
  figures.warmUpServed = warmUp.statuses.ok;
  const after = cpuSeconds(pid);
  if (before && after && figures.requests > 0) {
    const perRequest = (seconds: number) => (seconds * 1e6) / figures.requests;
    figures.cpu = { main: perRequest(after.main - before.main), other: perRequest(after.other - before.other) };
  }
  return figures;
}

interface Answer {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request's answer, kept whole (bytes and headers). */
function fetchRaw(url: string, headers: Record<string, string>, agent: http.Agent): Promise<Answer & { status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * Fetch every page (the cache is warm, as on a live site) and keep each page's
 * exact answer: three times, since a page is kept in its smaller brotli form
 * once visited again (decision 010), and that form is what most visits get.
 */
async function warmPages(base: string, headers: Record<string, string>): Promise<Map<string, Answer>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const answers = new Map<string, Answer>();
  for (const pass of [1, 2, 3]) {
    for (let start = 0; start < everyProfile.length; start += 100) {
      const batch = everyProfile.slice(start, start + 100);
      const fetched = await Promise.all(batch.map((profile) => fetchRaw(`${base}/${profile.username}`, headers, agent)));
      fetched.forEach((answer, index) => answers.set(batch[index]!.username, answer));
    }
    if (pass === 2) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const redirect = await fetchRaw(`${base}/go/${profiles[0]!.links[0]!.id}`, headers, agent);
  answers.set('go', redirect);
  agent.destroy();
  return answers;
}

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

/** Headers nginx adds itself, or that describe one answer only. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'etag',
  'content-type',
  'location',
  'transfer-encoding',
]);
const nginxQuote = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
const addHeaders = (headers: http.IncomingHttpHeaders) =>
  Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name))
    .map(([name, value]) => `add_header ${name} ${nginxQuote(String(value))} always;`)
    .join(' ');

/**
 * nginx (1 worker) serving exactly the product's bytes: each page's compressed
 * body from a file with the same headers, and each link's redirect from a map.
 */
async function startNginx(answers: Map<string, Answer>, label: string): Promise<{ base: string; process: ChildProcess }> {
  const root = path.join(dataDir, `nginx-${label}`);
  mkdirSync(path.join(root, 'pages'), { recursive: true });
  const sample = answers.get(profiles[0]!.username)!;
  for (const profile of everyProfile) writeFileSync(path.join(root, 'pages', profile.username), answers.get(profile.username)!.body);
  const targets = everyProfile.flatMap((profile: SeededProfile) => profile.links.map(({ id, url }) => `/go/${id} ${nginxQuote(url)};`));
  const port = freePort();
  const config = `worker_processes 1; daemon off; user root; pid ${root}/nginx.pid; error_log ${root}/error.log warn;
events { worker_connections 4096; }
http {
  map_hash_max_size 262144; map_hash_bucket_size 256;
  access_log off; sendfile on; tcp_nopush on; tcp_nodelay on; keepalive_requests 1000000; server_tokens off;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp; uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  map $uri $target { ${targets.join(' ')} }
  server {
    listen 127.0.0.1:${port};
    root ${root}/pages;
    location /go/ { ${addHeaders(answers.get('go')!.headers)} if ($target = "") { return 404; } return 302 $target; }
    location / { default_type ${nginxQuote(String(sample.headers['content-type']))}; ${addHeaders(sample.headers)} try_files $uri =404; }
  }
}`;
  mkdirSync(path.join(root, 'tmp'), { recursive: true });
  writeFileSync(path.join(root, 'nginx.conf'), config);
  const child = spawn('nginx', ['-c', path.join(root, 'nginx.conf'), '-p', root], { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/${profiles[0]!.username}`);
  const check = await fetchRaw(`${base}/${profiles[0]!.username}`, BROWSER_HEADERS, new http.Agent());
  if (!check.body.equals(sample.body)) throw new Error('nginx does not serve the same bytes');
  return { base, process: child };
}

/** A bare node:http server answering each page's and redirect's exact bytes and headers: the ceiling of any Node server here. */
async function startBare(answers: Map<string, Answer>): Promise<{ base: string; process: ChildProcess }> {
  const answersFile = path.join(dataDir, 'answers.json');
  const keep = ({ date: _date, connection: _connection, 'keep-alive': _keepAlive, ...kept }: http.IncomingHttpHeaders) => kept;
  const redirect = answers.get('go')!;
  const list = everyProfile.flatMap((profile) => {
    const { headers, body } = answers.get(profile.username)!;
    return [
      { path: `/${profile.username}`, headers: keep(headers), body: body.toString('base64') },
      ...profile.links.map(({ id, url }) => ({
        path: `/go/${id}`,
        status: 302,
        headers: { ...keep(redirect.headers), location: url },
        body: '',
      })),
    ];
  });
  writeFileSync(answersFile, JSON.stringify(list));
  const child = spawn(process.execPath, ['scripts/bench/bare-server.mjs', answersFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))));
  return { base: `http://127.0.0.1:${port}`, process: child };
}

interface ModeResult {
  mode: string;
  page: Figures;
  go: Figures;
  nginxPage: Figures;
  nginxGo: Figures;
  /** The pages with blocks, and nginx serving their bytes. */
  blocksPage: Figures;
  nginxBlocksPage: Figures;
  /** The pages whose links name their audience, and nginx serving the drawing this run's visitor gets. */
  audiencePage: Figures;
  nginxAudiencePage: Figures;
  /** Drawings per audience page once four kinds of visitor (phone or computer, in the US or Germany) came. */
  variantsPerAudiencePage: number;
  /** The same page and redirect asked as a prefetch, which is never counted: what counting costs, measured alone (issue 50 §8). */
  uncounted: { page: Figures; go: Figures };
  /** A bare node:http server writing the same bytes: the ceiling of any Node server here. */
  bare: { page: Figures; go: Figures };
  views: { recorded: number; served: number };
  clicks: { recorded: number; served: number };
  pageBytes: number;
  blocksPageBytes: number;
}

const pagePath = () => `/${pick(profiles).username}`;
const goPath = () => `/go/${pick(pick(profiles).links).id}`;
const blocksPagePath = () => `/${pick(blockProfiles).username}`;
const audiencePagePath = () => `/${pick(audienceProfiles).username}`;

/** Visitors of four groups: a phone and a computer, in the US (8.8.8.8) and in Germany (85.214.132.117). */
const AUDIENCE_VISITORS = [
  { 'user-agent': BROWSER_HEADERS['user-agent'], 'x-forwarded-for': '8.8.8.8' },
  { 'user-agent': BROWSER_HEADERS['user-agent'], 'x-forwarded-for': '85.214.132.117' },
  {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    'x-forwarded-for': '8.8.8.8',
  },
  {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    'x-forwarded-for': '85.214.132.117',
  },
];

/** Every audience page visited by each of the four visitors: the drawings the cache then holds, per page. */
async function countVariants(product: Awaited<ReturnType<typeof startProduct>>, headers: Record<string, string>): Promise<number> {
  const before = (await product.memory()).pageCache.pages;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  for (const visitor of AUDIENCE_VISITORS) {
    for (let start = 0; start < audienceProfiles.length; start += 100) {
      const batch = audienceProfiles.slice(start, start + 100);
      await Promise.all(batch.map((profile) => fetchRaw(`${product.base}/${profile.username}`, { ...headers, ...visitor }, agent)));
    }
  }
  agent.destroy();
  // Each page held its entry and this run's visitor's drawing before; the new entries are drawings too.
  return 1 + ((await product.memory()).pageCache.pages - before) / audienceProfiles.length;
}

async function runMode(mode: string, env: Record<string, string>, requestHeaders: Record<string, string>): Promise<ModeResult> {
  const product = await startProduct(dataDir, { PAGE_CACHE_MB: '128', ...env });
  const answers = await warmPages(product.base, requestHeaders);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const viewsBefore = await count('view');
  const page = measure(`page (${mode})`, product.base, pagePath, requestHeaders, product.process.pid);
  const blocksPage = measure(`page with blocks (${mode})`, product.base, blocksPagePath, requestHeaders, product.process.pid);
  const audiencePage = measure(`page with audiences (${mode})`, product.base, audiencePagePath, requestHeaders, product.process.pid);
  const clicksBefore = await count('click');
  const go = measure(`redirect (${mode})`, product.base, goPath, requestHeaders, product.process.pid);
  go.memory = await product.memory();
  // Sec-Purpose: prefetch takes the same path to the same bytes, and is not counted (a browser's guess is no visit).
  const prefetch = { ...requestHeaders, 'Sec-Purpose': 'prefetch' };
  const uncounted = {
    page: measure(`page, not counted (${mode})`, product.base, pagePath, prefetch, product.process.pid),
    go: measure(`redirect, not counted (${mode})`, product.base, goPath, prefetch, product.process.pid),
  };
  const variantsPerAudiencePage = await countVariants(product, requestHeaders);
  // Every view and click must reach the database (written at least once a second, and on shutdown).
  await stop(product.process);
  const views = {
    recorded: (await count('view')) - viewsBefore,
    served: [page, blocksPage, audiencePage].reduce((sum, figures) => sum + figures.statuses.ok + (figures.warmUpServed ?? 0), 0),
  };
  const clicks = { recorded: (await count('click')) - clicksBefore, served: go.statuses.ok + (go.warmUpServed ?? 0) };

  const nginx = await startNginx(answers, mode.replace(/\W+/g, '-'));
  // (nginx works in a child of the process we hold: no CPU column for it.)
  const nginxPage = measure(`nginx page (${mode})`, nginx.base, pagePath, requestHeaders);
  const nginxBlocksPage = measure(`nginx page with blocks (${mode})`, nginx.base, blocksPagePath, requestHeaders);
  const nginxAudiencePage = measure(`nginx page with audiences (${mode})`, nginx.base, audiencePagePath, requestHeaders);
  const nginxGo = measure(`nginx redirect (${mode})`, nginx.base, goPath, requestHeaders);
  await stop(nginx.process);

  // In both deployments: behind the proxy it reads the same forwarded headers, and ignores them.
  const bareServer = await startBare(answers);
  const bare = {
    page: measure(`bare node:http page (${mode})`, bareServer.base, pagePath, requestHeaders, bareServer.process.pid),
    go: measure(`bare node:http redirect (${mode})`, bareServer.base, goPath, requestHeaders, bareServer.process.pid),
  };
  await stop(bareServer.process);
  const pageBytes = profiles.reduce((sum, profile) => sum + answers.get(profile.username)!.body.length, 0) / profiles.length;
  const blocksPageBytes =
    blockProfiles.reduce((sum, profile) => sum + answers.get(profile.username)!.body.length, 0) / blockProfiles.length;
  return {
    mode,
    page,
    go,
    nginxPage,
    nginxGo,
    blocksPage,
    nginxBlocksPage,
    audiencePage,
    nginxAudiencePage,
    variantsPerAudiencePage,
    uncounted,
    bare,
    views,
    clicks,
    pageBytes,
    blocksPageBytes,
  };
}

/** Pages over `users` with the given cache budget, the cache empty at the start: misses render, compress and store. */
async function runMisses(name: string, pageCacheMb: number | undefined, users: readonly SeededProfile[]): Promise<Figures> {
  const product = await startProduct(dataDir, { PAGE_CACHE_MB: pageCacheMb === undefined ? '' : String(pageCacheMb) });
  const figures = measure(
    name,
    product.base,
    () => `/${pick(users).username}`,
    BROWSER_HEADERS,
    product.process.pid,
    Math.max(20_000, 2 * users.length),
  );
  figures.memory = await product.memory();
  await stop(product.process);
  return figures;
}

const results = [
  await runMode('direct', {}, BROWSER_HEADERS),
  // Behind a proxy, as deployed: PUBLIC_URL names the site, so custom domains are on and the fast path checks each Host.
  await runMode(
    'behind proxy',
    { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://links.bench.test' },
    { ...BROWSER_HEADERS, ...PROXY_HEADERS },
  ),
];
const direct = results[0]!;
// (d) A cache budget of half the pages (a page costs its brotli bytes and about 450 bytes of entry): most visits miss.
const halfBudgetMb = ((USERS / 2) * (direct.pageBytes + 450)) / (1024 * 1024);
const misses = [
  await runMisses('(d) cache holds half', halfBudgetMb, profiles),
  await runMisses('(d) every visit a miss', 0.001, profiles),
];
// What one miss costs before HTTP, part by part, on the same database (miss-parts.ts), bundled as the server is
// (its catalogs compiled, its stylesheet as text), next to node_modules so that its packages resolve.
const missPartsFile = path.resolve('node_modules/.cache/linkverse-bench/miss-parts.mjs');
await esbuild.build({
  entryPoints: ['scripts/bench/miss-parts.ts'],
  outfile: missPartsFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  jsx: 'automatic',
  logLevel: 'warning',
  plugins: [rawText, catalogsEsbuildPlugin()],
});
// Production, as npm start runs: the bundle's imports of React are hoisted above anything the script could set.
const missPartsRun = spawnSync(process.execPath, [...startNodeOptions(), missPartsFile, dataDir], {
  env: { ...process.env, NODE_ENV: 'production' },
  encoding: 'utf8',
});
const missParts = JSON.parse(missPartsRun.stdout.trim().split('\n').at(-1) ?? 'null') as Record<
  'load' | 'render' | 'compress',
  number
> | null;
if (!missParts) console.error(missPartsRun.stderr);
// (e) 100 000 profiles in the database, the default budget.
let large: Figures | undefined;
if (LARGE_USERS > USERS) {
  const seeded = Date.now();
  const more = await seedProfiles(database.db, LARGE_USERS - USERS, LINKS, USERS);
  console.log(`seeded ${LARGE_USERS - USERS} more users in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  large = await runMisses(`(e) ${LARGE_USERS} profiles`, undefined, [...profiles, ...more]);
}
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const MB = 1024 * 1024;
const memoryColumn = ({ memory }: Figures) =>
  memory
    ? `rss ${(memory.rss / MB).toFixed(0)} MB${memory.rssAnon === undefined ? '' : ` (${(memory.rssAnon / MB).toFixed(0)} MB without node's own binary and libraries)`}, heap ${(memory.heapUsed / MB).toFixed(0)} MB, cache ${(memory.pageCache.bytes / MB).toFixed(1)} MB in ${memory.pageCache.pages} pages + ${memory.pageCache.redirects} redirects`
    : '';
const cpuColumn = ({ cpu }: Figures) =>
  cpu ? `cpu/req ${cpu.main.toFixed(1).padStart(5)} µs + ${cpu.other.toFixed(1).padStart(4)} µs` : '';
const row = (figures: Figures) =>
  `  ${figures.name.padEnd(28)} ${figures.rps.toFixed(0).padStart(7)} req/s   p50 ${figures.p50.toFixed(2).padStart(5)} ms   p99 ${figures.p99.toFixed(2).padStart(5)} ms   ${cpuColumn(figures)}   ${JSON.stringify(figures.statuses)}${figures.memory ? `\n  ${''.padEnd(28)} ${memoryColumn(figures)}` : ''}${figures.latencyOutput ? `\n${figures.latencyOutput}` : ''}`;
const ratio = (ours: Figures, limit: Figures) =>
  `${(ours.rps / limit.rps).toFixed(2)} x nginx's throughput, p99 ${(ours.p99 / limit.p99).toFixed(2)} x nginx's p99`;

console.log(
  `\nwrk -t1 -c${CONNECTIONS}, ${SECONDS} s each after ${WARM_SECONDS} s of warm-up, ${USERS} profiles of ${LINKS} links, pages of ${direct.pageBytes.toFixed(0)} bytes (brotli); nginx: 1 worker, the same bytes`,
);
for (const result of results) {
  console.log(
    `\n${result.mode}${result.mode === 'direct' ? '' : ' (TRUST_PROXY=127.0.0.1, PUBLIC_URL set, X-Forwarded-For and -Proto on every request)'}`,
  );
  for (const figures of [
    result.page,
    result.nginxPage,
    result.blocksPage,
    result.nginxBlocksPage,
    result.audiencePage,
    result.nginxAudiencePage,
    result.go,
    result.nginxGo,
  ]) {
    console.log(row(figures));
  }
  for (const figures of [result.uncounted.page, result.uncounted.go, result.bare.page, result.bare.go]) console.log(row(figures));
  console.log(`  page:     ${ratio(result.page, result.nginxPage)}`);
  console.log(
    `  page with blocks (${result.blocksPageBytes.toFixed(0)} bytes): ${ratio(result.blocksPage, result.nginxBlocksPage)}; the plain page's ratio × ${(result.blocksPage.rps / result.nginxBlocksPage.rps / (result.page.rps / result.nginxPage.rps)).toFixed(2)}`,
  );
  console.log(
    `  page with audiences: ${ratio(result.audiencePage, result.nginxAudiencePage)}; the plain page's ratio × ${(result.audiencePage.rps / result.nginxAudiencePage.rps / (result.page.rps / result.nginxPage.rps)).toFixed(2)}; ${result.variantsPerAudiencePage.toFixed(2)} drawings per page cached once a phone and a computer came from the US and from Germany${result.mode === 'direct' ? ' (direct: both from this machine, placed nowhere)' : ''}`,
  );
  console.log(`  redirect: ${ratio(result.go, result.nginxGo)}`);
  console.log(`  bare node:http page:     ${ratio(result.bare.page, result.nginxPage)}`);
  console.log(`  bare node:http redirect: ${ratio(result.bare.go, result.nginxGo)}`);
  // Issue 50 §8's measure: the product beside the bare Node server, counted and not.
  for (const [what, counted, uncounted, bare] of [
    ['page', result.page, result.uncounted.page, result.bare.page],
    ['redirect', result.go, result.uncounted.go, result.bare.go],
  ] as const) {
    console.log(
      `  ${what} beside bare node:http: ${(counted.rps / bare.rps).toFixed(2)} x its throughput, p99 ${(counted.p99 / bare.p99).toFixed(2)} x its p99; not counted ${(uncounted.rps / bare.rps).toFixed(2)} x, p99 ${(uncounted.p99 / bare.p99).toFixed(2)} x${counted.cpu && uncounted.cpu ? `; counting costs ${(counted.cpu.main - uncounted.cpu.main).toFixed(1)} µs on the main thread and ${(counted.cpu.other - uncounted.cpu.other).toFixed(1)} µs on others per request` : ''}`,
    );
  }
  console.log(
    `  views recorded ${result.views.recorded} of ${result.views.served} pages served; clicks recorded ${result.clicks.recorded} of ${result.clicks.served} redirects served (wrk does not count the answers in flight when it stops)`,
  );
}
console.log(`\ncache misses (pages, compared with nginx serving every page from files, direct)`);
for (const figures of [...misses, ...(large ? [large] : [])]) {
  console.log(row(figures));
  console.log(`  ${''.padEnd(28)} ${ratio(figures, direct.nginxPage)}`);
}
if (missParts) {
  const { load, render, compress } = missParts;
  console.log(
    `  one miss before HTTP, in a process of its own: database ${load.toFixed(0)} µs + ProfileView ${render.toFixed(0)} µs + compress and keep ${compress.toFixed(0)} µs = ${(load + render + compress).toFixed(0)} µs of CPU; 0.15 x nginx's throughput (${(0.15 * direct.nginxPage.rps).toFixed(0)} misses/s) leaves ${(1e6 / (0.15 * direct.nginxPage.rps)).toFixed(0)} µs per miss on one core, HTTP included`,
  );
}
