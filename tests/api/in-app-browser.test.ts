import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, setPlan } from '../helpers/factories.ts';

// A page opened inside an app's own browser (issue 31): the bar with the way
// out its platform allows, the creator's switch, and analytics by app.

const INSTAGRAM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,3; iOS 17_5; en_US)';
const TIKTOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; SM-A515F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 musical_ly_2023304040 JsSdk/1.0 BytedanceWebview/d8a21c6';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let creator: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
  creator = await createUser(t.app);
});
afterAll(() => t.close());

const visit = (userAgent: string, remoteAddress = '8.8.8.8') =>
  t.app.inject({ method: 'GET', url: `/${creator.user.username}`, remoteAddress, headers: { 'user-agent': userAgent } });
const barOf = (html: string) => /<aside class="lv-inapp"[^>]*>.*?<\/aside>/.exec(html)?.[0];

describe(`in-app browsers (${DIALECT})`, () => {
  it("offers an iPhone in Instagram's browser the way out of it, Copy link, and the script that runs them", async () => {
    const html = (await visit(INSTAGRAM_IPHONE)).body;
    const bar = barOf(html)!;
    expect(bar).toContain('You are in Instagram&#39;s browser. To use your own, tap ••• at the top and choose to open in the browser.');
    expect(bar).toContain(`data-address="https://links.example/${creator.user.username}"`);
    expect(bar).not.toContain('intent://');
    // Copy link and Close need script: hidden until it runs.
    expect(bar).toMatch(/<button type="button" class="lv-inapp-copy"[^>]* hidden>Copy link<\/button>/);
    expect(html).toMatch(/<script src="\/static\/profile-effects-[0-9a-f]{12}\.js" defer><\/script>/);
  });

  it("hands an Android phone in TikTok's browser to the visitor's browser by an intent address", async () => {
    const bar = barOf((await visit(TIKTOK_ANDROID)).body)!;
    const page = `https://links.example/${creator.user.username}`;
    expect(bar).toContain(
      `<a class="lv-inapp-open" href="intent://links.example/${creator.user.username}#Intent;scheme=https;S.browser_fallback_url=${encodeURIComponent(page)};end">Open in your browser</a>`,
    );
    expect(bar).toContain('You are in TikTok&#39;s browser.');
  });

  it('leaves a page in a browser of its own as it is, with no script', async () => {
    const html = (await visit(SAFARI)).body;
    expect(barOf(html)).toBeUndefined();
    expect(html).not.toContain('<script');
  });

  it('is turned off by the creator, at once', async () => {
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: creator.cookie },
      payload: { openInBrowserBar: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.openInBrowserBar).toBe(false);
    expect(barOf((await visit(INSTAGRAM_IPHONE)).body)).toBeUndefined();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: creator.cookie },
      payload: { openInBrowserBar: true },
    });
    expect(barOf((await visit(INSTAGRAM_IPHONE)).body)).toBeDefined();
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: creator.cookie },
      payload: { openInBrowserBar: 'no' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('counts views by the app they were opened in', async () => {
    const owner = await createUser(t.app);
    // Advanced analytics (issue 52 §2): the in-app share is Pro's and Business's.
    await setPlan(t.app, owner.user.id, 'pro');
    const page = (userAgent: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/${owner.user.username}`, remoteAddress, headers: { 'user-agent': userAgent } });
    await page(INSTAGRAM_IPHONE, '8.8.4.1');
    await page(INSTAGRAM_IPHONE, '8.8.4.2');
    await page(TIKTOK_ANDROID, '8.8.4.3');
    await page(SAFARI, '8.8.4.4');
    await t.app.events.flush();
    const report = (await t.app.inject({ method: 'GET', url: '/api/me/analytics?days=7', headers: { cookie: owner.cookie } })).json().data;
    expect(report.profileViews).toBe(4);
    expect(report.inAppBrowsers).toEqual([
      { name: 'Instagram', visits: 2, percentage: 50 },
      { name: 'TikTok', visits: 1, percentage: 25 },
    ]);
  });
});
