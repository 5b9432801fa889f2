// npm run bench (fourth part): one account's worst inputs, and how long everyone
// else waits meanwhile (issue 51 §4). The compiled server on a fresh data folder;
// while each path's worst input is under way, another client asks /healthz every
// 10 ms. Printed beside each: /healthz's median and slowest answer then, and
// when the server was idle (its ceiling, measured in the same run), and what the
// heavy request got, and the server's own longest event-loop delay meanwhile
// (Node's, read from /metrics: the figure the rule is about, free of this
// client's own pauses). The rule is that no request holds the event loop for
// more than about 50 ms. Prints figures; never passes or fails.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CUSTOM_CSS_MAX_LENGTH } from '../../src/shared/customization.ts';
import { deeplyNested, largestPageFile } from '../heavy-inputs.ts';
import { startProduct, stop } from './harness.ts';

interface Answer {
  status: number;
  body: string;
  ms: number;
}

let base = '';
function request(method: string, url: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${base}${url}`, { method, headers: { origin: base, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A zip is not read here: decoding 18 MB as text would pause this client and lengthen its /healthz times.
      const isText = /json|text/.test(response.headers['content-type'] ?? '');
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          body: isText ? Buffer.concat(chunks).toString('utf8') : '',
          ms: performance.now() - started,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The server's longest event-loop delay since the last time asked (prom-client's monitor, which each reading resets), in ms. */
async function loopHeldAtMost(): Promise<number> {
  const metrics = await request('GET', '/metrics', { authorization: `Bearer ${metricsToken}` });
  const max = /^linkverse_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(metrics.body);
  if (!max) throw new Error(`no event-loop figure in /metrics: ${metrics.status}`);
  return Number(max[1]) * 1000;
}

/** /healthz asked every 10 ms until `done` settles: each answer's time. */
async function healthWhile(done: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    times.push((await request('GET', '/healthz')).ms);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times.sort((a, b) => a - b);
}

async function account(name: string): Promise<string> {
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const outgoing = http.request(
      `${base}/api/auth/register`,
      { method: 'POST', headers: { origin: base, 'content-type': 'application/json' } },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify({ username: name, password: 'bench-secret-1' }));
  });
  answer.resume();
  const cookie = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  if (answer.statusCode !== 201) throw new Error(`registering ${name} failed: ${answer.statusCode}`);
  return cookie;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-heavy-'));
const metricsToken = randomBytes(16).toString('hex');
const product = await startProduct(dataDir, { LOG_FORMAT: 'json', METRICS_TOKEN: metricsToken });
base = product.base;
try {
  const owner = await account(`heavy${Date.now().toString(36)}`);
  const idle = await healthWhile(new Promise((resolve) => setTimeout(resolve, 2000)));
  console.log(
    `heavy input from one account (${idle.length} /healthz answers while idle: p50 ${ms(percentile(idle, 50))}, slowest ${ms(idle.at(-1)!)})`,
  );

  const paths: Array<[string, () => Promise<Answer[]>]> = [
    [
      'LittleLink page, <div> nested 400 000 deep (2 MB)',
      () =>
        Promise.all([
          request(
            'POST',
            '/api/me/page-import/preview',
            json(owner),
            JSON.stringify({
              source: 'littlelink',
              html: deeplyNested(400_000),
            }),
          ),
        ]),
    ],
    [
      // Not heavy: what 24 requests of one account at once cost the others anyway, beside which to read the QR codes' figure.
      "24 look reads at once (light; the QR line's ceiling)",
      () => Promise.all(Array.from({ length: 24 }, () => request('GET', '/api/me/customization', { cookie: owner }))),
    ],
    [
      '24 QR codes of 2048 px at once',
      () => Promise.all(Array.from({ length: 24 }, () => request('GET', '/api/me/qr.png?size=2048', { cookie: owner }))),
    ],
    [
      'page file preview of 16.5 MB (1 000 links, 14 pictures; Free takes 17.3 MB)',
      () => Promise.all([request('POST', '/api/me/page-import/preview', json(owner), largestPageFile(14))]),
    ],
    [
      'page file import of 16.5 MB (the same file, added after the page)',
      () =>
        Promise.all([
          request(
            'POST',
            '/api/me/page-import',
            json(owner),
            JSON.stringify({ mode: 'append', document: JSON.parse(largestPageFile(14)).document }),
          ),
        ]),
    ],
    [
      `custom CSS of ${CUSTOM_CSS_MAX_LENGTH} characters`,
      () =>
        Promise.all([
          request(
            'PUT',
            '/api/me/customization',
            json(owner),
            JSON.stringify({ customCSS: `.lv-link{color:red}\n`.repeat(Math.floor(CUSTOM_CSS_MAX_LENGTH / 20)) }),
          ),
        ]),
    ],
    ['page file export of 12 MB (9 MB of music as base64)', () => Promise.all([request('GET', '/api/me/page-export', { cookie: owner })])],
    [
      'account export of 18 MB (the music stored, the page file compressed)',
      () => Promise.all([request('POST', '/api/me/export', json(owner), JSON.stringify({ password: 'bench-secret-1' }))]),
    ],
  ];
  // The exports need a page with files of weight: 9 MB of music (an MP3's header, then bytes that do not compress).
  const music = Buffer.concat([
    Buffer.from('ID3'),
    Buffer.from([3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]),
    randomBytes(9 * 1024 * 1024),
  ]);
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const upload = await request(
    'POST',
    '/api/media/audio',
    { cookie: owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="song.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`),
      music,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  );
  if (upload.status !== 201 && upload.status !== 200) throw new Error(`the music upload failed: ${upload.status} ${upload.body}`);
  const { url } = (JSON.parse(upload.body) as { data: { url: string } }).data;
  const look = await request('PUT', '/api/me/customization', json(owner), JSON.stringify({ audioFile: url }));
  if (look.status !== 200) throw new Error(`setting the music failed: ${look.status} ${look.body}`);
  // BENCH_ONLY=QR runs only the paths whose name holds it.
  for (const [name, heavy] of paths.filter(([name]) => name.includes(process.env.BENCH_ONLY ?? ''))) {
    await loopHeldAtMost();
    const answers = heavy();
    const health = await healthWhile(answers);
    const got = await answers;
    const held = await loopHeldAtMost();
    const statuses = [...new Set(got.map((answer) => answer.status))].join('/');
    const slowest = Math.max(...got.map((answer) => answer.ms));
    console.log(
      `  ${name.padEnd(52)} answered ${statuses} in ${ms(slowest)}; /healthz meanwhile (${health.length} answers): p50 ${ms(percentile(health, 50))}, slowest ${ms(health.at(-1) ?? 0)}; the server's loop held at most ${ms(held)}`,
    );
  }
  // The exports' floor on SQLite: the driver reads and writes a stored file whole and synchronously,
  // on the thread that answers everyone. Measured bare, with the same 9 MB, in a database of its own.
  const bare = new Database(path.join(dataDir, 'bare-driver.db'));
  bare.pragma('journal_mode = WAL');
  bare.exec('create table files (id integer primary key, data blob)');
  const timed = (run: () => unknown) => {
    const started = performance.now();
    run();
    return performance.now() - started;
  };
  const writes = [1, 2, 3].map(() => timed(() => bare.prepare('insert into files (data) values (?)').run(music)));
  const reads = [1, 2, 3].map((id) => timed(() => bare.prepare('select data from files where id = ?').get(id)));
  bare.close();
  console.log(
    `  ceiling: the bare SQLite driver (better-sqlite3) holds its thread ${writes.map(ms).join(', ')} to store the 9 MB file, ${reads.map(ms).join(', ')} to read it`,
  );
} finally {
  await stop(product.process);
  rmSync(dataDir, { recursive: true, force: true });
}
