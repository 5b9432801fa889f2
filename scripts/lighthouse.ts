// Lighthouse (mobile: a mid-range phone on a slow 4G link, simulated) against
// the built product, in Debian's Chromium: the four scores of each public page
// type (issue 11). A measurement, never a test: it prints figures.
// Usage: npm run lighthouse  (builds first; LIGHTHOUSE_PAGES=/,/pricing to choose, LIGHTHOUSE_RUNS=5 for more runs).
// The dashboard is measured signed in (issue 51 §5): the creator's session cookie goes with every request
// Lighthouse makes (--extra-headers); LIGHTHOUSE_SIGNED_IN=/dashboard,/dashboard?tab=analytics chooses its pages.
import { spawn } from 'node:child_process';
import { startFreshServer } from './server-process.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Runs per page (LIGHTHOUSE_RUNS): the median one is shown. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface LighthouseReport {
  /** Where the page was once loaded: a dashboard that sent Lighthouse to /login was not measured signed in. */
  finalDisplayedUrl: string;
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function runLighthouse(url: string, cookie?: string): Promise<LighthouseReport> {
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
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
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
async function runWithRetries(url: string, cookie?: string, attempts = 3): Promise<LighthouseReport> {
  try {
    return await runLighthouse(url, cookie);
  } catch (error) {
    if (attempts <= 1) throw error;
    return runWithRetries(url, cookie, attempts - 1);
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
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
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
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
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
  const signedIn = process.env.LIGHTHOUSE_SIGNED_IN?.split(',').filter(Boolean) ?? ['/dashboard'];
  const runs: Array<{ page: string; cookie?: string }> = [
    ...pages.map((page) => ({ page })),
    ...signedIn.map((page) => ({ page, cookie })),
  ];
  console.log(
    `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile (simulated slow 4G, 4x CPU slowdown), ${CHROME_PATH}, ${server.base}; median of ${RUNS} runs per page\n`,
  );
  // The page column fits the longest address asked for.
  const labelOf = ({ page, cookie }: { page: string; cookie?: string }) => (cookie ? `${page} (signed in)` : page);
  const pageWidth = Math.max(22, ...runs.map((run) => labelOf(run).length + 1));
  console.log(
    `${'page'.padEnd(pageWidth)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)} ${'seo'.padStart(5)}   FCP      LCP      TBT    CLS    perf range`,
  );
  for (const { page, cookie } of runs) {
    // Scores on one machine move by several points from run to run: the run
    // with the median performance score is shown, with the range seen.
    const reports: LighthouseReport[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      reports.push(await runWithRetries(`${server.base}${page}`, cookie));
    }
    const landed = new URL(reports[0]!.finalDisplayedUrl);
    if (`${landed.pathname}${landed.search}` !== page)
      throw new Error(`${labelOf({ page, cookie })} ended at ${landed.pathname}: not measured`);
    const performanceOf = (report: LighthouseReport) => Math.round((report.categories.performance.score ?? 0) * 100);
    reports.sort((a, b) => performanceOf(a) - performanceOf(b));
    const report = reports[Math.floor(reports.length / 2)]!;
    const score = (category: (typeof CATEGORIES)[number]) => String(Math.round((report.categories[category].score ?? 0) * 100)).padStart(5);
    const ms = (audit: string) => `${Math.round(report.audits[audit]?.numericValue ?? 0)} ms`.padStart(8);
    const cls = (report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3);
    const range = `${performanceOf(reports[0]!)}–${performanceOf(reports.at(-1)!)}`;
    console.log(
      `${labelOf({ page, cookie }).padEnd(pageWidth)} ${CATEGORIES.map(score).join(' ')} ${ms('first-contentful-paint')} ${ms('largest-contentful-paint')} ${ms('total-blocking-time')}  ${cls}  ${range.padStart(7)}`,
    );
  }
} finally {
  await server.stop();
}
