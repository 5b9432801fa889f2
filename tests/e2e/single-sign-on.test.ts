import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { type TestOidcProvider, startOidcProvider } from '../helpers/oidc-provider.ts';
import { axeViolationsOf, openAppPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Single sign-on in the browser (issue 29), through a real OpenID provider
// started here (`oidc-provider`, whose development sign-in form takes any
// name): "Continue with" on the login page, the provider's form, the way back,
// a new account under a chosen username, and a link to an existing account
// after its password. Axe on every new screen at 390 and 1366 px.

let idp: TestOidcProvider;
beforeAll(async () => {
  // The app's address is known only once it listens: the provider is made at its first request.
  idp = await startOidcProvider({ redirectUris: () => [`${running.server.baseUrl}/login/sso/idp`] });
});
afterAll(() => idp.close());
const running = useServerAndBrowser(() => ({
  ssoProviders: [{ id: 'idp', name: 'Company ID', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }],
}));

async function throughProvider(width: number, login: string): Promise<Page> {
  const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
  // The server draws the site's providers into the page (issue 27 §4): there before any script runs, and the card
  // hydrates with them, without a mismatch.
  for (const path of ['/login', '/register']) {
    expect(await (await page.request.get(path)).text(), path).toContain('Continue with Company ID');
  }
  await openAppPage(page, '/login');
  const button = page.getByRole('button', { name: 'Continue with Company ID' });
  await button.waitFor();
  expect(problems).toEqual([]);
  expect(await axeViolationsOf(page)).toEqual([]);
  await button.click();
  await page.waitForURL(`${idp.issuer}/**`);
  await page.fill('input[name="login"]', login);
  await page.fill('input[name="password"]', 'anything');
  await page.click('button[type="submit"]');
  await page.waitForURL('**/login/sso/idp');
  return page;
}

describe('single sign-on', () => {
  it('makes a new account under the chosen username; Account keeps the last way to sign in until a password is set', async () => {
    idp.people.set('nina', { email: 'nina@example.com', name: 'Nina Simone', preferredUsername: 'nina' });
    const page = await throughProvider(1366, 'nina');
    const form = page.getByRole('form', { name: 'New account' });
    await form.waitFor();
    // The provider's code left the address bar.
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Nina Simone' }).count()).toBe(1);
    expect(await form.getByLabel('Choose your username').inputValue()).toBe('nina');
    expect(await axeViolationsOf(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('You must accept the terms');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL('**/dashboard');

    await openAppPage(page, '/dashboard?tab=account');
    const providers = page.getByRole('list', { name: 'Sign-in providers' });
    await providers.waitFor();
    await expect.poll(() => providers.textContent()).toContain('Linked');
    expect(await page.getByRole('form', { name: 'Set a password' }).count()).toBe(1);
    expect(await axeViolationsOf(page)).toEqual([]);
    // The only way in: unlinking asks, then is refused with the reason.
    await providers.getByRole('button', { name: 'Unlink Company ID' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
    await expect.poll(() => page.getByText('This is the only way left to sign in').count()).toBeGreaterThan(0);
    await expect.poll(() => providers.textContent()).toContain('Linked');

    const setForm = page.getByRole('form', { name: 'Set a password' });
    await setForm.getByLabel('New password', { exact: true }).fill('nina-password-1');
    await setForm.getByLabel('Confirm new password').fill('nina-password-1');
    await setForm.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    await providers.getByRole('button', { name: 'Unlink Company ID' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
    await expect.poll(() => providers.textContent()).toContain('Not linked');
    await page.context().close();
  });

  it('links to an existing account after its password, on a phone', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    idp.people.set('omar', { email: 'omar@example.com', name: 'Omar' });
    const page = await throughProvider(390, 'omar');
    await page.getByRole('form', { name: 'New account' }).waitFor();
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in to link Company ID' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Link your account' }).count()).toBe(1);
    await page.fill('#username', user.username);
    await page.fill('#password', 'secret123');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await page.waitForURL('**/dashboard?tab=account');
    await expect.poll(() => page.getByText('Company ID linked').count()).toBeGreaterThan(0);
    const providers = page.getByRole('list', { name: 'Sign-in providers' });
    await expect.poll(() => providers.textContent()).toContain('as omar@example.com');
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.context().close();

    // From now on the provider signs in at once.
    const again = await throughProvider(390, 'omar');
    await again.waitForURL('**/dashboard');
    await again.context().close();
  });
});
