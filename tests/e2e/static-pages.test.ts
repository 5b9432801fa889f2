import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mergePlanLimits } from '#server/config.ts';
import { createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';

// Issue 27 §4: the pages whose content does not change after load reach a
// visitor who is not signed in as the build's HTML with a small script and
// none of React. This site has a Community link and its own line about who uses it,
// which the static pages fill in from the site's features, and its own plan
// limits, which the server draws into the pricing page as it starts.
const running = useServerAndBrowser(() => ({
  communityUrl: 'https://chat.example/invite',
  socialProof: 'Home of the Lisbon makers.',
  planLimits: mergePlanLimits({ free: { links: 7, customFonts: true } }),
}));

async function newPage(width: number): Promise<{ page: Page; problems: string[] }> {
  const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  // The 404 page's own status is the only error a page may log.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text());
  });
  return { page, problems };
}

/** The scripts a page loaded, by file name without its hash. */
const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop() ?? '')
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.replace(/-[\w-]{8}\.js$/, '')),
  );

describe('the first load', () => {
  it('of the dashboard stays within 100 kB of brotli script, as the build measured it (issue 51 §5)', () => {
    // Every script the entry and the dashboard's page import statically: written by the build (scripts/build-web.mjs).
    const firstLoad = JSON.parse(readFileSync('dist/pages/first-load.json', 'utf8')) as { landing: number; dashboard: number };
    expect(firstLoad.dashboard).toBeLessThanOrEqual(100 * 1024);
    expect(firstLoad.landing).toBeLessThanOrEqual(10 * 1024);
  });
});

