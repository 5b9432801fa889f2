import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';
import { startEmbedProvider } from '../helpers/embed-provider.ts';
import { postMedia, pngImage } from '../helpers/uploads.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { afterAnimations, afterNextFrames, axeViolationsOf, wordsOutsideBrackets } from '../helpers/pages.ts';

// The page's layouts (issue 52), each drawn with a page that holds every kind of
// item: links with an icon and with a picture, a link marked 18+, a link live
// until a date, a link for phones only, the social icon row, a header, a text,
// a divider, an embed and the sign-up form. At phone and desktop width, with
// the page's script off (a layout needs none), each passes axe, overflows
// nothing, shows every item it should, and is then answered by the cached fast
// path. SCREENSHOTS=dir keeps a picture of each, to look at.
//
// The video's provider cannot be reached from here: tests/helpers/embed-provider.ts
// stands in for its oEmbed endpoint.

// Written out, not read from PROFILE_LAYOUTS: a layout dropped from the list fails here.
const LAYOUTS = [
  'centered',
  'left',
  'card',
  'tiles',
  'minimal',
  'split',
  'cover',
  'magazine',
  'bento',
  'big-cards',
  'carousel',
  'columns',
] as const;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const provider = await startEmbedProvider();
afterAll(() => provider.close());
const running = useServerAndBrowser(() => ({
  embedPreviews: { enabled: true, allowLoopback: true, oembedOrigin: provider.origin, timeoutMs: 2000 },
}));
const app = () => running.server.testApp.app;

