// npm run bench:uploads: what one account flooding the upload endpoint with
// hostile files costs everyone else (issue 12). The compiled product, behind a
// proxy (TRUST_PROXY, so that every request can come from its own address and
// the per-address limits do not end the flood early), measured twice: quiet,
// then while 8 accounts send SVGs that take minutes to rasterize, 8 at a time.
// Figures: another account's sign-in (p50, p99 of sequential sign-ins), its
// public page under wrk, and what became of the flood. Prints; never passes or fails.
//
//   BENCH_SECONDS (10)  BENCH_CONNECTIONS (50)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { svgBomb } from '../../tests/helpers/hostile-files.ts';
import { ensureTool, startProduct, stop, wrk } from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SIGN_INS = 20;
const FLOODERS = 8;

ensureTool('wrk', '--version', 'wrk');
const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-upload-bench-'));
const product = await startProduct(dataDir, { TRUST_PROXY: '127.0.0.1' });
const base = product.base;

let address = 0;
/** Each request from an address of its own (documentation range), as a distributed attacker's would be. */
const from = () => ({ 'x-forwarded-for': `198.51.${(address >> 8) & 255}.${address++ & 255}` });

async function register(username: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from() },
    body: JSON.stringify({ username, password: 'bench-password-1' }),
  });
  if (response.status !== 201) throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

/** Sequential sign-ins, in turn over `usernames` (ten per name in 15 minutes are allowed), each from its own address. */
async function signIns(usernames: string[]): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < SIGN_INS; index++) {
    const username = usernames[index % usernames.length]!;
    const started = performance.now();
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: JSON.stringify({ username, password: 'bench-password-1' }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`sign-in: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

// Four quiet accounts: two sign in during each run; their pages are what visitors load.
const quiet = Array.from({ length: 4 }, (_, index) => `quiet_${index}`);
for (const username of quiet) await register(username);
const flooders = await Promise.all(Array.from({ length: FLOODERS }, (_, index) => register(`flood_${index}`)));

const pagePaths = quiet.map((username) => `/${username}`);
const measureQuiet = async (label: string, accounts: string[]) => {
  const times = await signIns(accounts);
  const page = wrk(dataDir, CONNECTIONS, `page (${label})`, base, pagePaths, { 'accept-encoding': 'br', ...from() }, SECONDS);
  return { label, times, page };
};

const quietRun = await measureQuiet('quiet', quiet.slice(0, 2));

// The flood: every flooder keeps one hostile upload in flight, from a new address each time.
const outcomes = new Map<string, number>();
let flooding = true;
const flood = flooders.map(async (cookie) => {
  while (flooding) {
    const form = new FormData();
    form.append('file', new Blob([svgBomb().toString()], { type: 'image/svg+xml' }), 'bomb.svg');
    let key: string;
    try {
      const response = await fetch(`${base}/api/media/avatar`, {
        method: 'POST',
        headers: { cookie, origin: base, ...from() },
        body: form,
      });
      const body = (await response.json()) as { code?: string };
      key = `${response.status} ${body.code ?? 'ok'}`;
    } catch (error) {
      key = `connection error (${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message})`;
    }
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
});
await new Promise((resolve) => setTimeout(resolve, 2000));
const floodRun = await measureQuiet('during the flood', quiet.slice(2));
flooding = false;
await Promise.all(flood);
const memory = await product.memory();
await stop(product.process);
rmSync(dataDir, { recursive: true, force: true });

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
console.log(
  `\nUpload flood: ${FLOODERS} accounts, one hostile SVG each in flight at all times; ${SIGN_INS} sequential sign-ins; wrk -t1 -c${CONNECTIONS} ${SECONDS} s on 4 cached profile pages`,
);
for (const run of [quietRun, floodRun]) {
  console.log(
    `  ${run.label.padEnd(18)} sign-in p50 ${ms(percentile(run.times, 50))}  p99 ${ms(percentile(run.times, 99))}   page ${run.page.rps.toFixed(0).padStart(6)} req/s  p50 ${run.page.p50.toFixed(2)} ms  p99 ${run.page.p99.toFixed(2)} ms  ${JSON.stringify(run.page.statuses)}`,
  );
}
console.log(`  the flood's uploads: ${[...outcomes].map(([key, count]) => `${count} × ${key}`).join(', ')}`);
console.log(`  server memory after: rss ${(memory.rss / 1024 / 1024).toFixed(0)} MB (the media worker is a process of its own)`);
