import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueUsername } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { afterNextFrames, openAppPage } from '../helpers/pages.ts';

const running = useServerAndBrowser();

async function newPage(): Promise<Page> {
  const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function registerThroughForm(page: Page, username: string, password = 'secret123') {
  await openAppPage(page, '/register');
  await page.fill('#username', username);
  await page.fill('#displayName', 'Test Person');
  await page.fill('#password', password);
  await page.fill('#confirmPassword', password);
  await page.check('#acceptTerms');
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('signing up, in and out', () => {
  it('registers, stays signed in across reloads, logs out, and logs back in', async () => {
    const page = await newPage();
    const username = uniqueUsername('e2e');
    await registerThroughForm(page, username);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Registration successful').isVisible()).toBe(true);
    // A new account is welcomed, not welcomed back.
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Test Person!' }).isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar-display-name').first().textContent()).toBe('Test Person');
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Something only this page holds: gone once the landing page is loaded afresh.
    await page.evaluate(() => Object.assign(window, { beforeLogout: true }));
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Log out' }).first().click();
    expect((await loggedOut).status()).toBe(200);
    // On the landing page, and staying there (not sent on to /login by the dashboard's guard):
    // still there once the new page has loaded and said so.
    await expect.poll(() => page.getByText('You have been logged out successfully.').isVisible()).toBe(true);
    await page.waitForLoadState('load');
    await afterNextFrames(page);
    expect(new URL(page.url()).pathname).toBe('/');
    // A new page: nothing of the account stays in memory; the toast is said once, not on every load.
    expect(await page.evaluate(() => 'beforeLogout' in window)).toBe(false);
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).first().isVisible()).toBe(true);
    await page.reload();
    // Drawn and hydrated (the Log in link answers), and no toast with it.
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).first().isVisible()).toBe(true);
    await page.waitForLoadState('load');
    await afterNextFrames(page);
    expect(await page.getByText('You have been logged out successfully.').count()).toBe(0);

    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/dashboard');

    await page.fill('#username', username.toUpperCase());
    await page.fill('#password', 'secret123');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Welcome back, Test Person!').first().isVisible()).toBe(true);

    // Signed in, /login and /register send back to the dashboard.
    await openAppPage(page, '/login');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('shows the Admin Panel entry to admins only', async () => {
    const page = await newPage();
    const username = uniqueUsername('role');
    await registerThroughForm(page, username);
    await page.waitForURL('**/dashboard');

    await openAppPage(page, '/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Dashboard' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/admin');
    await expect.poll(() => page.getByText('Access Denied').isVisible()).toBe(true);
    await expect.poll(() => page.getByText("You don't have permission to access this page.").isVisible()).toBe(true);

    await running.server.testApp.app.db.updateTable('users').set({ role: 'admin' }).where('username', '=', username).execute();
    await openAppPage(page, '/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Admin Panel' }).isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL('**/admin');
    expect(await page.getByText('Access Denied').count()).toBe(0);
    await page.context().close();
  });

  it('shows the first registration error and the server refusal of a taken name', async () => {
    const page = await newPage();
    await openAppPage(page, '/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Username is required');

    await page.fill('#username', 'okname');
    await page.fill('#password', 'secret123');
    await page.fill('#confirmPassword', 'secret124');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe("Passwords don't match");

    await page.fill('#confirmPassword', 'secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('You must accept the terms and conditions');

    await page.fill('#username', 'dashboard');
    await page.check('#acceptTerms');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('form [role=alert]').textContent()).toBe('This username is reserved. Please choose another one.');
    await page.context().close();
  });

  it('says so when the password is wrong or the server cannot be reached', async () => {
    const page = await newPage();
    await openAppPage(page, '/login');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await expect.poll(() => page.locator('form [role=alert]').textContent()).toBe('Username is required');
    await page.fill('#username', 'nobody');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await expect.poll(() => page.locator('form [role=alert]').textContent()).toBe('Password is required');

    await page.fill('#password', 'wrong-password');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await expect.poll(() => page.locator('form [role=alert]').textContent()).toBe('Invalid username or password');

    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await expect.poll(() => page.locator('form [role=alert]').textContent()).toBe('An error occurred during login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('sends anonymous visitors of private pages to /login', async () => {
    const page = await newPage();
    // The page asked for rides along, to return to after signing in.
    for (const pathname of ['/dashboard', '/admin', '/upload-profile-image', '/dashboard?tab=links']) {
      await page.goto(pathname);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === pathname);
    }
    await page.context().close();
  });
});
