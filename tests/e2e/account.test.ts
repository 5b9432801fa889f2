import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/account.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';
import { createAdmin, createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';

const running = useServerAndBrowser();
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signedInPage(password: string, width = 1280): Promise<{ page: Page; username: string }> {
  const { user } = await createUser(running.server.testApp.app, { password });
  const page = await signInPage(running.browser, running.server.baseUrl, { username: user.username, password }, { width });
  return { page, username: user.username };
}

/** A second session of the account, from a phone, through the API. */
async function signInFromPhone(username: string, password: string): Promise<string> {
  const response = await running.server.testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': PHONE },
    payload: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return response.cookies.find((cookie) => cookie.name === 'lv_session')!.value;
}

const stillSignedIn = async (token: string) =>
  (await running.server.testApp.app.inject({ url: '/api/auth/me', headers: { cookie: `lv_session=${token}` } })).statusCode === 200;

describe('the Account section', () => {
  it('opens from Settings, changes the password, and signs out the other sessions but this one', async () => {
    const { page, username } = await signedInPage('secret123');
    const phone = await signInFromPhone(username, 'secret123');
    await page.getByRole('button', { name: 'Settings', exact: true }).first().click();
    await page.waitForURL('**/dashboard?tab=account');
    // Registering signed in too: that session, this browser's and the phone's.
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(3);
    expect(await page.getByTestId('session-row').filter({ hasText: 'This device' }).count()).toBe(1);
    expect(await page.getByTestId('session-row').filter({ hasText: 'Mobile Safari on mobile' }).count()).toBe(1);

    const form = page.getByRole('form', { name: 'Change password' });
    // The shared rules first: a mismatch is said before anything is sent.
    await form.getByLabel('Current password').fill('secret123');
    await form.getByLabel('New password', { exact: true }).fill('a-new-secret');
    await form.getByLabel('Confirm new password').fill('something-else');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe("Passwords don't match");
    // The server's answer to a wrong current password, beside the form.
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('Confirm new password').fill('a-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe(accountMessages.currentPasswordIncorrect);
    expect(await stillSignedIn(phone)).toBe(true);

    await form.getByLabel('Current password').fill('secret123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText(accountMessages.passwordChanged, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    expect(await stillSignedIn(phone)).toBe(false);
    // This session stays: the dashboard still answers after a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('session-row').filter({ hasText: 'This device' }).count()).toBe(1);
    await page.context().close();
  });

  it('signs out one session, or every other one after asking', async () => {
    const { page, username } = await signedInPage('secret123', 390);
    const phones = [await signInFromPhone(username, 'secret123'), await signInFromPhone(username, 'secret123')];
    await page.goto('/dashboard?tab=account');
    // Registering signed in too: that session, this browser's and the two phones'.
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(4);
    await page.getByRole('button', { name: 'Sign out Mobile Safari on mobile' }).first().click();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(3);
    expect((await Promise.all(phones.map(stillSignedIn))).filter(Boolean)).toHaveLength(1);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('will need your password to sign in again');
    await dialog.getByRole('button', { name: 'Sign out others' }).click();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    expect((await Promise.all(phones.map(stillSignedIn))).filter(Boolean)).toHaveLength(0);
    expect(await page.getByRole('button', { name: 'Sign out all other sessions' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the language of the person', () => {
  it("is picked in Account and saved at once; the page and the dashboard's preview speak it, right to left in Arabic", async () => {
    const { page, username } = await signedInPage('secret123', 390);
    await openAppPage(page, '/dashboard?tab=account');
    const picker = page.getByLabel('Your language');
    expect(await picker.inputValue()).toBe('en');
    await picker.selectOption('ar');
    // Said in the language just picked, which the dashboard speaks from then on.
    await expect.poll(() => page.getByText('حُفظت اللغة: العربية').isVisible()).toBe(true);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await axeViolationsOf(page)).toEqual([]);

    // The public page, which has no language of its own, speaks it at once.
    const html = await (await page.request.get(`/${username}`)).text();
    expect(html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    // So does the preview beside the links, once its catalog has loaded.
    await openAppPage(page, '/dashboard?tab=links');
    const preview = page.getByTestId('profile-preview').locator('.lv-page');
    await expect.poll(() => preview.getAttribute('dir')).toBe('rtl');
    expect(await preview.getAttribute('lang')).toBe('ar');
    // (At phone width the preview waits behind its button: its words are read, not seen.)
    await expect.poll(() => preview.textContent()).toContain('لا توجد روابط بعد');

    // A language of the page's own wins over the person's (the Profile tab speaks the person's: Arabic).
    await openAppPage(page, '/dashboard?tab=profile');
    await page.getByLabel('لغة الصفحة').selectOption('de');
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await expect.poll(() => page.getByText('حُفظت الإعدادات').first().isVisible()).toBe(true);
    await openAppPage(page, '/dashboard?tab=links');
    await expect.poll(() => page.getByTestId('profile-preview').locator('.lv-page').getAttribute('lang')).toBe('de');
    expect(await page.getByTestId('profile-preview').locator('.lv-page').getAttribute('dir')).toBe('ltr');
    await page.context().close();
  });
});

describe('a password reset link from an admin', () => {
  it('is made in the control center, shown once, and sets a new password that signs in', async () => {
    const app = running.server.testApp.app;
    const admin = await createAdmin(app);
    const member = await createUser(app, { password: 'forgotten-1' });
    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 900 } });
    await context.addCookies([{ name: 'lv_session', value: admin.cookie.split('=')[1]!, url: running.server.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByLabel('Search users').fill(member.user.username);
    await page.getByRole('button', { name: `Password reset link for ${member.user.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Password reset link' });
    await dialog.getByRole('button', { name: 'Make link' }).click();
    const field = dialog.getByLabel('Link (shown once)');
    await expect.poll(() => field.inputValue()).toMatch(/\/reset-password#token=/);
    const link = await field.inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await context.close();

    // The member, in a browser of their own.
    const visitor = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 900 } });
    const resetPage = await visitor.newPage();
    await resetPage.goto(link);
    const form = resetPage.getByRole('form', { name: 'Set a new password' });
    await form.getByLabel('New password', { exact: true }).fill('remembered-2');
    await form.getByLabel('Confirm new password').fill('remembered-2');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => resetPage.getByText(passwordResetMessages.passwordReset).isVisible()).toBe(true);
    // The spent link leaves the address bar.
    expect(new URL(resetPage.url()).hash).toBe('');
    await resetPage.getByRole('link', { name: 'Log in' }).click();
    await resetPage.waitForURL('**/login');
    await resetPage.fill('#username', member.user.username);
    await resetPage.fill('#password', 'remembered-2');
    await resetPage.getByRole('button', { name: 'Enter Linkverse' }).click();
    await resetPage.waitForURL('**/dashboard');

    // Opened again, the link says it is spent as the page opens, before any password is typed (issue 51).
    await resetPage.goto(link);
    await expect.poll(() => resetPage.getByRole('alert').first().textContent()).toBe(passwordResetMessages.linkInvalid);
    expect(await resetPage.getByLabel('New password', { exact: true }).count()).toBe(0);
    await visitor.close();
  });

  it('opens each tab at its top, and "Add email" lands on the email field, focused', async () => {
    const { page } = await signedInPage('tabs-top-123', 390);
    await openAppPage(page, '/dashboard?tab=account');
    const addEmail = page.getByRole('button', { name: 'Add email' });
    await addEmail.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await addEmail.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('profile-email');
    expect(await page.locator('#profile-email').isVisible()).toBe(true);
    // Scrolled down on a tab, another tab opens at its top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Analytics', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'analytics');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });
});

describe('the summary by email', () => {
  it('is a weekly summary on Free, and on Business a report every week or every month, said as chosen', async () => {
    const { app } = running.server.testApp;
    for (const plan of ['free', 'business'] as const) {
      const { user } = await createUser(app, { password: 'summary-123' });
      await app.db
        .updateTable('users')
        .set({ plan, email: `${user.username}@example.test`, emailConfirmedAt: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute();
      const page = await signInPage(
        running.browser,
        running.server.baseUrl,
        { username: user.username, password: 'summary-123' },
        { width: 390 },
      );
      await openAppPage(page, '/dashboard?tab=account');
      const toggle = page.getByRole('switch', { name: 'Weekly summary by email' });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      const often = page.getByRole('group', { name: 'How often the report goes' });
      if (plan === 'free') {
        expect(await often.count()).toBe(0);
        expect(await page.getByText('Every Monday: last week’s views, visitors, clicks and your most clicked links.').isVisible()).toBe(
          true,
        );
      } else {
        await often.getByRole('button', { name: 'Every month' }).click();
        await expect.poll(() => often.getByRole('button', { name: 'Every month' }).getAttribute('aria-pressed')).toBe('true');
        expect(await page.getByText(/^On the 1st: last month beside the days before it/).isVisible()).toBe(true);
        const saved = await app.db
          .selectFrom('users')
          .select(['weeklySummary', 'summaryEvery'])
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(saved).toEqual({ weeklySummary: 1, summaryEvery: 'month' });
      }
      expect(await axeViolationsOf(page)).toEqual([]);
      await page.context().close();
    }
  });
});

describe('signing in from a page that asked for it', () => {
  it('returns to that page, and never to another site', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const signIn = async () => {
      await page.fill('#username', user.username);
      await page.fill('#password', 'secret123');
      await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    };
    await openAppPage(page, '/dashboard?tab=analytics');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/dashboard?tab=analytics');
    await signIn();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '?tab=analytics');
    await context.clearCookies();

    await openAppPage(page, '/login?next=https%3A%2F%2Fevil.example%2F');
    await signIn();
    await page.waitForURL((url) => url.origin === running.server.baseUrl && url.pathname === '/dashboard' && url.search === '');
    await context.close();
  });

  it('makes an API token shown once, which a script then uses, and revokes it after asking', async () => {
    const { page, username } = await signedInPage('secret123');
    await page.goto('/dashboard?tab=account');
    await page.getByRole('button', { name: 'New token' }).click();
    const form = page.getByRole('form', { name: 'New API token' });
    // The shared schema's message, before anything is sent.
    await form.getByRole('button', { name: 'Make token' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Please name the token (what will use it)');
    await form.getByLabel('Name').fill('Link sync');
    await form.getByRole('checkbox', { name: /^Change links/ }).check();
    await form.getByLabel('Expires').selectOption({ label: 'In 30 days' });
    await form.getByRole('button', { name: 'Make token' }).click();
    const token = await page.getByLabel('Token', { exact: true }).inputValue();
    expect(token).toMatch(/^lv_/);
    await page.getByRole('button', { name: 'Done' }).click();
    // Gone from the page for good: the list shows its name, scopes and use, never the token.
    expect(await page.getByText(token).count()).toBe(0);
    await expect.poll(() => page.getByTestId('token-row').textContent()).toContain('links:read · links:write');

    // A script with it adds a link, and the list says it was used.
    const app = running.server.testApp.app;
    const added = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Synced', url: 'https://sync.example/' },
    });
    expect(added.statusCode).toBe(201);
    await page.reload();
    await expect.poll(() => page.getByTestId('token-row').textContent()).toContain('last used');
    expect((await app.inject({ url: `/api/public/${username}` })).json().data.links[0].title).toBe('Synced');

    // The API reference sends a call with it (Try it), to this site, and shows the answer.
    const userId = (await app.inject({ url: `/api/public/${username}` })).json().data.profile.id;
    const docs = await page.context().newPage();
    await docs.goto('/api/docs');
    await docs.getByLabel(/^Your API token/).fill(token);
    const operation = docs.locator('details', { has: docs.locator('code', { hasText: /^\/api\/users\/\{userId\}\/links$/ }) });
    await operation.locator('summary').click();
    const tryIt = operation.getByRole('form', { name: 'Try GET /api/users/{userId}/links' });
    await tryIt.getByLabel('userId').fill(String(userId));
    await tryIt.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => tryIt.locator('output').textContent()).toMatch(/^200 OK\n[\s\S]*"title": "Synced"/);
    expect(await axeViolationsOf(docs)).toEqual([]);
    await docs.close();

    // Revoked after the confirmation, it stops working at once.
    await page.getByRole('button', { name: 'Revoke Link sync' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke “Link sync”?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByTestId('token-row').count()).toBe(0);
    const refused = await app.inject({ url: '/api/me/customization', headers: { authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(401);
  });
});