async function send(owner: SignedInUser, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: Record<string, unknown>) {
  const response = await app().inject({ method, url, headers: { cookie: owner.cookie }, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json().data;
}

/** A Business creator whose page holds every kind of item a page can hold. */
async function pageWithEverything(): Promise<SignedInUser> {
  const owner = await createUser(app(), { displayName: 'Layout Tester' });
  await setPlan(app(), owner.user.id, 'business');
  await send(owner, 'PATCH', '/api/me/profile', {
    bio: 'Songs, shows and a shop.',
    subscribeForm: true,
    subscribeConsent: 'News about new songs, once a month. Leave any time.',
  });
  await send(owner, 'PUT', '/api/me/customization', { showSocialIcons: true });
  await createLink(app(), owner, { title: 'Instagram', url: 'https://instagram.com/layout.tester', icon: 'instagram', showAsIcon: true });
  await createLink(app(), owner, { title: 'TikTok', url: 'https://tiktok.com/@layout.tester', icon: 'tiktok', showAsIcon: true });
  const picture = await postMedia(app(), owner, 'thumbnail', { name: 'shop.png', mime: 'image/png', content: await pngImage(600, 400) });
  expect(picture.statusCode, picture.body).toBe(201);
  await createLink(app(), owner, { title: 'My shop', url: 'https://shop.example/', thumbnail: picture.json().data.url });
  await createLink(app(), owner, { title: 'Podcast', url: 'https://pod.example/', icon: 'spotify' });
  await createLink(app(), owner, { title: 'Late-night gallery', url: 'https://gallery.example/', contentWarning: '18' });
  await createLink(app(), owner, { title: 'Tour tickets', url: 'https://tickets.example/', endsAt: '2099-01-01T00:00:00Z' });
  await createLink(app(), owner, { title: 'Get the app', url: 'https://apps.example/', device: 'mobile' });
  await send(owner, 'POST', '/api/links/blocks', { type: 'header', title: 'Watch' });
  await send(owner, 'POST', '/api/links/blocks', { type: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' });
  await send(owner, 'POST', '/api/links/blocks', { type: 'text', text: 'New songs every Friday, more at www.example.com' });
  await send(owner, 'POST', '/api/links/blocks', { type: 'divider' });
  for (const title of ['Merch', 'Newsletter archive', 'Support me']) {
    await createLink(app(), owner, { title, url: `https://${title.toLowerCase().replace(/\W+/g, '-')}.example/` });
  }
  return owner;
}

/** What every layout shows: each listed link's title, and the rest of the page. */
const LISTED = ['My shop', 'Podcast', 'Late-night gallery', 'Tour tickets', 'Merch', 'Newsletter archive', 'Support me'];

async function expectWholePage(page: Page, label: string, phone: boolean) {
  for (const title of LISTED) expect(await page.getByText(title, { exact: true }).isVisible(), `${label}: ${title}`).toBe(true);
  // The link for phones only is drawn for a phone, and only for one (the page is drawn per audience).
  expect(await page.getByText('Get the app', { exact: true }).count(), `${label}: the link for phones`).toBe(phone ? 1 : 0);
  expect(await page.getByRole('link', { name: 'Instagram' }).isVisible(), `${label}: the social icon row`).toBe(true);
  expect(await page.getByText('18+').isVisible(), `${label}: the content warning`).toBe(true);
  expect(await page.getByRole('heading', { name: 'Watch' }).isVisible(), `${label}: the header`).toBe(true);
  expect(await page.getByText('New songs every Friday').isVisible(), `${label}: the text`).toBe(true);
  expect(await page.locator('.lv-embed').isVisible(), `${label}: the embed`).toBe(true);
  expect(await page.getByRole('button', { name: 'Subscribe' }).isVisible(), `${label}: the sign-up form`).toBe(true);
}

describe('every layout with every kind of item', { timeout: 240_000 }, () => {
  it.each([390, 1366])('passes axe, overflows nothing and shows everything at %ipx, without script', async (width) => {
    const owner = await pageWithEverything();
    const phone = width < 500;
    const context = await running.browser.newContext({
      baseURL: running.server.baseUrl,
      userAgent: phone ? PHONE : DESKTOP,
      viewport: { width, height: phone ? 844 : 900 },
    });
    // No script: the page's one script (its effects) is refused, so what is drawn is the stylesheet's alone.
    // (A context without JavaScript would leave axe nothing to run in.)
    const refusedScripts: string[] = [];
    await context.route(/\/static\/.*\.js$/, (route) => {
      refusedScripts.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const screenshots = process.env.SCREENSHOTS;
    if (screenshots) mkdirSync(screenshots, { recursive: true });
    try {
      for (const layout of LAYOUTS) {
        await send(owner, 'PUT', '/api/me/customization', { profileLayout: layout });
        await page.goto(`/${owner.user.username}`);
        expect(await page.locator('.lv-page').getAttribute('data-layout'), layout).toBe(layout);
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await afterNextFrames(page);
        await afterAnimations(page);
        const label = `${layout} at ${width}px`;
        await expectWholePage(page, label, phone);
        expect(await axeViolationsOf(page), label).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${label} overflows`).toBe(true);
        if (screenshots) await page.screenshot({ path: path.join(screenshots, `${layout}-${width}.png`), fullPage: true });
        // Drawn once, the page in this layout is answered from the cache before routing, as every page is.
        const answered = app().fastPathStats.pages;
        expect((await page.request.get(`/${owner.user.username}`)).status(), label).toBe(200);
        expect(app().fastPathStats.pages, `${label}: answered by the fast path`).toBe(answered + 1);
      }
      // The embed's placeholder asks for the effects script: it was there to refuse.
      expect(refusedScripts.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

/**
 * What a visitor reads on the page that is not the creator's (their words carry `dir="auto"`; the username, the
 * initials, a link's address and a provider's name are theirs or the world's) and is not inside the
 * pseudo-language's brackets: a word that escaped translation. Text and the attributes people hear.
 */
/** Someone's own content on a public page, and the names the same in every language (the product's, the share targets', signs). */
const PAGE_CONTENT = {
  theirs: '[dir="auto"], .lv-username, .lv-avatar, .lv-embed-provider, .lv-link-destination, .lv-social, .lv-share-address',
  allowed: /^(Linkverse|WhatsApp|X|Facebook|LinkedIn|Telegram|✓|♪|×|18\+|[\d.,:·•()/-])+$/u,
};

describe('the page in Arabic, and in the pseudo-language', { timeout: 240_000 }, () => {
  it.each([390, 1366])('mirrors in Arabic, passing axe with its lang and dir, at %ipx', async (width) => {
    const owner = await pageWithEverything();
    await send(owner, 'PATCH', '/api/me/profile', { pageLanguage: 'ar' });
    const phone = width < 500;
    const context = await running.browser.newContext({
      baseURL: running.server.baseUrl,
      userAgent: phone ? PHONE : DESKTOP,
      viewport: { width, height: phone ? 844 : 900 },
    });
    const page = await context.newPage();
    const screenshots = process.env.SCREENSHOTS;
    if (screenshots) mkdirSync(screenshots, { recursive: true });
    try {
      for (const layout of ['centered', 'left', 'split', 'carousel'] as const) {
        await send(owner, 'PUT', '/api/me/customization', { profileLayout: layout });
        await page.goto(`/${owner.user.username}`);
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await afterAnimations(page);
        const label = `${layout} in Arabic at ${width}px`;
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), label).toEqual(['ar', 'rtl']);
        // The share button sits at the start of the line, which in Arabic is the left.
        const share = await page.locator('.lv-share').boundingBox();
        expect(share!.x, `${label}: the share button`).toBeLessThan(width / 2);
        expect(await page.getByRole('button', { name: 'اشترك' }).isVisible(), label).toBe(true);
        expect(await page.getByText('My shop', { exact: true }).isVisible(), label).toBe(true);
        expect(await axeViolationsOf(page), label).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${label} overflows`).toBe(true);
        if (screenshots) await page.screenshot({ path: path.join(screenshots, `ar-${layout}-${width}.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
  });

  it('leaves no word untranslated and breaks no layout with words a third longer, at 390px', async () => {
    const owner = await pageWithEverything();
    await send(owner, 'PATCH', '/api/me/profile', { showViews: true, showUpdated: true, markNewLinks: true });
    // Only a test puts a page in the pseudo-language: no one can choose it.
    await app().db.updateTable('users').set({ pageLanguage: 'en-XA' }).where('id', '=', owner.user.id).execute();
    const context = await running.browser.newContext({
      baseURL: running.server.baseUrl,
      userAgent: PHONE,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const screenshots = process.env.SCREENSHOTS;
    try {
      for (const layout of LAYOUTS) {
        await send(owner, 'PUT', '/api/me/customization', { profileLayout: layout });
        await page.goto(`/${owner.user.username}`);
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        await afterAnimations(page);
        const label = `${layout} in the pseudo-language`;
        expect(await page.evaluate(() => document.documentElement.lang), label).toBe('en-XA');
        expect(await wordsOutsideBrackets(page, PAGE_CONTENT), label).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${label} overflows`).toBe(true);
        // No button cuts its own words.
        const clipped = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('button, .lv-signup-button, .lv-new, .lv-warn, .lv-footer a')]
            .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
            .map((element) => element.outerHTML.slice(0, 80)),
        );
        expect(clipped, label).toEqual([]);
        if (screenshots) await page.screenshot({ path: path.join(screenshots, `pseudo-${layout}.png`), fullPage: true });
      }
      // The share page and the warning before a marked link, too.
      await page.goto(`/${owner.user.username}?share`);
      expect(await wordsOutsideBrackets(page, PAGE_CONTENT), 'the share page').toEqual([]);
      const marked = (await app().inject({ url: `/api/users/${owner.user.id}/links` }))
        .json()
        .data.find((item: { title?: string }) => item.title === 'Late-night gallery');
      await page.goto(`/go/${marked.id}`);
      expect(await wordsOutsideBrackets(page, PAGE_CONTENT), 'the warning before a link').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
