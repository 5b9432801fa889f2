import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_SITE_PATHS } from '#shared/i18n/site-addresses.ts';
import { createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { openAppPage, signInPage, wordsOutsideBrackets } from '../helpers/pages.ts';

// Issue 54: the pseudo-language (every word accented, a third longer, in brackets), built for
// tests only, walked over the site's translated pages. The app draws /es/… with the words it
// loads for Spanish; here the browser is handed the pseudo-language's words instead, so that
// any visible text outside brackets that is not someone's own content (a name, an example page)
// is a string that escaped translation. And the longer words break no layout at 390 px.
const running = useServerAndBrowser();

/** The build's chunk of a language's words of one scope, found by a message it holds: the site's (its navigation), the app's (its tabs). */
function wordsChunk(language: string, holding: 'site.nav.home' | 'app.tab.overview'): string {
  const assets = path.resolve('dist/web/assets');
  const file = readdirSync(assets).find(
    (name) => name.startsWith(`${language}-`) && name.endsWith('.js') && readFileSync(path.join(assets, name), 'utf8').includes(holding),
  );
  if (!file) throw new Error(`no chunk of ${language} words holding ${holding} in dist/web/assets`);
  return file;
}
const siteWordsChunk = (language: string) => wordsChunk(language, 'site.nav.home');
const appWordsChunk = (language: string) => wordsChunk(language, 'app.tab.overview');

/** Someone's own content on the site's pages: what is marked translate="no" (a name, the languages' own names), and the example pages. */
const SITE_CONTENT = { theirs: '[translate="no"], [data-example-frame]' };

/** What shows once a dashboard tab's queries have answered. */
const LOADED_MARK: Record<string, string> = {
  '/dashboard': 'profile-completion',
  '/dashboard?tab=profile': 'bio-counter',
  '/dashboard?tab=account': 'session-row',
};

describe('the pseudo-language', () => {
  it('leaves no word of the translated pages outside its brackets, and no page wider than a phone', async () => {
    const pseudo = readFileSync(path.resolve('dist/web/assets', siteWordsChunk('en-XA')), 'utf8');
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    // Signed in, the app draws every page itself, with the words it loads.
    const page = await signInPage(
      running.browser,
      running.server.baseUrl,
      { username: user.username, password: 'secret123' },
      { width: 390, height: 844, next: '/es' },
    );
    await page
      .context()
      .route(`**/assets/${siteWordsChunk('es')}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: pseudo }));
    // The account pages send someone signed in on to the dashboard: the rest are walked here.
    for (const englishPath of TRANSLATED_SITE_PATHS.filter((entry) => !['/login', '/register', '/forgot-password'].includes(entry))) {
      const address = englishPath === '/' ? '/es' : `/es${englishPath}`;
      await openAppPage(page, address);
      await expect.poll(() => page.locator('footer h2').first().textContent(), { message: address }).toMatch(/^\[/);
      expect(await wordsOutsideBrackets(page, SITE_CONTENT), address).toEqual([]);
      // The longer words wrap: nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    }
    await page.context().close();

    // The account pages, as someone not signed in gets them: the static page's card hydrates with the words it loads.
    const visitor = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 844 } });
    await visitor.route(`**/assets/${siteWordsChunk('es')}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: pseudo }),
    );
    const card = await visitor.newPage();
    for (const address of ['/es/login', '/es/register', '/es/forgot-password']) {
      await card.goto(address);
      // Drawn in Spanish by the build, the card is drawn again in the words handed to it.
      await expect.poll(() => card.locator('[data-auth-island] h1').textContent(), { message: address }).toMatch(/^\[/);
      // Its text only: hydrating keeps the attributes the page was sent with (Spanish here), so its names (a placeholder, the
      // password button's) are not read on these three pages; reset-password and confirm-email, walked above, share them.
      expect(await wordsOutsideBrackets(card, { ...SITE_CONTENT, within: '[data-auth-island]', attributes: false }), address).toEqual([]);
      expect(await card.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    }
    await visitor.close();
  });

  it("leaves no word of the dashboard's frame, its Overview, Profile and Account outside its brackets, and none wider than a phone", async () => {
    // A Spanish account's dashboard, handed the pseudo-language's words for Spanish (the chrome's and the app's).
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123', language: 'es' });
    const page = await signInPage(
      running.browser,
      running.server.baseUrl,
      { username: user.username, password: 'secret123' },
      { width: 390, height: 844, next: '/' },
    );
    for (const chunk of [siteWordsChunk, appWordsChunk]) {
      const pseudo = readFileSync(path.resolve('dist/web/assets', chunk('en-XA')), 'utf8');
      await page
        .context()
        .route(`**/assets/${chunk('es')}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: pseudo }));
    }
    for (const address of ['/dashboard', '/dashboard?tab=profile', '/dashboard?tab=account']) {
      await openAppPage(page, address);
      await expect.poll(() => page.locator('main h1').first().textContent(), { message: address }).toMatch(/^\[/);
      // The menu's tabs and actions are walked too: its drawer is opened on a phone.
      if (address === '/dashboard') {
        await page.locator('header button').first().click();
        await page.getByRole('dialog').waitFor();
        expect(await wordsOutsideBrackets(page, { ...SITE_CONTENT, within: '[role="dialog"]' }), `${address} menu`).toEqual([]);
        await page.keyboard.press('Escape');
      }
      // What the page's queries bring (the completion, the settings, the sessions) is in before the words are read.
      await page.getByTestId(LOADED_MARK[address]!).first().waitFor();
      // The toasts' host mounts once the page has loaded, and names itself in the screen's language once it knows it.
      await expect.poll(() => page.locator('section[aria-label]').getAttribute('aria-label'), { message: address }).toMatch(/^\[/);
      expect(await wordsOutsideBrackets(page, SITE_CONTENT), address).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    }
    await page.context().close();
  });
});
