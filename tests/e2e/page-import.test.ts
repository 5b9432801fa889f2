import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FILE_FORMAT } from '#shared/page-transfer.ts';
import { createUser, setPlan } from '../helpers/factories.ts';
import { pngImage } from '../helpers/uploads.ts';
import { type LinktreeStandIn, startLinktreeStandIn } from '../helpers/linktree-stand-in.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Moving a page in (issue 32), as a creator does it: read a page elsewhere,
// see what was read and what was not, untick what they do not want, import,
// and find the rest on their page. Linktree cannot be reached from here:
// tests/helpers/linktree-stand-in.ts stands in for linktr.ee (an invented profile).

let linktree: LinktreeStandIn;
beforeAll(async () => {
  linktree = await startLinktreeStandIn();
});
afterAll(() => linktree.close());
const running = useServerAndBrowser(() => ({
  linktreeImport: { enabled: true, allowLoopback: true, origin: linktree.origin, timeoutMs: 3000 },
}));

async function signedInPageTab(width: number): Promise<{ page: Page; username: string }> {
  const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
  await setPlan(running.server.testApp.app, user.id, 'pro');
  const page = await signInPage(running.browser, running.server.baseUrl, { username: user.username, password: 'secret123' }, { width });
  await openAppPage(page, '/dashboard?tab=page');
  await page.getByRole('heading', { name: 'Move your page' }).waitFor();
  return { page, username: user.username };
}

const pageText = async (username: string) => (await running.server.testApp.app.inject({ url: `/${username}` })).body;

describe('importing a page', () => {
  it('previews a Linktree page, imports what stays ticked, and the page shows it', async () => {
    const { page, username } = await signedInPageTab(390);
    await page.getByText('Linktree', { exact: true }).click();
    await page.getByLabel('Linktree address').fill('linktr.ee/mira.okafor');
    await page.getByRole('button', { name: 'Read page' }).click();

    const items = page.getByRole('list', { name: 'Items to import' });
    await items.waitFor();
    // What could not be brought over is said before anything is saved.
    await expect.poll(() => page.getByRole('note').textContent()).toContain('Gift card');
    expect(await items.getByRole('checkbox').count()).toBe(10);
    expect(await axeViolationsOf(page)).toEqual([]);

    await items.getByRole('checkbox', { name: /Spring kiln sale/ }).uncheck();
    await page.getByRole('button', { name: 'Import 9 items' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: '9 items imported' }).count()).toBe(1);

    const body = await pageText(username);
    expect(body).toContain('Figure drawing nights');
    expect(body).toContain('Throwing a tall vase');
    expect(body).not.toContain('Spring kiln sale');
    await page.context().close();
  });

  it('replaces the page with a page file only after asking, its picture taken from the file the browser read', async () => {
    const { page, username } = await signedInPageTab(1366);
    // The preview does not send the file's pictures back (issue 51 §4): the import takes them from the file the page read.
    const picture = await pngImage(120, 120, '#22aa66');
    const pictureUrl = `/media/${createHash('sha256').update(picture).digest('hex')}.png`;
    const file = {
      format: PAGE_FILE_FORMAT,
      version: 1,
      profile: { displayName: 'From the file', bio: 'Moved here', profileImage: pictureUrl },
      media: [{ url: pictureUrl, data: picture.toString('base64') }],
      items: [
        { type: 'header', title: 'Elsewhere' },
        { type: 'link', title: 'Kept link', url: 'https://kept.example' },
        { type: 'link', title: 'Unticked link', url: 'https://unticked.example' },
      ],
    };
    await page.getByText('Page file', { exact: true }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'page.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    const items = page.getByRole('list', { name: 'Items to import' });
    await items.waitFor();
    await items.getByRole('checkbox', { name: /Unticked link/ }).uncheck();
    await page.getByText('Replace my page', { exact: true }).click();
    await page.getByRole('button', { name: 'Import 2 items' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Replace your page?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Your name, bio and picture become these.');
    expect(await axeViolationsOf(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Replace my page' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: '2 items imported' }).count()).toBe(1);

    const body = await pageText(username);
    expect(body).toContain('From the file');
    expect(body).toContain('Kept link');
    expect(body).not.toContain('Unticked link');
    const profile = (await (await fetch(`${running.server.baseUrl}/api/public/${username}`)).json()).data.profile;
    expect(profile.profileImage).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    await page.context().close();
  });
});
