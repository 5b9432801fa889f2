import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_LINK_DAYS } from '#shared/constants.ts';
import { pageExpiresAt } from '#shared/public-profile.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createLink, createUser } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 3600_000;

describe(`the "New" pills and the "Updated" line (${DIALECT})`, () => {
  it('are off on a new page, and each switch shows its own: new links marked for 7 days, the day of the last change', async () => {
    const creator = await createUser(t.app);
    await createLink(t.app, creator, { title: 'Fresh' });
    const old = await createLink(t.app, creator, { title: 'Old' });
    await t.app.db
      .updateTable('links')
      .set({ createdAt: new Date(Date.now() - (NEW_LINK_DAYS + 1) * DAY_MS).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const pageOf = async () => (await t.app.inject({ method: 'GET', url: `/${creator.user.username}` })).body;
    const marksOf = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/public/${creator.user.username}` }))
        .json()
        .data.links.map((link: { title: string; isNew: boolean }) => [link.title, link.isNew]);
    const turn = (payload: Record<string, boolean>) =>
      t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: creator.cookie }, payload });

    const fresh = await pageOf();
    expect(fresh).not.toContain('class="lv-new"');
    expect(fresh).not.toContain('class="lv-activity"');
    expect(await marksOf()).toEqual([
      ['Fresh', false],
      ['Old', false],
    ]);

    expect((await turn({ markNewLinks: true })).statusCode).toBe(200);
    const marked = await pageOf();
    expect(marked.match(/class="lv-new"/g)).toHaveLength(1);
    expect(marked).not.toContain('class="lv-activity"');
    expect(await marksOf()).toEqual([
      ['Fresh', true],
      ['Old', false],
    ]);

    expect((await turn({ markNewLinks: false, showUpdated: true })).statusCode).toBe(200);
    const dated = await pageOf();
    expect(dated).not.toContain('class="lv-new"');
    expect(dated).toMatch(/<p class="lv-activity">Updated \d{1,2} [A-Z][a-z]{2} \d{4}<\/p>/);
  });

  it('knows when a cached page must be drawn again: when the first New mark runs out', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const link = (daysAgo: number) => ({
      id: 1,
      type: 'link' as const,
      title: 't',
      url: 'https://e.example/',
      icon: 'link',
      customIcon: null,
      thumbnail: null,
      color: 'purple',
      isActive: true,
      showAsIcon: false,
      ownProfile: false,
      contentWarning: null,
      startsAt: null,
      endsAt: null,
      createdAt: new Date(now - daysAgo * DAY_MS).toISOString(),
      updatedAt: new Date(now).toISOString(),
    });
    expect(pageExpiresAt([link(2), link(5), link(30)], { markNewLinks: true, showViews: false }, now)).toEqual({
      expiresAt: now + 2 * DAY_MS,
      refreshAt: Infinity,
    });
    expect(pageExpiresAt([link(30)], { markNewLinks: true, showViews: false }, now).expiresAt).toBe(Infinity);
    expect(pageExpiresAt([link(2)], { markNewLinks: false, showViews: false }, now).expiresAt).toBe(Infinity);
    // Showing its view count, a page is worth drawing again a minute on (the cache's sweep does it); it stays right until then and after.
    expect(pageExpiresAt([link(2)], { markNewLinks: true, showViews: true }, now)).toEqual({
      expiresAt: now + 5 * DAY_MS,
      refreshAt: now + 60_000,
    });
  });
});

describe(`the social icons row (${DIALECT})`, () => {
  it('shows the links that asked for it as round icons under the bio, while the look shows social icons', async () => {
    const creator = await createUser(t.app);
    const insta = await createLink(t.app, creator, {
      title: 'Instagram',
      url: 'https://instagram.com/nova',
      icon: 'instagram',
      showAsIcon: true,
    });
    await createLink(t.app, creator, { title: 'Shop', url: 'https://shop.example/', icon: 'store', showAsIcon: true });
    await createLink(t.app, creator, { title: 'Blog', url: 'https://blog.example/' });
    expect(insta.showAsIcon).toBe(true);
    const socialsOf = async () => {
      const body = (await t.app.inject({ method: 'GET', url: `/${creator.user.username}` })).body;
      const row = /<ul class="lv-socials">(.*?)<\/ul>/s.exec(body)?.[1] ?? '';
      const buttons = [...body.matchAll(/<span class="lv-link-title" dir="auto">([^<]*)<\/span>/g)].map((match) => match[1]);
      return { row, buttons };
    };
    const shown = await socialsOf();
    expect(shown.row).toContain(`href="/go/${insta.id}"`);
    expect(shown.row).toContain('aria-label="Instagram"');
    // A store is no network: it stays a button.
    expect(shown.buttons).toEqual(['Shop', 'Blog']);

    await t.app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie: creator.cookie },
      payload: { showSocialIcons: false },
    });
    const off = await socialsOf();
    expect(off.row).toBe('');
    expect(off.buttons).toEqual(['Instagram', 'Shop', 'Blog']);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${insta.id}`,
      headers: { cookie: creator.cookie },
      payload: { showAsIcon: 'yes' },
    });
    expect(patched.statusCode).toBe(400);
  });
});
