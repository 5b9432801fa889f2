import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Plan } from '#shared/constants.ts';
import { createLink, createUser, setPlan } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { axeViolationsOf } from '../helpers/pages.ts';
import { pngImage } from '../helpers/uploads.ts';

// The dashboard's SEO tab (issue 52 §3): Business edits how the page looks in
// search and on share cards, with previews and a check panel that follow the
// edits, and the page carries what was saved; other plans see what the tools
// are and which plan has them.

const running = useServerAndBrowser();
const app = () => running.server.testApp.app;

/** A creator on `plan`, signed in by the cookie the API gave (the sign-in forms are tested elsewhere), on the SEO tab. */
async function seoTabOf(plan: Plan, width: number): Promise<{ page: Page; username: string }> {
  const creator = await createUser(app(), { displayName: 'Mira Okafor' });
  await setPlan(app(), creator.user.id, plan);
  await createLink(app(), creator, { title: 'https://shop.example/', url: 'https://shop.example/' });
  const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width, height: 900 } });
  const [name, value] = creator.cookie.split(';')[0]!.split('=');
  await context.addCookies([
    { name: name!, value: value!, url: running.server.baseUrl },
    { name: 'lv_signed_in', value: '1', url: running.server.baseUrl },
  ]);
  const page = await context.newPage();
  await page.goto('/dashboard?tab=seo');
  return { page, username: creator.user.username };
}

describe('the SEO tab', () => {
  it.each([390, 1366])('on Business edits the search and share appearance, with live checks, at %ipx', async (width) => {
    const { page, username } = await seoTabOf('business', width);
    const checks = page.getByTestId('seo-checks');
    await checks.waitFor();
    // What holds the page back before anything is written: no title, no description, a link titled with its address.
    await expect
      .poll(() => checks.locator('[data-check]').evaluateAll((items) => items.map((item) => item.getAttribute('data-check'))))
      .toEqual(['title-missing', 'description-missing', expect.stringMatching(/^link-title-\d+$/)]);
    expect(await axeViolationsOf(page)).toEqual([]);
    // Nothing changed yet: nothing to save.
    expect(await page.getByRole('button', { name: 'Save SEO settings' }).isDisabled()).toBe(true);
    // Without an image of its own, the card shows the generated one, under an address that changes with the page
    // (a copy the browser kept from before a change of look is never shown).
    const generated = page.getByTestId('share-preview').locator('img');
    expect(await generated.getAttribute('src')).toMatch(new RegExp(`^/${username}/og\\.png\\?draft=[0-9a-z]+$`));
    await expect.poll(() => generated.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);

    await page.getByLabel('Title', { exact: true }).fill('Mira Okafor · Ceramics from Lisbon');
    await page.getByLabel('Description', { exact: true }).fill('Handmade bowls and cups, new pieces every month.');
    await expect.poll(() => page.getByTestId('search-preview').textContent()).toContain('Mira Okafor · Ceramics from Lisbon');
    expect(await page.getByTestId('search-preview').textContent()).toContain('Handmade bowls and cups');
    await page.getByLabel('Share title').fill('Mira’s studio');
    await expect.poll(() => page.getByTestId('share-preview').textContent()).toContain('Mira’s studio');
    await expect.poll(() => checks.locator('[data-check]').count()).toBe(1);
    // Hidden from search engines: the panel says so at once.
    await page.getByRole('switch', { name: 'Hide from search engines' }).click();
    await expect.poll(() => checks.locator('[data-check="noindex"]').count()).toBe(1);
    await page.getByRole('switch', { name: 'Hide from search engines' }).click();

    // An image of its own for the cards: a small one is kept at its size, and the panel says so, and asks for its text.
    await page.locator('input[type="file"]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await pngImage(400, 300) });
    await expect.poll(() => page.getByTestId('share-image-size').textContent()).toBe('400 × 210');
    await expect.poll(() => checks.locator('[data-check^="share-image"]').count()).toBe(2);
    expect(await page.getByTestId('share-preview').locator('img').getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    await page.getByLabel('What the image shows').fill('Three glazed bowls on a shelf');
    await expect.poll(() => checks.locator('[data-check="share-image-alt"]').count()).toBe(0);

    // A code of the wrong shape is refused by the form, on its field, as the server would.
    await page.getByLabel('Google Search Console').fill('not a code');
    await page.getByRole('button', { name: 'Save SEO settings' }).click();
    await expect.poll(() => page.getByText('This is not a Google Search Console code').first().isVisible()).toBe(true);
    expect(await page.getByLabel('Google Search Console').getAttribute('aria-invalid')).toBe('true');
    await page
      .getByLabel('Google Search Console')
      .fill('<meta name="google-site-verification" content="abcdefghijklmnopqrstuvwxyz_0123456789-ABCD" />');
    await page.getByRole('button', { name: 'Save SEO settings' }).click();
    await expect.poll(() => page.getByText('SEO settings saved: your page shows them now.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Save SEO settings' }).isDisabled()).toBe(true);
    expect(await axeViolationsOf(page)).toEqual([]);

    const html = await (await page.request.get(`/${username}`)).text();
    expect(html).toContain('<title>Mira Okafor · Ceramics from Lisbon</title>');
    expect(html).toContain('<meta name="google-site-verification" content="abcdefghijklmnopqrstuvwxyz_0123456789-ABCD">');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f]{64}\.jpg">/);
    expect(html).toContain('<meta property="og:image:alt" content="Three glazed bowls on a shelf">');
    await page.context().close();
  });

  it.each(['free', 'pro'] as const)('on %s says what SEO tools are and which plan has them', async (plan) => {
    const { page } = await seoTabOf(plan, 1366);
    await expect.poll(() => page.getByText('SEO tools come with Business.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'See Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0);
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.context().close();
  });
});
