import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAdmin, createLink, createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { afterAnimations, afterNextFrames, axeViolationsOf } from '../helpers/pages.ts';

// axe-core on every page type at phone and desktop width (issue 11): no violation
// of WCAG 2 A/AA (colour contrast included), and no horizontal overflow.

const running = useServerAndBrowser();
const WIDTHS = [390, 1366] as const;

async function newContext(width: number, cookie?: string): Promise<BrowserContext> {
  const context = await running.browser.newContext({
    baseURL: running.server.baseUrl,
    viewport: { width, height: width < 500 ? 844 : 900 },
  });
  if (cookie) {
    const [pair] = cookie.split(';');
    const [name, value] = pair!.split('=');
    await context.addCookies([{ name: name!, value: value!, url: running.server.baseUrl }]);
    await context.addCookies([{ name: 'lv_signed_in', value: '1', url: running.server.baseUrl }]);
  }
  return context;
}

async function expectAccessible(page: Page, label: string) {
  // Loaded, taken over by its script when it has one (the ready mark), its fonts and pictures in, a frame
  // drawn since, and still: axe measures what is on screen. (Not 'networkidle': half a second of quiet per page.)
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      (document.documentElement.dataset.app === 'ready' || !document.querySelector('script[type="module"][src^="/assets/"]')) &&
      [...document.images].every((image) => image.complete),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await afterNextFrames(page);
  await afterAnimations(page);
  expect(await axeViolationsOf(page), label).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${label} overflows`).toBe(true);
}

async function open(page: Page, path: string, ready: () => Promise<unknown>) {
  await page.goto(path);
  await ready();
}

// Each test walks many pages with axe: on a two-core machine the slowest took over a minute, so these get three.
describe('accessibility (axe) at phone and desktop width', { timeout: 180_000 }, () => {
  // One test per width.
  it.each(WIDTHS)('the public site, a public profile, the 404 pages and coming-soon at %ipx', async (width) => {
    const creator = await createUser(running.server.testApp.app, { displayName: 'Axe Creator' });
    await createLink(running.server.testApp.app, creator, { title: 'My shop', url: 'https://shop.example/' });
    // With the email sign-up form on the page (issue 31).
    await running.server.testApp.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: creator.cookie },
      payload: { subscribeForm: true, subscribeConsent: 'News about my shop, once a month. Leave any time.' },
    });
    // Every block type between the links (issue 30).
    for (const payload of [
      { type: 'header', title: 'Listen' },
      { type: 'text', text: 'New episodes every Friday.\nTickets at www.tickets.example' },
      { type: 'divider' },
    ]) {
      await running.server.testApp.app.inject({ method: 'POST', url: '/api/links/blocks', headers: { cookie: creator.cookie }, payload });
    }
    await createLink(running.server.testApp.app, creator, { title: 'Podcast', url: 'https://pod.example/' });
    const hidden = await createLink(running.server.testApp.app, creator, {
      title: 'Hidden',
      url: 'https://hidden.example/',
      isActive: false,
    });
    // A page behind a content warning, and a link behind one (issue 30).
    const warned = await createUser(running.server.testApp.app, { displayName: 'Velvet Room' });
    await running.server.testApp.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: warned.cookie },
      payload: { contentWarning: '18' },
    });
    const markedLink = await createLink(running.server.testApp.app, creator, {
      title: 'Gallery',
      url: 'https://gallery.example/',
      contentWarning: 'sensitive',
    });
    // An account being deleted: its page answers 410.
    const leaving = await createUser(running.server.testApp.app);
    await running.server.testApp.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: leaving.cookie },
      payload: { password: leaving.password, username: leaving.user.username },
    });
    const paths = [
      '/',
      '/features',
      '/services',
      '/services/business-solutions',
      '/support',
      '/examples',
      '/pricing',
      '/login',
      '/register',
      '/services/analytics',
      '/docs/configuration',
      '/guides',
      '/guides/getting-started',
      '/blog',
      '/privacy',
      '/docs/no-such-page',
      `/${creator.user.username}`,
      `/${creator.user.username}?share`,
      `/${creator.user.username}/unsubscribe?token=${'a'.repeat(43)}`,
      '/no-such-user-here',
      '/coming-soon',
      '/reset-password#token=an-example-token',
      '/forgot-password',
      '/confirm-email#token=an-example-token',
      `/${leaving.user.username}`,
      `/go/${hidden.id}`,
      `/${warned.user.username}`,
      `/${warned.user.username}?agree`,
      `/go/${markedLink.id}`,
    ];
    const context = await newContext(width);
    const page = await context.newPage();
    for (const path of paths) {
      await open(page, path, () => page.locator('h1').first().waitFor());
      await expectAccessible(page, `${path} at ${width}px`);
    }
    await context.close();
  });

  it.each(WIDTHS)('every dashboard tab and every admin tab at %ipx', async (width) => {
    const admin = await createAdmin(running.server.testApp.app);
    await createLink(running.server.testApp.app, admin, { title: 'Portfolio', url: 'https://portfolio.example/' });
    for (const payload of [
      { type: 'header', title: 'Work' },
      { type: 'text', text: 'Open to commissions: www.studio.example' },
      { type: 'divider' },
    ]) {
      await running.server.testApp.app.inject({ method: 'POST', url: '/api/links/blocks', headers: { cookie: admin.cookie }, payload });
    }
    const context = await newContext(width, admin.cookie);
    const page = await context.newPage();
    for (const tab of ['overview', 'links', 'profile', 'analytics', 'customize', 'subscribers', 'page', 'account']) {
      await open(page, `/dashboard?tab=${tab}`, () => page.getByTestId('sidebar-display-name').first().waitFor({ state: 'attached' }));
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `dashboard ${tab} at ${width}px`);
    }
    // The contrast warnings: at Customize's colours (the text and the link's colour) and in the link form.
    await open(page, '/dashboard?tab=customize', () => page.getByRole('tab', { name: 'Colors' }).waitFor());
    await page.getByRole('tab', { name: 'Colors' }).click();
    await page.getByLabel('Text colour', { exact: true }).fill('#777777');
    await page.getByText("Your page's text on its background reads at").waitFor();
    await expectAccessible(page, `contrast warnings in Customize at ${width}px`);
    await page.getByRole('button', { name: /^Use #[0-9A-F]{6}$/ }).click();
    await open(page, '/dashboard?tab=links&new=1', () => page.getByRole('form', { name: 'Add link' }).waitFor());
    await page.getByRole('radio', { name: 'yellow', exact: true }).click();
    await page.getByText(/^Button text on this colour reads at/).waitFor();
    await expectAccessible(page, `a contrast warning in the link form at ${width}px`);
    // The Add block menu and a text block's form.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('menuitem', { name: /Text/ }).waitFor();
    await expectAccessible(page, `the Add block menu at ${width}px`);
    await page.getByRole('menuitem', { name: /Text/ }).click();
    await page.getByRole('form', { name: 'Add text' }).waitFor();
    await expectAccessible(page, `the text block form at ${width}px`);
    await open(page, '/admin', () => page.getByRole('tab', { name: 'Users' }).waitFor());
    for (const tab of ['Users', 'Reserved usernames', 'Username history', 'Logs', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `admin ${tab} at ${width}px`);
    }
    await context.close();
  });

  it.each(WIDTHS)('the account dialogs, an account waiting out its deletion and the delete-user dialog at %ipx', async (width) => {
    const app = running.server.testApp.app;
    const admin = await createAdmin(app);
    const context = await newContext(width, admin.cookie);
    const page = await context.newPage();
    await open(page, '/dashboard?tab=account', () => page.getByRole('button', { name: 'Export my data' }).waitFor());
    for (const [button, dialog] of [
      ['Export my data', 'Export my data'],
      ['Delete my account', 'Delete your account?'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      await expectAccessible(page, `${dialog} at ${width}px`);
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
    // API tokens (issue 32): the form, the token shown once, and the revoke dialog.
    await page.getByRole('button', { name: 'New token' }).click();
    await page.getByRole('form', { name: 'New API token' }).waitFor();
    await expectAccessible(page, `the new token form at ${width}px`);
    await page.getByLabel('Name').fill('Checker');
    await page.getByRole('button', { name: 'Make token' }).click();
    await page.getByLabel('Token', { exact: true }).waitFor();
    await expectAccessible(page, `a new token at ${width}px`);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke Checker' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke “Checker”?' }).waitFor();
    await expectAccessible(page, `revoking a token at ${width}px`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await open(page, '/dashboard?tab=customize', () => page.getByRole('button', { name: 'Reset All' }).waitFor());
    await page.getByRole('button', { name: 'Reset All' }).click();
    await page.getByRole('alertdialog', { name: 'Reset your whole look?' }).waitFor();
    await expectAccessible(page, `Reset All at ${width}px`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The history of looks, with a look in it, and that look previewed.
    for (const buttonStyle of ['neon', 'glass']) {
      await app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie: admin.cookie }, payload: { buttonStyle } });
    }
    await open(page, '/dashboard?tab=customize', () => page.getByRole('button', { name: 'History' }).waitFor());
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('dialog', { name: 'Earlier looks' }).getByRole('listitem').first().waitFor();
    await expectAccessible(page, `earlier looks at ${width}px`);
    await page.getByRole('button', { name: /^Preview the look saved/ }).click();
    await page
      .getByText(/^Previewing the look saved/)
      .filter({ visible: true })
      .waitFor();
    await expectAccessible(page, `an earlier look previewed at ${width}px`);
    const member = await createUser(app);
    await open(page, '/admin', () => page.getByRole('tab', { name: 'Users' }).waitFor());
    await page.getByRole('button', { name: `Delete ${member.user.username}` }).click();
    await page.getByRole('dialog', { name: `Delete @${member.user.username}?` }).waitFor();
    await expectAccessible(page, `delete user, first question, at ${width}px`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Delete for good' }).waitFor();
    await expectAccessible(page, `delete user, name typed out, at ${width}px`);
    await context.close();

    await app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: member.cookie },
      payload: { password: member.password, username: member.user.username },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.user.username, password: member.password },
    });
    const leaving = await newContext(width, login.headers['set-cookie']!.toString());
    const pending = await leaving.newPage();
    await open(pending, '/dashboard', () => pending.getByRole('button', { name: 'Keep my account' }).waitFor());
    await expectAccessible(pending, `pending deletion at ${width}px`);
    await leaving.close();
  });
});
