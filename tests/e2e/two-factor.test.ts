import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { axeViolationsOf, openAppPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Two-factor sign-in in the browser (issue 29): set up from Account with the
// key the page shows (codes computed here, as an app computes them), the
// recovery codes shown once, then the code asked after the password.

const running = useServerAndBrowser();
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function openLogin(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: running.server.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await openAppPage(page, '/login');
  return page;
}

async function passwordStep(page: Page, username: string) {
  await page.fill('#username', username);
  await page.fill('#password', 'secret123');
  await page.getByRole('button', { name: 'Enter Linkverse' }).click();
}

/** Sign in, turn the app on from Account; answers its key and the recovery codes shown. */
async function turnOnFromAccount(width: number): Promise<{ username: string; secret: string; codes: string[] }> {
  const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
  const page = await openLogin(running.browser, width);
  await passwordStep(page, user.username);
  await page.waitForURL('**/dashboard');
  await openAppPage(page, '/dashboard?tab=account');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const form = page.getByRole('form', { name: 'Set up authenticator app' });
  await form.getByRole('img', { name: /QR code/ }).waitFor();
  expect(await axeViolationsOf(page)).toEqual([]);
  const secret = (await form.locator('p.font-mono').textContent())!.replace(/\s/g, '');
  // A wrong code first: said beside the form, nothing turned on.
  await form.getByLabel('Code from the app').fill('000000');
  await form.getByRole('button', { name: 'Turn on' }).click();
  await expect.poll(() => form.getByRole('alert').textContent()).toContain('That code is not right');
  await form.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
  await form.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  expect(await axeViolationsOf(page)).toEqual([]);
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect.poll(() => page.getByText('10 of 10 recovery codes left', { exact: false }).count()).toBe(1);
  await page.context().close();
  return { username: user.username, secret, codes };
}

describe('two-factor sign-in', () => {
  it('is set up from Account, then asks for the app’s code after the password', async () => {
    const { username, secret } = await turnOnFromAccount(1366);
    const page = await openLogin(running.browser, 1366);
    await passwordStep(page, username);
    const step = page.getByRole('form', { name: 'Second factor' });
    await step.waitFor();
    expect(page.url()).toMatch(/\/login/);
    expect(await axeViolationsOf(page)).toEqual([]);
    // The next step's code: the one used to turn it on is not accepted twice.
    await step.getByLabel('Authentication code').fill(codeAt(secret, Date.now() + 30_000));
    await step.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('takes a recovery code instead, once, on a phone', async () => {
    const { username, codes } = await turnOnFromAccount(390);
    const page = await openLogin(running.browser, 390);
    await passwordStep(page, username);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const step = page.getByRole('form', { name: 'Second factor' });
    await step.getByLabel('Recovery code').fill(codes[0]!);
    expect(await axeViolationsOf(page)).toEqual([]);
    await step.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();

    const again = await openLogin(running.browser, 390);
    await passwordStep(again, username);
    await again.getByRole('button', { name: 'Use a recovery code' }).click();
    const second = again.getByRole('form', { name: 'Second factor' });
    await second.getByLabel('Recovery code').fill(codes[0]!);
    await second.getByRole('button', { name: 'Verify and log in' }).click();
    await expect.poll(() => second.getByRole('alert').textContent()).toContain('already used');
    await again.context().close();
  });
});
