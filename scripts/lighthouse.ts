// Lighthouse (mobile: a mid-range phone on a slow 4G link, simulated) against
// the built product, in Debian's Chromium: the four scores of each public page
// type (issue 11). A measurement, never a test: it prints figures.
// Usage: npm run lighthouse  (builds first; LIGHTHOUSE_PAGES=/,/pricing to choose, LIGHTHOUSE_RUNS=5 for more runs).
// The dashboard is measured signed in (issue 51 §5), in a Chromium this script starts with the creator's
// session in its cookie jar and Lighthouse drives (--port); LIGHTHOUSE_SIGNED_IN=/dashboard,/dashboard?tab=links chooses its pages.
// LIGHTHOUSE_LAYOUT=split draws the creator's page (/lighthouse) in that layout, LIGHTHOUSE_PAGE_LANGUAGE=ar in that language.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startFreshServer } from './server-process.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Runs per page (LIGHTHOUSE_RUNS): the median one is shown. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface LighthouseReport {
  /** Where the page was once loaded: a dashboard that sent Lighthouse to /login was not measured signed in. */
  finalDisplayedUrl: string;
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: unknown }>;
}

/**
 * A Chromium of our own with the creator's session in its cookie jar, for Lighthouse to drive (--port):
 * the app reads the session's hint from document.cookie, which no extra header can set.
 */
async function signedInChromium(base: string, setCookies: string[]): Promise<{ port: number; close(): Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const port = freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'linkverse-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--remote-debugging-port=${port}`],
  });
  await context.addCookies(
    setCookies.map((line) => {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const sameSite = attributes
        .find((attribute) => /^samesite=/i.test(attribute))
        ?.split('=')[1]
        ?.toLowerCase();
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        url: base,
        httpOnly: attributes.some((attribute) => /^httponly$/i.test(attribute)),
        sameSite: sameSite === 'strict' ? ('Strict' as const) : ('Lax' as const),
      };
    }),
  );
  return {
    port,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse on `url`, in a Chromium it starts, or in the one listening on `port` (signed in). */
function runLighthouse(url: string, port?: number): Promise<LighthouseReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        port === undefined ? '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage' : `--port=${port}`,
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out) as LighthouseReport);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART), twice in a row at times: a failed run is made again, up to three times. */
async function runWithRetries(url: string, port?: number, attempts = 3): Promise<LighthouseReport> {
  try {
    return await runLighthouse(url, port);
  } catch (error) {
    if (attempts <= 1) throw error;
    return runWithRetries(url, port, attempts - 1);
  }
}

const server = await startFreshServer('lighthouse');
try {
  // A creator with a picture-less page and a few links: the public page as most are.
  const register = await fetch(`${server.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({ username: 'lighthouse', password: 'lighthouse-1', displayName: 'Light House' }),
  });
  const setCookies = register.headers.getSetCookie();
  const cookie = setCookies.map((line) => line.split(';')[0]).join('; ');
  for (const [title, url] of [
    ['My shop', 'https://shop.example.com/'],
    ['Newsletter', 'https://news.example.com/'],
    ['Instagram', 'https://instagram.com/example'],
  ]) {
    await fetch(`${server.base}/api/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base, cookie },
      body: JSON.stringify({ title, url }),
    });
  }
  // LIGHTHOUSE_LAYOUT=bento draws the creator's page in that layout (with PLAN_LIMITS='{"free":{"layouts":null}}' for one Free lacks).
  if (process.env.LIGHTHOUSE_LAYOUT) {
    const saved = await fetch(`${server.base}/api/me/customization`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.base, cookie },
      body: JSON.stringify({ profileLayout: process.env.LIGHTHOUSE_LAYOUT }),
    });
    if (!saved.ok) throw new Error(`the layout was refused: ${await saved.text()}`);
  }
  // LIGHTHOUSE_PAGE_LANGUAGE=ar draws the creator's page in that language (issue 54).
  if (process.env.LIGHTHOUSE_PAGE_LANGUAGE) {
    const saved = await fetch(`${server.base}/api/me/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: server.base, cookie },
      body: JSON.stringify({ pageLanguage: process.env.LIGHTHOUSE_PAGE_LANGUAGE }),
    });
    if (!saved.ok) throw new Error(`the language was refused: ${await saved.text()}`);
  }
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? [
    '/',
    '/pricing',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/confirm-email',
    '/features',
    '/services',
    '/examples',
    '/docs',
    '/docs/configuration',
    '/lighthouse',
  ];
  // Signed in as the creator above: their dashboard, as they open it on a phone.
  const signedInPages = process.env.LIGHTHOUSE_SIGNED_IN?.split(',').filter(Boolean) ?? ['/dashboard'];
  const runs: Array<{ page: string; signedIn?: boolean }> = [
    ...pages.map((page) => ({ page })),
    ...signedInPages.map((page) => ({ page, signedIn: true })),
  ];
  const browser = signedInPages.length > 0 ? await signedInChromium(server.base, setCookies) : undefined;
  console.log(
    `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile (simulated slow 4G, 4x CPU slowdown), ${CHROME_PATH}, ${server.base}; median of ${RUNS} runs per page\n`,
  );
  // The page column fits the longest address asked for.
  const labelOf = ({ page, signedIn }: { page: string; signedIn?: boolean }) => (signedIn ? `${page} (signed in)` : page);
  const pageWidth = Math.max(22, ...runs.map((run) => labelOf(run).length + 1));
  console.log(
    `${'page'.padEnd(pageWidth)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)} ${'seo'.padStart(5)}   FCP      LCP      TBT    CLS    perf range`,
  );
  for (const { page, signedIn } of runs) {
    // Scores on one machine move by several points from run to run: the run
    // with the median performance score is shown, with the range seen.
    const reports: LighthouseReport[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      reports.push(await runWithRetries(`${server.base}${page}`, signedIn ? browser?.port : undefined));
    }
    const landed = new URL(reports[0]!.finalDisplayedUrl);
    if (`${landed.pathname}${landed.search}` !== page)
      throw new Error(`${labelOf({ page, signedIn })} ended at ${landed.pathname}: not measured`);
    const performanceOf = (report: LighthouseReport) => Math.round((report.categories.performance.score ?? 0) * 100);
    reports.sort((a, b) => performanceOf(a) - performanceOf(b));
    const report = reports[Math.floor(reports.length / 2)]!;
    // LIGHTHOUSE_REPORTS=dir keeps each page's median report, to read what the scores come from.
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_REPORTS, `${labelOf({ page, signedIn }).replace(/[^a-z0-9]+/gi, '-')}.json`),
        JSON.stringify(report),
      );
    }
    const score = (category: (typeof CATEGORIES)[number]) => String(Math.round((report.categories[category].score ?? 0) * 100)).padStart(5);
    const ms = (audit: string) => `${Math.round(report.audits[audit]?.numericValue ?? 0)} ms`.padStart(8);
    const cls = (report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3);
    const range = `${performanceOf(reports[0]!)}–${performanceOf(reports.at(-1)!)}`;
    console.log(
      `${labelOf({ page, signedIn }).padEnd(pageWidth)} ${CATEGORIES.map(score).join(' ')} ${ms('first-contentful-paint')} ${ms('largest-contentful-paint')} ${ms('total-blocking-time')}  ${cls}  ${range.padStart(7)}`,
    );
  }
  await browser?.close();
} finally {
  await server.stop();
}
