import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';
import { STAND_IN_TITLES, startEmbedProvider } from '../helpers/embed-provider.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { axeViolationsOf, openAppPage } from '../helpers/pages.ts';

// Embeds (issue 30) in the browser: nothing is asked of a provider before the
// visitor presses the placeholder, the player then loads from the one host the
// page's CSP frames, and without script the placeholder opens the video.
//
// The providers cannot be reached from here: tests/helpers/embed-provider.ts
// stands in for their oEmbed endpoints (asked by the server), and the
// browser's requests to the players' hosts are answered by Playwright's router
// with a page of our own, recorded before they are answered.

const provider = await startEmbedProvider();
afterAll(() => provider.close());
const running = useServerAndBrowser(() => ({
  embedPreviews: { enabled: true, allowLoopback: true, oembedOrigin: provider.origin, timeoutMs: 2000 },
}));

const app = () => running.server.testApp.app;

async function addBlock(owner: SignedInUser, payload: Record<string, unknown>) {
  const response = await app().inject({ method: 'POST', url: '/api/links/blocks', headers: { cookie: owner.cookie }, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; thumbnail: string | null };
}

/** A page with every kind of item: a link, a header, a text, a divider, a video and a player of tracks. */
async function pageWithEveryBlock(): Promise<{ owner: SignedInUser; video: { id: number; thumbnail: string | null } }> {
  const owner = await createUser(app(), { displayName: 'Embed Tester' });
  await createLink(app(), owner, { title: 'Shop', url: 'https://shop.example/' });
  await addBlock(owner, { type: 'header', title: 'Watch' });
  const video = await addBlock(owner, { type: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' });
  await addBlock(owner, { type: 'divider' });
  await addBlock(owner, { type: 'text', text: 'New songs every Friday, more at www.example.com' });
  await addBlock(owner, { type: 'embed', url: 'https://soundcloud.com/forss/flickermood' });
  return { owner, video };
}

/** Every request the page makes, and its frames: recorded before the router answers those that leave the site. */
async function recordedPage(javaScriptEnabled = true, width = 1366): Promise<{ page: Page; requests: string[] }> {
  const context = await running.browser.newContext({
    baseURL: running.server.baseUrl,
    javaScriptEnabled,
    // A person's browser: a headless one's own name is counted as a bot's.
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    viewport: { width, height: width < 500 ? 844 : 900 },
  });
  const requests: string[] = [];
  context.on('request', (request: Request) => requests.push(request.url()));
  // The players' hosts (and YouTube's own site, where the placeholder leads without script): a page of ours.
  await context.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player stand-in</p>' }),
  );
  return { page: await context.newPage(), requests };
}

const offSite = (requests: string[]) => requests.filter((url) => !url.startsWith(running.server.baseUrl));

describe('embeds on the public page', () => {
  it('asks no other host for anything until the visitor presses play, then frames only the player', async () => {
    const { owner, video } = await pageWithEveryBlock();
    const { page, requests } = await recordedPage();
    await page.goto(`/${owner.user.username}`);
    const play = page.getByRole('link', { name: `Play “${STAND_IN_TITLES.youtube}” (YouTube)` });
    await play.waitFor();
    // The placeholder's picture is this site's copy, fully loaded.
    await page.locator('.lv-embed-picture').evaluate((image: HTMLImageElement) => image.decode());
    expect(await page.locator('.lv-embed-picture').getAttribute('src')).toBe(video.thumbnail);
    await page.evaluate(() => document.fonts.ready);
    expect(offSite(requests)).toEqual([]);

    await play.click();
    const frame = page.locator('.lv-embed iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    await expect.poll(() => offSite(requests)).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);
    // The player took the placeholder's place; the other embed still waits for its press.
    expect(await page.locator('.lv-embed[data-playing]').count()).toBe(1);
    expect(await page.getByRole('link', { name: /^Play “Flickermood”/ }).isVisible()).toBe(true);
    // The press counts as the embed's click.
    await expect
      .poll(
        async () => {
          const rows = await app()
            .db.selectFrom('events')
            .select('linkId')
            .where('userId', '=', owner.user.id)
            .where('kind', '=', 'click')
            .execute();
          return rows.map((row) => row.linkId);
        },
        { timeout: 5000 },
      )
      .toEqual([video.id]);
  });

  it('without script, the placeholder is a link that opens the video at its provider', async () => {
    const { owner, video } = await pageWithEveryBlock();
    const { page, requests } = await recordedPage(false);
    await page.goto(`/${owner.user.username}`);
    expect(offSite(requests)).toEqual([]);
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /^Play “Never Gonna/ }).click(),
    ]);
    // A new tab: through /go (which counts it) to the video's own page.
    await expect
      .poll(() => requests.slice(-2))
      .toEqual([`${running.server.baseUrl}/go/${video.id}`, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
    await popup.close();
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it('passes axe with every block type, at both widths', async () => {
    const { owner } = await pageWithEveryBlock();
    for (const width of [390, 1366]) {
      const { page } = await recordedPage(true, width);
      await page.goto(`/${owner.user.username}`);
      await page.locator('.lv-embed-picture').evaluate((image: HTMLImageElement) => image.decode());
      expect(await axeViolationsOf(page), `${width} px`).toEqual([]);
      await page.context().close();
    }
  });

  it('adds an embed from the Add block menu, saying which provider it recognised', async () => {
    const owner = await createUser(app(), { password: 'secret123' });
    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openAppPage(page, '/login');
    await page.fill('#username', owner.user.username);
    await page.fill('#password', 'secret123');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard?tab=links');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('menuitem', { name: /^Embed/ }).click();
    const form = page.getByRole('form', { name: 'Add embed' });
    const address = form.getByLabel('Address');
    await address.fill('https://example.com/video');
    await form.getByRole('button', { name: 'Add embed' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('Only YouTube, Vimeo, Spotify and SoundCloud addresses can be embedded');
    await address.fill('https://vimeo.com/76979871');
    await expect.poll(() => form.getByText('Vimeo video recognised.').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Add embed' }).click();
    await expect.poll(() => page.getByTestId('block-content').allTextContents()).toEqual([STAND_IN_TITLES.vimeo]);
    await context.close();
  });
});
