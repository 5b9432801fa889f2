import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser, uniqueUsername } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { openAppPage } from '../helpers/pages.ts';

const running = useServerAndBrowser();

async function signIn(username: string, password: string): Promise<Page> {
  const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openAppPage(page, '/login');
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Enter Linkverse' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

describe('the admin control center', () => {
  it('changes a username with a reason, shown in history and logs', async () => {
    const admin = await createAdmin(running.server.testApp.app);
    const target = await createUser(running.server.testApp.app, { username: uniqueUsername('target') });
    const page = await signIn(admin.user.username, admin.password);
    await page.goto('/admin');
    await page.getByLabel('Search users').fill(target.user.username);
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    await page.getByRole('button', { name: `Edit ${target.user.username}` }).click();
    const dialog = page.getByRole('dialog');
    const newName = uniqueUsername('renamed');
    await dialog.getByLabel('Username').fill(newName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Reason for change is required');
    await dialog.getByLabel('Reason for change').fill('Requested by the user');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Username changed successfully').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Username history' }).click();
    await page.getByLabel('Find a user').fill(newName);
    await page.getByRole('button', { name: new RegExp(newName) }).click();
    await expect.poll(() => page.getByTestId('history-entry').first().textContent()).toContain(`${target.user.username} → ${newName}`);
    expect(await page.getByTestId('history-entry').first().textContent()).toContain('Requested by the user');

    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByLabel('Filter by action').selectOption('username_change');
    await expect.poll(() => page.getByTestId('log-row').first().textContent()).toContain('USERNAME CHANGE');
    expect(await page.getByTestId('log-row').first().textContent()).toContain(newName);
    await page.context().close();
  });

  it('turns coming-soon mode on and off; visitors see the page, the admin keeps the site', async () => {
    const admin = await createAdmin(running.server.testApp.app);
    const page = await signIn(admin.user.username, admin.password);
    await page.goto('/admin?tab=settings');
    await expect.poll(() => page.getByTestId('site-status').textContent()).toContain('Site Live');
    await page.getByLabel('Message').fill('Polishing things. Back tonight!');
    await page.getByRole('switch', { name: 'Coming Soon Mode' }).click();
    await expect.poll(() => page.getByText('Maintenance mode enabled successfully.').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('site-status').textContent()).toContain('Coming Soon Mode Active');

    const visitor = await (await running.browser.newContext({ baseURL: running.server.baseUrl })).newPage();
    const response = await visitor.goto('/');
    expect(response?.status()).toBe(503);
    await expect.poll(() => visitor.getByText('Polishing things. Back tonight!').isVisible()).toBe(true);
    expect(await visitor.getByText('Admin Access - Bypass Maintenance Mode').count()).toBe(0);

    // The admin still uses the site, and sees the bypass link on the page preview.
    await page.goto('/dashboard');
    await expect.poll(() => page.getByText(`Welcome back, ${admin.user.displayName}!`).isVisible()).toBe(true);
    await page.goto('/coming-soon');
    await page.getByRole('link', { name: 'Admin Access - Bypass Maintenance Mode' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/admin?tab=settings');
    await page.getByRole('switch', { name: 'Coming Soon Mode' }).click();
    await expect.poll(() => page.getByText('Maintenance mode disabled successfully.').isVisible()).toBe(true);
    expect((await visitor.goto('/'))?.status()).toBe(200);
    await visitor.context().close();
    await page.context().close();
  });
});
