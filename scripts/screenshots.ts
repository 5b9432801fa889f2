// Screenshots of every page at desktop and phone widths, for a person to look at:
// the public site (every page the sitemap lists), the dashboard's tabs, the admin's
// tabs and public profiles in three looks, on a compiled server of its own with a
// fresh data folder.
// Usage: npm run screenshots  → .tmp/screenshots/*.png (never committed)
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../tests/helpers/chromium.ts';
import { startFreshServer } from './server-process.ts';

const outDir = '.tmp/screenshots';
mkdirSync(outDir, { recursive: true });
const server = await startFreshServer('screenshots');
const baseUrl = server.base;

/** A file name for a path: '/' → 'home', '/services/analytics' → 'services-analytics'. */
const fileNameOf = (pathname: string) => pathname.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';

/** Three looks as far apart as the document allows. */
const LOOKS: Record<string, Record<string, unknown>> = {
  neon: {
    primaryColor: '#22D3EE',
    secondaryColor: '#E879F9',
    backgroundType: 'gradient',
    backgroundGradient: 'custom',
    customGradient: '#030712,#1E1B4B',
    buttonStyle: 'neon',
    font: 'Orbitron',
    usernameEffects: 'gradient',
    backgroundEffect: 'particles',
    profileImageShape: 'rounded',
    textTransform: 'uppercase',
    letterSpacing: 1,
  },
  paper: {
    darkMode: false,
    backgroundType: 'solid',
    backgroundGradient: 'cotton-candy',
    textColor: '#18181B',
    buttonStyle: 'shadow',
    linkButtonShape: 'square',
    font: 'Lora',
    profileLayout: 'left',
    profileImageShape: 'square',
    backgroundPattern: 'grid',
    swapBoxColors: true,
  },
  card: {
    backgroundGradient: 'sunset',
    backgroundDirection: 'radial',
    profileLayout: 'card',
    buttonStyle: 'glass',
    linkButtonShape: 'pill',
    cardPadding: 32,
    cardBorderRadius: 28,
    profileRingThickness: 'medium',
    profileRingColor: '#FDE68A',
    borderGlow: true,
    backgroundEffect: 'mesh',
    location: 'Lisbon, Portugal',
  },
};

const browser = await launchChromium();
const username = `shot${Date.now().toString(36)}`;
for (const [label, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const publicPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url!).pathname);
  for (const pathname of [...publicPaths, '/dashboard/nope/x', '/coming-soon']) {
    await page.goto(baseUrl + pathname, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${outDir}/site-${fileNameOf(pathname)}-${label}.png`, fullPage: true });
  }
  if (label === 'desktop') {
    await page.goto(baseUrl + '/register');
    await page.fill('#username', username);
    await page.fill('#password', 'secret123');
    await page.fill('#confirmPassword', 'secret123');
    await page.check('#acceptTerms');
    await page.click('button[type=submit]');
  } else {
    await page.goto(baseUrl + '/login');
    await page.fill('#username', username);
    await page.fill('#password', 'secret123');
    await page.click('button[type=submit]');
  }
  await page.waitForURL('**/dashboard');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${outDir}/dashboard-${label}.png` });
  await page.goto(`${baseUrl}/dashboard?tab=analytics`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${outDir}/analytics-${label}.png`, fullPage: true });
  if (label === 'desktop') {
    for (const link of [
      { title: 'My portfolio', url: 'example.com', icon: 'globe', color: 'purple-blue' },
      { title: 'Latest video', url: 'youtube.com/watch?v=1', icon: 'youtube', color: 'orange-red' },
      { title: 'Code on GitHub', url: 'github.com/someone', icon: 'github', color: '#0f172a' },
    ]) {
      await page.request.post(`${baseUrl}/api/links`, { data: link, headers: { origin: baseUrl } });
    }
  }
  await page.goto(`${baseUrl}/dashboard?tab=links`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${outDir}/links-${label}.png`, fullPage: true });
  await page.getByRole('main').getByRole('button', { name: 'Add New Link' }).click();
  await page.getByRole('radio', { name: 'Custom', exact: true }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${outDir}/link-form-${label}.png`, fullPage: true });
  await page.goto(`${baseUrl}/dashboard?tab=profile`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${outDir}/profile-tab-${label}.png`, fullPage: true });
  await page.goto(`${baseUrl}/dashboard?tab=customize`, { waitUntil: 'networkidle' });
  for (const section of ['Assets', 'Colors', 'Text', 'Buttons', 'Layout', 'Effects', 'Discord', 'Advanced']) {
    await page.getByRole('tab', { name: section }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${outDir}/customize-${section.toLowerCase()}-${label}.png`, fullPage: true });
  }
  await page.goto(`${baseUrl}/${username}`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${outDir}/profile-${label}.png`, fullPage: true });
  // Three very different looks of the same profile.
  for (const [look, fields] of Object.entries(LOOKS)) {
    const saved = await page.request.put(`${baseUrl}/api/me/customization`, { data: fields, headers: { origin: baseUrl } });
    if (!saved.ok()) throw new Error(`saving the ${look} look failed: ${saved.status()} ${await saved.text()}`);
    await page.goto(`${baseUrl}/${username}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${outDir}/look-${look}-${label}.png`, fullPage: true });
  }
  await page.request.delete(`${baseUrl}/api/me/customization`, { headers: { origin: baseUrl } });
  // As a visitor: the second visit is answered from the cache, before routing.
  const visitor = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${baseUrl}/${username}`, { waitUntil: 'networkidle' });
  await visitorPage.goto(`${baseUrl}/${username}`, { waitUntil: 'networkidle' });
  await visitorPage.screenshot({ path: `${outDir}/profile-visitor-${label}.png`, fullPage: true });
  await visitor.close();
  await page.goto(`${baseUrl}/no-such-user`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${outDir}/profile-missing-${label}.png` });
  // The control center, once the user is made an admin with the admin command.
  if (label === 'desktop') {
    execFileSync(process.execPath, ['dist/server/admin.js', 'promote', username], { env: { ...process.env, DATA_DIR: server.dataDir } });
    // Something in the log: a reservation of the admin's own.
    await page.request.post(`${baseUrl}/api/admin/reserved-usernames`, {
      data: { username: 'partnerbrand', reason: 'Held for a partner brand launching next month' },
      headers: { origin: baseUrl },
    });
  }
  for (const tab of ['users', 'reserved-usernames', 'username-history', 'logs', 'settings']) {
    await page.goto(`${baseUrl}/admin?tab=${tab}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${outDir}/admin-${tab}-${label}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
await server.stop();
console.log(`screenshots in ${outDir}`);
