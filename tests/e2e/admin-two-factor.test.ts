import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { createAdmin, createUser } from '../helpers/factories.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Second factors and admins in the browser (issue 29): a site with
// REQUIRE_ADMIN_2FA sends an admin without one to set it up before the control
// center opens; an admin removes the factors of a user who lost their phone;
// a creator turns the app off and makes new recovery codes behind the password.

const running = useServerAndBrowser(() => ({ requireAdmin2fa: true }));
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function signIn(username: string, password: string, width: number): Promise<Page> {
  return signInPage(running.browser, running.server.baseUrl, { username, password }, { width });
}

/** Turn the app on for a signed-in page through the API (as the page would), answering the secret. */
async function turnOnThroughApi(page: Page): Promise<string> {
  const secret = await page.evaluate(
    async () => (await (await fetch('/api/me/two-factor/totp', { method: 'POST' })).json()).data.secret as string,
  );
  const status = await page.evaluate(
    (code) =>
      fetch('/api/me/two-factor/totp/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      }).then((response) => response.status),
    codeAt(secret, Date.now()),
  );
  expect(status).toBe(200);
  return secret;
}

describe('second factors and admins', () => {
  it.each([390, 1366])('keeps the control center closed until the admin sets one up, at %ipx', async (width) => {
    const admin = await createAdmin(running.server.testApp.app);
    const page = await signIn(admin.user.username, admin.password, width);
    await openAppPage(page, '/admin');
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    expect(await page.getByText(twoFactorMessages.adminNeedsSecondFactor).count()).toBe(1);
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.getByRole('link', { name: 'Open Account' }).click();
    await page.waitForURL('**/dashboard?tab=account');
    await turnOnThroughApi(page);
    await openAppPage(page, '/admin');
    await page.getByRole('heading', { name: 'Admin control center' }).waitFor();
    await page.context().close();
  });

  it('lets an admin remove the factors of a user who lost their phone, after asking', async () => {
    const admin = await createAdmin(running.server.testApp.app);
    const owner = await createUser(running.server.testApp.app, { password: 'secret123' });
    const userPage = await signIn(owner.user.username, 'secret123', 1366);
    await turnOnThroughApi(userPage);
    await userPage.context().close();

    const page = await signIn(admin.user.username, admin.password, 390);
    await turnOnThroughApi(page);
    await openAppPage(page, '/admin');
    await page.getByLabel('Search users').fill(owner.user.username);
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    await page.getByRole('button', { name: `Password reset link for ${owner.user.username}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Remove second factors' }).click();
    expect(await axeViolationsOf(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Yes, remove' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Removed.');
    const login = await running.server.testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: owner.user.username, password: 'secret123' },
    });
    expect(login.json().data.username).toBe(owner.user.username);
    await page.context().close();
  });

  it.each([390, 1366])('turns the app off and makes new recovery codes behind the password, at %ipx', async (width) => {
    const owner = await createUser(running.server.testApp.app, { password: 'secret123' });
    const page = await signIn(owner.user.username, 'secret123', width);
    const secret = await turnOnThroughApi(page);
    await openAppPage(page, '/dashboard?tab=account');
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'Make new recovery codes?' });
    expect(await axeViolationsOf(page)).toEqual([]);
    await codesDialog.getByLabel('Password', { exact: true }).fill('secret123');
    await codesDialog.getByRole('button', { name: 'Make new codes' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I saved them' }).click();

    await page.getByRole('button', { name: 'Turn off' }).click();
    const offDialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    expect(await axeViolationsOf(page)).toEqual([]);
    await offDialog.getByLabel('Password', { exact: true }).fill('secret123');
    await offDialog.getByLabel('Code from the app').fill(codeAt(secret, Date.now() + 30_000));
    await offDialog.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Set up authenticator app' }).waitFor();
    await page.context().close();
  });
});
