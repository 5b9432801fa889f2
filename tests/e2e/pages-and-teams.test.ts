import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Several pages per account, run with a team (issue 53), as a person uses
// them: the switcher, a new page from a copy, an invitation accepted in a
// second browser, an editor's view, and the activity log; at both widths.

const running = useServerAndBrowser();
const WIDTHS = [390, 1366] as const;
const PASSWORD = 'team-secret-1';

async function ownerOnPro(width: number): Promise<{ page: Page; username: string; id: number }> {
  const { user } = await createUser(running.server.testApp.app, { password: PASSWORD });
  await setPlan(running.server.testApp.app, user.id, 'pro');
  const page = await signInPage(running.browser, running.server.baseUrl, { username: user.username, password: PASSWORD }, { width });
  return { page, username: user.username, id: user.id };
}

/** Make a page through New page in the switcher; the dashboard then works on it. */
async function makePage(page: Page, username: string, start: 'Empty' | 'A copy of a look', copyOf?: string): Promise<void> {
  await page.getByTestId('page-switcher').click();
  await page.getByRole('menuitem', { name: /New page/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Address').fill(username);
  await dialog.getByText(start, { exact: true }).click();
  if (copyOf) await dialog.getByLabel('Copy the look of').selectOption({ label: copyOf });
  expect(await axeViolationsOf(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await page.waitForURL(`**/dashboard?page=${username}*`);
  await expect.poll(() => page.getByTestId('page-switcher').getAttribute('aria-label')).toBe(`Page: @${username}. Switch page`);
}

describe('pages and teams in the dashboard', () => {
  for (const width of WIDTHS) {
    it(`switches pages, and makes a page from a copy of another's look (${width}px)`, async () => {
      const { page, username } = await ownerOnPro(width);
      // The first page's look: the Card layout.
      const saved = await page.request.put('/api/me/customization', {
        data: { profileLayout: 'card' },
        headers: { origin: running.server.baseUrl },
      });
      expect(saved.ok()).toBe(true);
      const band = uniqueUsername('band');
      await makePage(page, band, 'A copy of a look', `${username} (@${username})`);
      expect(await axeViolationsOf(page)).toEqual([]);

      // The new page has the look, and none of the first page's links.
      const look = await page.request.get('/api/me/customization', { headers: { 'linkverse-page': String(await pageIdOf(page, band)) } });
      expect((await look.json()).data.profileLayout).toBe('card');

      // Back to the first page through the switcher: the address and every tab follow.
      await page.getByTestId('page-switcher').click();
      expect(await axeViolationsOf(page)).toEqual([]);
      await page.getByRole('menuitem', { name: new RegExp(`@${username}`) }).click();
      await page.waitForURL((url) => !url.search.includes('page='));
      await expect.poll(() => page.getByTestId('page-switcher').getAttribute('aria-label')).toBe(`Page: @${username}. Switch page`);

      // The first page can be offered to a member now that the account has another page to keep as its first.
      const member = await createUser(running.server.testApp.app);
      const invited = await page.request.post('/api/me/team/invitations', {
        data: { email: `${member.user.username}@example.test`, role: 'editor' },
        headers: { origin: running.server.baseUrl },
      });
      const token = new URL((await invited.json()).data.link as string).hash.replace('#token=', '');
      const joined = await running.server.testApp.app.inject({
        method: 'POST',
        url: '/api/me/invitations/accept',
        headers: { cookie: member.cookie },
        payload: { token },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      await openAppPage(page, '/dashboard?tab=page');
      await page.getByRole('button', { name: `Offer the page to @${member.user.username}` }).click();
      const offer = page.getByRole('alertdialog', { name: `Offer the page to @${member.user.username}?` });
      await offer.getByText(`your account keeps /${band} as its first instead`).waitFor();
      expect(await offer.getByRole('strong').textContent()).toBe(band);
      expect(await axeViolationsOf(page)).toEqual([]);
      await offer.getByRole('button', { name: 'Cancel' }).click();

      // A shared address names the page and the tab.
      await openAppPage(page, `/dashboard?page=${band}&tab=links`);
      await expect.poll(() => page.getByTestId('page-switcher').getAttribute('aria-label')).toBe(`Page: @${band}. Switch page`);
      await page.getByRole('heading', { name: 'Manage Links' }).waitFor();
      await page.context().close();
    });
  }

  for (const width of WIDTHS) {
    it(`invites by a link, accepted in a second browser; the editor sees no owner controls; the log says who did what (${width}px)`, async () => {
      const owner = await ownerOnPro(width);
      const band = uniqueUsername('band');
      await makePage(owner.page, band, 'Empty');
      await openAppPage(owner.page, `/dashboard?page=${band}&tab=page`);
      await owner.page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
      expect(await axeViolationsOf(owner.page)).toEqual([]);

      const editorAccount = await createUser(running.server.testApp.app, { password: PASSWORD });
      const email = `${uniqueUsername('ed')}@example.test`;
      const form = owner.page.getByRole('form', { name: 'Invite to the team' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Role').selectOption('editor');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      // This site sends no mail: the owner is given the link to send.
      const link = await owner.page.locator('code').filter({ hasText: '/invitation#token=' }).textContent();
      expect(link).toContain(`${running.server.baseUrl}/invitation#token=`);
      await owner.page.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor();

      // The invited person, in a browser of their own, signed in with an account that has no address yet.
      const second = await signInPage(
        running.browser,
        running.server.baseUrl,
        { username: editorAccount.user.username, password: PASSWORD },
        { width, next: '/dashboard' },
      );
      await openAppPage(second, link!.replace(running.server.baseUrl, ''));
      await second.getByRole('heading', { name: /^Join / }).waitFor();
      expect(await axeViolationsOf(second)).toEqual([]);
      await second.getByRole('button', { name: 'Accept invitation' }).click();
      await second.waitForURL(`**/dashboard?page=${band}&tab=page`);
      await second.getByRole('heading', { name: 'Team', exact: true }).waitFor();
      // An editor: no invitation form, no role controls, no domain, no deleting the page; they may leave.
      expect(await second.getByRole('form', { name: 'Invite to the team' }).count()).toBe(0);
      expect(await second.getByRole('combobox', { name: /Role of/ }).count()).toBe(0);
      expect(await second.getByRole('heading', { name: 'Delete this page' }).count()).toBe(0);
      expect(await second.getByRole('heading', { name: /Custom domain/ }).count()).toBe(0);
      await second.getByRole('button', { name: 'Leave this page' }).waitFor();
      expect(await axeViolationsOf(second)).toEqual([]);
      // An edit by the editor, seen in the owner's log with their name.
      const edited = await second.request.post('/api/links', {
        data: { title: 'Tour dates', url: 'https://example.com/tour' },
        headers: { origin: running.server.baseUrl, 'linkverse-page': String(await pageIdOf(second, band)) },
      });
      expect(edited.status()).toBe(201);
      await second.context().close();

      await owner.page.reload();
      await owner.page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
      const log = owner.page.getByTestId('activity-log');
      await log.getByText('Added the link “Tour dates”').waitFor();
      expect(await log.textContent()).toContain(`by @${editorAccount.user.username}`);
      expect(await log.textContent()).toContain(`@${editorAccount.user.username} joined the team`);
      await owner.page.getByRole('combobox', { name: `Role of @${editorAccount.user.username}` }).waitFor();
      expect(await axeViolationsOf(owner.page)).toEqual([]);
      await owner.page.context().close();
    });
  }
});

/** A page's id, from the person's list of pages. */
async function pageIdOf(page: Page, username: string): Promise<number> {
  const answer = await page.request.get('/api/me/pages');
  const { pages } = (await answer.json()).data as { pages: Array<{ id: number; username: string }> };
  return pages.find((entry) => entry.username === username)!.id;
}
