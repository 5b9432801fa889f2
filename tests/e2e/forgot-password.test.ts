import { TYPED_USERNAME_MISMATCH } from '#shared/typed-username.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/account.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';
import { createUser } from '../helpers/factories.ts';
import { MailServer, linkIn } from '../helpers/mail-server.ts';
import { openAppPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// The product with mail set up, speaking SMTP to a real server (smtp-server) on
// a local port; the test reads the mail and follows its links in Chromium.
// Links in mail point to PUBLIC_URL; the test opens their path and fragment on
// the server it started (its port is chosen at start).
const mail = new MailServer();
beforeAll(() => mail.start().then(() => undefined));
afterAll(() => mail.stop());
const running = useServerAndBrowser(() => ({
  mail: { delivery: 'smtp' as const, smtpUrl: mail.url, from: 'Linkverse <no-reply@linkverse.test>', origin: 'http://linkverse.test' },
}));

const onThisServer = (link: URL) => `${link.pathname}${link.hash}`;

describe('a forgotten password, by email', () => {
  it('from confirming the address, through "Forgot password?" and the mailed link, to signing in with the new password', async () => {
    const app = running.server.testApp.app;
    const member = await createUser(app, { password: 'old-secret-1' });
    const email = `${member.user.username}@example.test`;
    await app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: member.cookie }, payload: { email } });

    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The confirmation link, opened in the browser.
    const confirmation = await mail.mailTo(email, { subject: /Confirm your email/ });
    await openAppPage(page, onThisServer(linkIn(confirmation, '/confirm-email')));
    await page.getByRole('heading', { name: accountMessages.emailConfirmed }).waitFor();
    expect(page.url()).not.toContain('token=');

    await openAppPage(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Username or email').fill(member.user.username);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByText(passwordResetMessages.linkOnItsWay).count()).toBe(1);

    const reset = await mail.mailTo(email, { subject: /Reset your/ });
    await openAppPage(page, onThisServer(linkIn(reset, '/reset-password')));
    await page.getByLabel('New password', { exact: true }).fill('new-secret-2');
    await page.getByLabel('Confirm new password').fill('new-secret-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await page.fill('#username', member.user.username);
    await page.fill('#password', 'new-secret-2');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
    // The used link, opened again, says so at once, before any password is typed (issue 51), and offers a new one.
    const again = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 844 } });
    const used = await again.newPage();
    await openAppPage(used, onThisServer(linkIn(reset, '/reset-password')));
    await expect.poll(() => used.getByRole('alert').textContent()).toBe(passwordResetMessages.linkInvalid);
    expect(await used.getByLabel('New password', { exact: true }).count()).toBe(0);
    await used.getByRole('link', { name: 'Ask for a new link' }).click();
    await used.waitForURL('**/forgot-password');
    await again.close();
  });

  it('an account deleted from the Account tab is gone at once, and signing in again offers to keep it', async () => {
    const app = running.server.testApp.app;
    const member = await createUser(app, { password: 'keep-me-123' });
    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const signIn = async () => {
      await openAppPage(page, '/login');
      await page.fill('#username', member.user.username);
      await page.fill('#password', 'keep-me-123');
      await page.getByRole('button', { name: 'Enter Linkverse' }).click();
      await page.waitForURL('**/dashboard');
    };
    await signIn();
    await openAppPage(page, '/dashboard?tab=account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('keep-me-123');
    await dialog.getByLabel(/to confirm/).fill('not-the-name');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(TYPED_USERNAME_MISMATCH);
    expect((await app.inject({ url: `/${member.user.username}` })).statusCode).toBe(200);

    await dialog.getByLabel(/to confirm/).fill(member.user.username);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const scheduled = page.getByRole('dialog', { name: 'Your account is scheduled for deletion' });
    await scheduled.waitFor();
    expect((await app.inject({ url: `/${member.user.username}` })).statusCode).toBe(410);
    // It offers only what it can do: the sessions are over, so there is nothing to cancel back to.
    expect(await scheduled.getByRole('button').allTextContents()).toEqual(['Done']);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await signIn();
    await page.getByRole('heading', { name: 'Your account is scheduled for deletion' }).waitFor();
    await page.getByRole('button', { name: 'Keep my account' }).click();
    await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
    expect((await app.inject({ url: `/${member.user.username}` })).statusCode).toBe(200);
    await context.close();
  });
});
