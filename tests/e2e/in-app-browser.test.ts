import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createLink, createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { afterAnimations, axeViolationsOf } from '../helpers/pages.ts';

// A page opened inside an app's own browser (issue 31), as a phone shows it:
// Chromium given the apps' user agents.

const running = useServerAndBrowser();

const INSTAGRAM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,3; iOS 17_5; en_US)';
const TIKTOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; SM-A515F; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 musical_ly_2023304040 BytedanceWebview/d8a21c6';

async function creatorPage() {
  const creator = await createUser(running.server.testApp.app, { displayName: 'Bar Tester' });
  await createLink(running.server.testApp.app, creator, { title: 'My shop', url: 'https://shop.example/' });
  return `${running.server.baseUrl}/${creator.user.username}`;
}

async function visitorIn(userAgent: string, javaScriptEnabled = true): Promise<Page> {
  const context = await running.browser.newContext({ userAgent, viewport: { width: 390, height: 844 }, javaScriptEnabled });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.server.baseUrl });
  return context.newPage();
}

describe('the bar of a page opened in an app’s own browser', () => {
  it('says how to leave Instagram on an iPhone, copies the link, closes, and passes axe', async () => {
    const address = await creatorPage();
    const page = await visitorIn(INSTAGRAM_IPHONE);
    await page.goto(address);
    const bar = page.getByRole('complementary', { name: 'Open in your browser' });
    expect(await bar.textContent()).toContain("You are in Instagram's browser.");
    // The bar sits above the page without pushing it sideways, and a short page still fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(true);
    await afterAnimations(page);
    expect(await axeViolationsOf(page)).toEqual([]);

    await bar.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => bar.getByRole('status').textContent()).toBe('Link copied. Paste it in your browser.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    await bar.getByRole('button', { name: 'Close this bar' }).click();
    expect(await page.locator('.lv-inapp').count()).toBe(0);
    expect(await page.locator('.lv-link-title').first().textContent()).toBe('My shop');
    await page.context().close();
  });

  it('opens the page in the visitor’s browser from TikTok on Android, by an intent address', async () => {
    const address = await creatorPage();
    const page = await visitorIn(TIKTOK_ANDROID);
    await page.goto(address);
    const open = page.getByRole('link', { name: 'Open in your browser' });
    const { host, pathname } = new URL(address);
    expect(await open.getAttribute('href')).toBe(
      `intent://${host}${pathname}#Intent;scheme=http;S.browser_fallback_url=${encodeURIComponent(address)};end`,
    );
    await afterAnimations(page);
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('still says the way out without script, and offers no button that needs it', async () => {
    const page = await visitorIn(INSTAGRAM_IPHONE, false);
    await page.goto(await creatorPage());
    const bar = page.getByRole('complementary', { name: 'Open in your browser' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.getByRole('button').count()).toBe(0);
    await page.context().close();
  });

  it('is turned off by its creator in Profile settings, and asks before leaving while that is unsaved', async () => {
    const creator = await createUser(running.server.testApp.app, { password: 'secret123' });
    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 844 } });
    const [name, value] = creator.cookie.split(';')[0]!.split('=') as [string, string];
    await context.addCookies([{ name, value, url: running.server.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/dashboard?tab=profile');
    const offer = page.getByRole('switch', { name: 'Offer to leave in-app browsers' });
    expect(await offer.getAttribute('aria-checked')).toBe('true');
    await offer.click();
    // Unsaved: switching tabs asks first.
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await page.getByRole('button', { name: 'Analytics', exact: true }).first().click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect.poll(() => ask.isVisible()).toBe(true);
    expect(await ask.textContent()).toContain('Your unsaved changes in Profile Settings will be lost.');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Settings saved', { exact: true }).isVisible()).toBe(true);

    const visitor = await visitorIn(INSTAGRAM_IPHONE);
    await visitor.goto(`${running.server.baseUrl}/${creator.user.username}`);
    expect(await visitor.locator('.lv-inapp').count()).toBe(0);
    await visitor.context().close();
    await context.close();
  });
});
