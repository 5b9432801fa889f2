import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createLink, createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { afterAnimations, axeViolationsOf } from '../helpers/pages.ts';

// The public page's share button and the share page it leads to (issue 31).

const running = useServerAndBrowser();

async function creatorPage() {
  const creator = await createUser(running.server.testApp.app, { displayName: 'Share Tester' });
  await createLink(running.server.testApp.app, creator, { title: 'My shop', url: 'https://shop.example/' });
  return `${running.server.baseUrl}/${creator.user.username}`;
}

async function visitor(width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await running.browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.server.baseUrl });
  return context.newPage();
}

describe('sharing a public page', () => {
  it.each([390, 1366])('goes from the share button to the share page, copies the address, and passes axe at %ipx', async (width) => {
    const address = await creatorPage();
    const page = await visitor(width);
    await page.goto(address);
    await page.getByRole('link', { name: 'Share this page' }).click();
    await page.waitForURL(`${address}?share`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("Share Share Tester's page");
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`Share Tester on Linkverse ${address}`)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await afterAnimations(page);
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.getByRole('link', { name: "Back to Share Tester's page" }).click();
    await page.waitForURL(address);
    await page.context().close();
  });

  it('works without script: the address and each service’s share link, and no button that needs script', async () => {
    const address = await creatorPage();
    const page = await visitor(390, false);
    await page.goto(address);
    await page.getByRole('link', { name: 'Share this page' }).click();
    await page.waitForURL(`${address}?share`);
    expect(await page.getByText(address.replace('http://', '')).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Share on' }).getByRole('link').count()).toBe(6);
    expect(await page.getByRole('button').count()).toBe(0);
    await page.context().close();
  });
});
