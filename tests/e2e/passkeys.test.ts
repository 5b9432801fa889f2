import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { passkeyMessages } from '#shared/passkeys.ts';
import { createUser } from '../helpers/factories.ts';
import { axeViolationsOf, openAppPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Passkeys in the real browser (issue 29): Chromium's virtual authenticator
// (CDP WebAuthn domain) holds them. The site is opened as localhost, a secure
// context whose host can be a relying party id (an IP address cannot).

const running = useServerAndBrowser();
const localOrigin = () => running.server.baseUrl.replace('127.0.0.1', 'localhost');
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** A signed-in page with a virtual authenticator that keeps discoverable credentials and verifies its user. */
async function signedInWithAuthenticator(width: number) {
  const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
  const context = await running.browser.newContext({ baseURL: localOrigin(), viewport: { width, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await openAppPage(page, '/login');
  await page.fill('#username', user.username);
  await page.fill('#password', 'secret123');
  await page.getByRole('button', { name: 'Enter Linkverse' }).click();
  await page.waitForURL('**/dashboard');
  return { page, user, cdp, authenticatorId };
}

async function addPasskey(page: Page, name: string) {
  await openAppPage(page, '/dashboard?tab=account');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('list', { name: 'Passkeys' }).getByText(name).waitFor();
}

async function signOut(page: Page) {
  await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
  await openAppPage(page, '/login');
}

/**
 * Whether the virtual authenticator answers by itself. On, it also picks the
 * passkey the username field offers (conditional UI) as soon as the sign-in page asks.
 */
const presence = (cdp: Awaited<ReturnType<typeof signedInWithAuthenticator>>['cdp'], authenticatorId: string, enabled: boolean) =>
  cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });

describe('passkeys', () => {
  it('are added and named in Account, and sign in alone, offered by the username field', async () => {
    const { page, cdp, authenticatorId } = await signedInWithAuthenticator(1366);
    await addPasskey(page, 'Work laptop');
    expect(await axeViolationsOf(page)).toEqual([]);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // The sign-in page offers the passkey in the username field; the authenticator picks it: signed in, no password typed.
    const answers: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/passkey') && request.method() === 'POST') answers.push(request.postData() ?? '');
    });
    await signOut(page);
    await page.waitForURL('**/dashboard');
    expect(answers).toHaveLength(1);

    // The same assertion sent again: its challenge was answered once, so it signs nothing in.
    const replayed = await page.evaluate(
      (body) => fetch('/api/auth/passkey', { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.status),
      answers.at(-1)!,
    );
    expect(replayed).toBe(400);

    // Listed with its last use; removed after asking, it no longer signs in.
    await openAppPage(page, '/dashboard?tab=account');
    await page
      .getByRole('list', { name: 'Passkeys' })
      .getByText(/last used/)
      .waitFor();
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText('No passkeys yet.').waitFor();
    // The authenticator still holds it; the site no longer knows it. The username field's offer fails quietly; the button says why.
    await signOut(page);
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(passkeyMessages.unknownPasskey);
    await page.context().close();
  });

  it('stands in for the app’s code, and is refused when its counter goes backwards', async () => {
    const { page, user, cdp, authenticatorId } = await signedInWithAuthenticator(390);
    await addPasskey(page, 'Phone');
    // The authenticator app on, through the API with this page's session.
    const secret = await page.evaluate(async () => {
      const setup = await (await fetch('/api/me/two-factor/totp', { method: 'POST' })).json();
      return setup.data.secret as string;
    });
    const confirmed = await page.evaluate(
      (code) =>
        fetch('/api/me/two-factor/totp/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        }).then((r) => r.status),
      codeAt(secret, Date.now()),
    );
    expect(confirmed).toBe(200);

    // The authenticator waits, so that the password is typed (the username field's offer is pending meanwhile).
    await presence(cdp, authenticatorId, false);
    await signOut(page);
    await page.fill('#username', user.username);
    await page.fill('#password', 'secret123');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    const step = page.getByRole('form', { name: 'Second factor' });
    await step.waitFor();
    expect(await axeViolationsOf(page)).toEqual([]);
    await presence(cdp, authenticatorId, true);
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL('**/dashboard');

    // A counter behind the one kept: a cloned authenticator, refused.
    await running.server.testApp.app.db.updateTable('passkeys').set({ counter: 1_000_000 }).where('userId', '=', user.id).execute();
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(passkeyMessages.notVerified);
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });
});
