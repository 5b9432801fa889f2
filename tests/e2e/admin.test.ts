import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser, loginAs, uniqueUsername } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';
import { linkIn, tokenIn } from '../helpers/mail-server.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';

const running = useServerAndBrowser();

async function signIn(
  username: string,
  password: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  return signInPage(running.browser, running.server.baseUrl, { username, password }, viewport);
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
    // Closing asks first; Cancel leaves the site open (issue 27).
    await page.getByRole('switch', { name: 'Coming Soon Mode' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Close the site?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect((await (await page.request.get('/api/admin/site-settings')).json()).maintenanceMode).toBe(false);
    await page.getByRole('switch', { name: 'Coming Soon Mode' }).click();
    await ask.getByRole('button', { name: 'Close the site' }).click();
    await expect.poll(() => page.getByText('Maintenance mode enabled successfully.').isVisible()).toBe(true);
    // While closed, the admin is told so on every page, with the way to the switch.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'The site is closed' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('site-status').textContent()).toContain('Coming Soon Mode Active');

    const visitor = await (await running.browser.newContext({ baseURL: running.server.baseUrl })).newPage();
    const response = await visitor.goto('/');
    expect(response?.status()).toBe(503);
    await expect.poll(() => visitor.getByText('Polishing things. Back tonight!').isVisible()).toBe(true);
    expect(await visitor.getByText('Admin Access - Bypass Maintenance Mode').count()).toBe(0);

    // The login page stays open to visitors, without the links that would lead back here.
    await visitor.getByRole('link', { name: 'Admin login' }).click();
    await visitor.waitForURL('**/login');
    await expect.poll(() => visitor.getByText('This site is closed for now: only its administrators can use it.').isVisible()).toBe(true);
    expect(await visitor.getByRole('link', { name: 'Create an account' }).isVisible()).toBe(false);
    expect(await visitor.getByRole('navigation').first().isVisible()).toBe(false);
    const visibleLinks = await visitor
      .locator('a[href]')
      .evaluateAll((links) => links.filter((link) => link.checkVisibility()).map((link) => link.getAttribute('href')!));
    for (const href of visibleLinks.filter((target) => !target.startsWith('#'))) {
      expect((await visitor.request.get(href)).status(), `${href} leads back to the coming-soon page`).not.toBe(503);
    }

    // The admin still uses the site, and sees the bypass link on the page preview.
    await page.goto('/dashboard');
    await expect.poll(() => page.getByText(`Welcome back, ${admin.user.displayName}!`).isVisible()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'The site is closed' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/admin?tab=settings');
    await page.goto('/dashboard');
    await page.goto('/coming-soon');
    await page.getByRole('link', { name: 'Admin Access - Bypass Maintenance Mode' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/admin?tab=settings');
    await page.getByRole('switch', { name: 'Coming Soon Mode' }).click();
    await expect.poll(() => page.getByText('Maintenance mode disabled successfully.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'The site is closed' }).count()).toBe(0);
    expect((await visitor.goto('/'))?.status()).toBe(200);
    await visitor.goto('/login');
    await expect.poll(() => visitor.getByRole('link', { name: 'Create an account' }).isVisible()).toBe(true);
    expect(await visitor.getByText('This site is closed for now: only its administrators can use it.').isVisible()).toBe(false);
    await visitor.context().close();
    await page.context().close();
  });

  it('works on a phone: cards instead of wide tables, every tab in view, a confirmation before deactivating', async () => {
    const { app } = running.server.testApp;
    const admin = await createAdmin(app);
    const target = await createUser(app, { username: uniqueUsername('phone') });
    const page = await signIn(admin.user.username, admin.password, { width: 390, height: 844 });
    const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    await page.goto('/admin');

    // The tab strip wraps: every tab is on screen, none cut off.
    for (const tab of await page.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    // A user is a card: its fields stacked, within the screen, the table itself not scrolling.
    await page.getByLabel('Search users').fill(target.user.username);
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    const row = page.getByTestId('admin-user-row');
    expect((await row.boundingBox())!.width).toBeLessThanOrEqual(390);
    const region = page.getByRole('region', { name: 'Users' });
    expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.getByRole('table').evaluate((table) => getComputedStyle(table).display)).toBe('block');
    expect(await fitsTheScreen()).toBe(true);

    // Deactivating asks first; Cancel changes nothing.
    await page.getByRole('button', { name: `Deactivate ${target.user.username}` }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Deactivate user' });
    await expect.poll(() => confirmation.textContent()).toContain(`@${target.user.username}`);
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirmation.count()).toBe(0);
    expect(await row.textContent()).toContain('Active');
    expect((await app.db.selectFrom('users').select('isActive').where('id', '=', target.user.id).executeTakeFirstOrThrow()).isActive).toBe(
      1,
    );
    await page.getByRole('button', { name: `Deactivate ${target.user.username}` }).click();
    await confirmation.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.getByText('User deactivated successfully').isVisible()).toBe(true);
    await expect.poll(() => row.textContent()).toContain('Deactivated');

    // Built-in names are marked and cannot be removed; an admin's own reservation can.
    const custom = uniqueUsername('brand');
    const reserved = await app.inject({
      method: 'POST',
      url: '/api/admin/reserved-usernames',
      headers: { cookie: admin.cookie },
      payload: { username: custom, reason: 'Partner brand' },
    });
    expect(reserved.statusCode).toBe(201);
    await page.getByRole('tab', { name: 'Reserved usernames' }).click();
    await page.getByLabel('Search reserved usernames').fill('dashboard');
    await expect.poll(() => page.getByTestId('reserved-row').first().textContent()).toContain('Built-in');
    expect(await page.getByRole('button', { name: 'Remove dashboard' }).count()).toBe(0);
    await page.getByLabel('Search reserved usernames').fill(custom);
    await expect.poll(() => page.getByTestId('reserved-row').first().textContent()).toContain(custom);
    expect(await page.getByTestId('reserved-row').first().textContent()).not.toContain('Built-in');
    expect(await page.getByRole('button', { name: `Remove ${custom}` }).count()).toBe(1);
    expect(await fitsTheScreen()).toBe(true);

    // The logs pager shows only when there is a second page.
    const totalOf = async (action: string) =>
      (await app.inject({ url: `/api/admin/logs?action=${action}`, headers: { cookie: admin.cookie } })).json().total as number;
    while ((await totalOf('all')) <= 20) {
      await app.inject({
        method: 'POST',
        url: '/api/admin/reserved-usernames',
        headers: { cookie: admin.cookie },
        payload: { username: uniqueUsername('filler'), reason: 'A second page of logs' },
      });
    }
    await page.getByRole('tab', { name: 'Logs' }).click();
    await expect.poll(() => page.getByTestId('log-row').count()).toBe(20);
    expect(await page.getByText(/^Page 1 of \d+$/).isVisible()).toBe(true);
    expect(await fitsTheScreen()).toBe(true);
    await page.getByLabel('Filter by action').selectOption('role_change');
    const roleChanges = await totalOf('role_change');
    expect(roleChanges).toBeLessThanOrEqual(20);
    await expect.poll(() => page.getByTestId('log-row').count()).toBe(Math.max(roleChanges, 0));
    expect(await page.getByTestId('pager-summary').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await page.context().close();
  });

  it('shows one toast at a time, the newest', async () => {
    const { app } = running.server.testApp;
    const admin = await createAdmin(app);
    const target = await createUser(app, { username: uniqueUsername('toast') });
    const page = await signIn(admin.user.username, admin.password);
    await page.goto('/admin');
    await page.getByLabel('Search users').fill(target.user.username);
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    await page.getByLabel(`Plan of ${target.user.username}`).selectOption('pro');
    await expect.poll(() => page.getByText('Plan changed to Pro').isVisible()).toBe(true);
    await page.getByLabel(`Verified badge for ${target.user.username}`).click();
    await expect.poll(() => page.getByText('Verified badge granted').isVisible()).toBe(true);
    // Both toasts were made; only the newest shows.
    const shown = page.locator('[data-sonner-toast][data-visible="true"]');
    expect(await shown.count()).toBe(1);
    expect(await shown.textContent()).toContain('Verified badge granted');
    // The older one is kept behind, fully transparent (or already gone).
    const older = page.locator('[data-sonner-toast]', { hasText: 'Plan changed to Pro' });
    const olderOpacity = async () => ((await older.count()) === 0 ? '0' : await older.evaluate((toast) => getComputedStyle(toast).opacity));
    await expect.poll(olderOpacity).toBe('0');
    await page.context().close();
  });

  it('the Outbox shows a reset mail on a site without SMTP, at both widths, and its link sets a new password', async () => {
    const { app } = running.server.testApp;
    const admin = await createAdmin(app);
    const member = await createUser(app, { password: 'before-outbox-1' });
    const email = `${member.user.username}@example.test`;
    await app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: member.cookie }, payload: { email } });
    // The address is confirmed through its held mail, as an administrator would pass it on.
    const held = (await app.inject({ url: '/api/admin/outbox', headers: { cookie: admin.cookie } })).json().mails as Array<{
      to: string;
      text: string;
    }>;
    const confirmLink = linkIn(
      held.find((mail) => mail.to === email)!,
      '/confirm-email',
    );
    await app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: tokenIn(confirmLink) } });

    // The member asks on a phone, and is told where the link is.
    const phone = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 844 } });
    const asking = await phone.newPage();
    await openAppPage(asking, '/forgot-password');
    await asking.getByLabel('Username or email').fill(member.user.username);
    await asking.getByRole('button', { name: 'Send reset link' }).click();
    await asking.getByRole('heading', { name: 'Ask the administrator' }).waitFor();
    expect(await asking.getByText(passwordResetMessages.linkHeld).count()).toBe(1);
    await app.mailOutbox.idle();

    let resetLink = '';
    for (const width of [1366, 390]) {
      const page = await signIn(admin.user.username, admin.password, { width, height: 900 });
      await openAppPage(page, '/admin?tab=outbox');
      const mail = page.getByTestId('held-mail').filter({ hasText: 'Reset your' });
      await expect.poll(() => mail.count()).toBe(1);
      expect(await mail.textContent()).toContain(email);
      resetLink = (await mail.getByRole('link').filter({ hasText: '/reset-password' }).getAttribute('href'))!;
      expect(await mail.getByRole('button', { name: 'Copy the link' }).isVisible()).toBe(true);
      expect(await axeViolationsOf(page), `${width}`).toEqual([]);
      await page.context().close();
    }

    // The member opens the link passed on, and signs in with the new password.
    const link = new URL(resetLink);
    await openAppPage(asking, `${link.pathname}${link.hash}`);
    await asking.getByLabel('New password', { exact: true }).fill('after-outbox-2');
    await asking.getByLabel('Confirm new password').fill('after-outbox-2');
    await asking.getByRole('button', { name: 'Set new password' }).click();
    await asking.getByRole('heading', { name: 'Password changed' }).waitFor();
    await loginAs(app, member.user.username, 'after-outbox-2');
    await phone.close();

    // Nobody but an admin sees the Outbox.
    const memberPage = await signIn(member.user.username, 'after-outbox-2');
    await openAppPage(memberPage, '/admin?tab=outbox');
    await memberPage.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await memberPage.getByTestId('held-mail').count()).toBe(0);
    await memberPage.context().close();
  });
});