describe('the static pages', () => {
  it('reach a visitor who is not signed in as HTML with a small script and none of React; the phone menu still opens and closes', async () => {
    // The '404 Page Not Found' page too, answered for any address the site has no page for.
    for (const path of ['/', '/features', '/pricing', '/examples', '/docs', '/blog/counting-views-honestly', '/services/none-such']) {
      const { page, problems } = await newPage(390);
      await openAppPage(page, path);
      expect((await scriptsOf(page)).sort(), path).toEqual(['constants', 'examples-behaviour', 'site', 'site-page-behaviour']);
      // Completed by the server as it sends the page: its host, and this year in the footer.
      expect(await page.content(), path).not.toContain('%LINKVERSE');
      expect(await page.getByRole('contentinfo').textContent(), path).toContain(`© ${new Date().getFullYear()} Linkverse`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect.poll(() => menu.getByRole('link', { name: 'Blog', exact: true }).isVisible()).toBe(true);
      // The site's Community link, filled in from its features.
      expect(await menu.getByRole('link', { name: 'Community' }).getAttribute('href')).toBe('https://chat.example/invite');
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('button', { name: 'Close menu' }).click();
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("show the site's own line and Community link on a computer, and the dropdowns open, close and lead on", async () => {
    const { page, problems } = await newPage(1366);
    await openAppPage(page, '/');
    await expect.poll(() => page.getByText('Home of the Lisbon makers', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Resources' }).click();
    const resources = page.getByRole('menu', { name: 'Resources' });
    await expect.poll(() => resources.isVisible()).toBe(true);
    const community = resources.getByRole('menuitem', { name: /Community/ });
    expect(await community.getAttribute('href')).toBe('https://chat.example/invite');
    expect(await community.getAttribute('rel')).toBe('noopener noreferrer');
    // A click outside closes it; Services opens under its own button.
    await page.mouse.click(20, 400);
    await expect.poll(() => resources.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Services' }).click();
    await page.getByRole('menuitem', { name: /Business Solutions/ }).click();
    await page.waitForURL('**/services/business-solutions');
    await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Linkverse for brands and teams');
    // The navbar turns solid once the page scrolls, and stays so when a reload brings the page back scrolled.
    const header = page.locator('header');
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(20);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    expect(await scriptsOf(page)).not.toContain('framework');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("draw the pricing page with this site's plans, as the server's settings say, and its word after a cancelled checkout", async () => {
    const { page, problems } = await newPage(390);
    await openAppPage(page, '/pricing');
    const free = page.getByTestId('plan-free');
    expect(await free.textContent()).toContain('Up to 7 links');
    expect(await free.getByText('Every font').isVisible()).toBe(true);
    expect(await free.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe('/register');
    expect(await page.getByText('Payment cancelled').isVisible()).toBe(false);
    await openAppPage(page, '/pricing?checkout=cancelled');
    expect(await page.getByRole('status').filter({ hasText: 'Payment cancelled. Nothing was charged.' }).isVisible()).toBe(true);
    expect(await scriptsOf(page)).not.toContain('framework');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('/login and /register hydrate their card alone, which signs in and says so on the page loaded next', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    for (const path of ['/register', '/login?next=/pricing']) {
      const { page, problems } = await newPage(390);
      await openAppPage(page, path);
      const scripts = await scriptsOf(page);
      // The card's island and React, not the app's entry and its routes.
      expect(scripts, path).toContain('auth-island');
      expect(scripts, path).not.toContain('index');
      // In a few files, not one for each component (vite.config.ts).
      if (path === '/register') {
        expect(scripts.sort()).toEqual(
          ['constants', 'examples-behaviour', 'site', 'site-page-behaviour']
            .concat(['account-forms', 'auth-island', 'framework', 'register-page', 'rolldown-runtime', 'shell'])
            .sort(),
        );
      }
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      expect(problems, path).toEqual([]);
      if (path === '/register') {
        // Its links lead on, loading the page whole.
        await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
        await page.waitForURL((url) => url.pathname === '/login');
        await page.context().close();
        continue;
      }
      await page.fill('#username', user.username);
      await page.fill('#password', 'secret123');
      await page.getByRole('button', { name: 'Enter Linkverse' }).click();
      await page.waitForURL((url) => url.pathname === '/pricing');
      await expect.poll(() => page.getByText('Logged in successfully').isVisible()).toBe(true);
      await page.context().close();
    }
  });

  it('the account pages a mailed link opens hydrate their card alone, drawn with what this site has', async () => {
    for (const [path, drawn, hydrated] of [
      // This site has no mail server: the server draws the page that says where the link goes.
      ['/forgot-password', 'the link waits in its administrator', 'the link waits in its administrator'],
      // Drawn before the link's token is read: the form, then (no token here) what the page needs.
      ['/reset-password', 'Set new password', passwordResetMessages.linkMissing],
      ['/confirm-email', 'Confirming your email', passwordResetMessages.linkMissing],
    ] as const) {
      const { page, problems } = await newPage(390);
      expect(await (await page.request.get(path)).text(), path).toContain(drawn);
      await openAppPage(page, path);
      await expect.poll(() => page.getByText(hydrated).isVisible(), { message: path }).toBe(true);
      const scripts = await scriptsOf(page);
      expect(scripts, path).toContain('auth-island');
      expect(scripts, path).not.toContain('index');
      // The confirmation link's page has no form: it loads no schema library (zod registers itself on load).
      if (path === '/confirm-email') expect(await page.evaluate(() => '__zod_globalRegistry' in globalThis)).toBe(false);
      expect(await axeViolationsOf(page), path).toEqual([]);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
    // Search engines are offered the site's pages, not its account pages.
    const sitemap = await (await fetch(`${running.server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('/features</loc>');
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password', '/confirm-email']) {
      expect(sitemap, path).not.toContain(`${path}</loc>`);
    }
  });

  it('reach someone signed in as the app, drawn with their own menu', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    const page = await signInPage(running.browser, running.server.baseUrl, { username: user.username, password: 'secret123' });
    await openAppPage(page, '/features');
    await expect.poll(() => page.getByRole('link', { name: 'New Link' }).isVisible()).toBe(true);
    expect(await scriptsOf(page)).toContain('framework');
    await page.context().close();
  });
});
