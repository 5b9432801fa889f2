import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { MailServer, linkIn } from '../helpers/mail-server.ts';
import { axeViolationsOf, openAppPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Subscribers (issue 31) in a browser: the creator turns the form on in the
// dashboard, a visitor with script off signs up on the page, confirms from the
// mail a real SMTP server (smtp-server, local port) received, and the creator
// sees the address confirmed and removes it.

const mail = new MailServer();
beforeAll(() => mail.start().then(() => undefined));
afterAll(() => mail.stop());
const running = useServerAndBrowser(() => ({
  mail: { delivery: 'smtp' as const, smtpUrl: mail.url, from: 'Linkverse <no-reply@links.example.test>', origin: 'http://127.0.0.1' },
}));

describe('subscribers', () => {
  it('goes from the switch in the dashboard to a confirmed address, with script off for the visitor', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123', displayName: 'June Park' });
    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await openAppPage(page, '/login');
    await page.fill('#username', user.username);
    await page.fill('#password', 'secret123');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/dashboard?tab=subscribers');
    const settings = page.getByRole('form', { name: 'Sign-up form' });
    await settings.getByRole('switch').click();
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    // Not without a consent line.
    await expect.poll(() => settings.getByRole('alert').textContent()).toContain('Write the consent line');
    await settings.getByLabel('What visitors agree to').fill('Tour dates, twice a year.');
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('The sign-up form is on your page').isVisible()).toBe(true);
    expect(await page.getByText(/Each visitor confirms their address by a link we mail them/).isVisible()).toBe(true);
    expect(await axeViolationsOf(page)).toEqual([]);

    // A visitor, script off, at phone width (axe needs script: the accessibility test checks these pages).
    const visitorContext = await running.browser.newContext({
      baseURL: running.server.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${user.username}`);
    const form = visitor.getByRole('form', { name: 'Get updates from June Park' });
    expect(await form.getByText('Tour dates, twice a year.').isVisible()).toBe(true);
    await form.getByLabel('Get updates by email').fill('fan@example.test');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Check your inbox');

    const letter = await mail.mailTo('fan@example.test', { subject: /Confirm your sign-up to June Park/ });
    const confirm = linkIn(letter, `/${user.username}/subscribe/confirm`);
    await visitor.goto(`${confirm.pathname}${confirm.search}`);
    await visitor.getByRole('button', { name: 'Confirm my sign-up' }).click();
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe("You're signed up");
    await visitorContext.close();

    // The creator sees it confirmed, at phone width too, and removes it after saying so.
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard?tab=subscribers');
      const row = page.getByTestId('subscriber-row');
      await expect.poll(() => row.textContent()).toContain('fan@example.test');
      expect(await row.textContent()).toContain('Confirmed');
      expect(await page.getByTestId('subscriber-count').textContent()).toBe('1 address, 1 confirmed');
      expect(await axeViolationsOf(page)).toEqual([]);
    }
    const csv = await page.request.get('/api/me/subscribers/export.csv');
    expect(await csv.text()).toContain('fan@example.test,confirmed');
    await page.getByRole('button', { name: 'Remove fan@example.test' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByText(/This cannot be undone/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByText('No subscribers yet').isVisible()).toBe(true);
    await context.close();
  });
});
