import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/constants.ts';
import { LINK_ARCHIVE_DAYS, linkArchiveMessages } from '#shared/link-archive.ts';
import { pruneLinkArchive } from '#server/links/link-archive.service.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// Deleted links and blocks wait in an archive for 30 days (issue 51 §2), and
// come back with their id, their clicks and their place.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (user: SignedInUser) => ({ cookie: user.cookie });
const remove = (user: SignedInUser, id: number) => t.app.inject({ method: 'DELETE', url: `/api/links/${id}`, headers: as(user) });
const archiveOf = async (user: SignedInUser) => {
  const response = await t.app.inject({ url: '/api/links/archive', headers: as(user) });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{ id: number; type: string; title: string; archivedAt: string; keptUntil: string }>;
};
const restore = (user: SignedInUser, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/links/archive/${id}/restore`, headers: as(user) });
const titlesOf = async (user: SignedInUser) =>
  (await t.app.inject({ url: `/api/users/${user.user.id}/links`, headers: as(user) }))
    .json()
    .data.map((item: { title?: string }) => item.title);

describe(`the archive of deleted items (${DIALECT})`, () => {
  it('keeps a deleted link 30 days and puts it back under its id, at its place, with its clicks', async () => {
    const owner = await createUser(t.app);
    const [first, middle, last] = [
      await createLink(t.app, owner, { title: 'First', url: 'https://one.example/' }),
      await createLink(t.app, owner, { title: 'Middle', url: 'https://two.example/' }),
      await createLink(t.app, owner, { title: 'Last', url: 'https://three.example/' }),
    ];
    void first;
    void last;
    await t.app.inject({ url: `/go/${middle.id}`, remoteAddress: '8.8.8.8', headers: { 'user-agent': 'Mozilla/5.0 Firefox/130.0' } });
    await t.app.events.flush();

    expect((await remove(owner, middle.id)).statusCode).toBe(200);
    expect(await titlesOf(owner)).toEqual(['First', 'Last']);
    expect((await t.app.inject({ url: `/go/${middle.id}` })).statusCode).not.toBe(302);
    const [archived] = await archiveOf(owner);
    expect(archived).toMatchObject({ id: middle.id, type: 'link', title: 'Middle' });
    expect(Date.parse(archived!.keptUntil) - Date.parse(archived!.archivedAt)).toBe(LINK_ARCHIVE_DAYS * DAY_MS);

    const restored = await restore(owner, middle.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: middle.id, title: 'Middle', url: 'https://two.example/' });
    expect(await titlesOf(owner)).toEqual(['First', 'Middle', 'Last']);
    expect(await archiveOf(owner)).toEqual([]);
    // Its click counts for it again, by name.
    const analytics = (await t.app.inject({ url: '/api/me/analytics?days=7', headers: as(owner) })).json().data;
    expect(analytics.topLinks).toEqual([expect.objectContaining({ id: middle.id, name: 'Middle', clicks: 1 })]);
    expect((await t.app.inject({ url: `/go/${middle.id}` })).statusCode).toBe(302);
  });

  it('restores a block too, and keeps a link past the plan’s limit in the archive until there is room', async () => {
    const owner = await createUser(t.app);
    const header = await t.app.inject({
      method: 'POST',
      url: '/api/links/blocks',
      headers: as(owner),
      payload: { type: 'header', title: 'Shop' },
    });
    const headerId = header.json().data.id;
    await remove(owner, headerId);
    expect((await restore(owner, headerId)).json().data).toMatchObject({ id: headerId, type: 'header', title: 'Shop' });

    // Free holds 5 links: one deleted, five made, the sixth would be past it.
    const gone = await createLink(t.app, owner, { title: 'Gone', url: 'https://gone.example/' });
    await remove(owner, gone.id);
    for (let index = 0; index < 5; index += 1) await createLink(t.app, owner, { title: `Link ${index}`, url: 'https://example.com/' });
    const refused = await restore(owner, gone.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_link_limit');
    expect((await archiveOf(owner)).map((item) => item.id)).toEqual([gone.id]);
  });

  it('is its owner’s alone', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const link = await createLink(t.app, owner, { title: 'Mine', url: 'https://mine.example/' });
    await remove(owner, link.id);
    expect(await archiveOf(stranger)).toEqual([]);
    const taken = await restore(stranger, link.id);
    expect(taken.statusCode).toBe(404);
    expect(taken.json().message).toBe(linkArchiveMessages.notFound);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/links/archive/${link.id}`, headers: as(stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/links/archive' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/links/archive/${link.id}/restore` })).statusCode).toBe(401);
    expect((await archiveOf(owner)).map((item) => item.id)).toEqual([link.id]);
  });

  it('keeps an archived link’s picture until it leaves, after 30 days or deleted for good', async () => {
    const owner = await createUser(t.app);
    const upload = await postMedia(t.app, owner, 'icon', { name: 'icon.png', mime: 'image/png', content: await pngImage(64, 64) });
    const customIcon = upload.json().data.url;
    const mediaCount = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('media')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('ownerId', '=', owner.user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const waiting = await createLink(t.app, owner, { title: 'Iconic', url: 'https://icon.example/', icon: 'custom', customIcon });
    await remove(owner, waiting.id);
    expect(await mediaCount()).toBe(1);
    // Restored, it shows its icon again.
    expect((await restore(owner, waiting.id)).json().data.customIcon).toBe(customIcon);
    await remove(owner, waiting.id);

    // Past its days it leaves, and its picture with it.
    await pruneLinkArchive(t.app.db, Date.now() + (LINK_ARCHIVE_DAYS - 1) * DAY_MS);
    expect((await archiveOf(owner)).length).toBe(1);
    await pruneLinkArchive(t.app.db, Date.now() + (LINK_ARCHIVE_DAYS + 1) * DAY_MS);
    expect(await archiveOf(owner)).toEqual([]);
    expect(await mediaCount()).toBe(0);
    expect((await restore(owner, waiting.id)).statusCode).toBe(404);

    // Deleted for good before its time: gone at once.
    const plain = await createLink(t.app, owner, { title: 'Plain', url: 'https://plain.example/' });
    await remove(owner, plain.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/links/archive/${plain.id}`, headers: as(owner) })).statusCode).toBe(200);
    expect(await archiveOf(owner)).toEqual([]);
    expect((await restore(owner, plain.id)).statusCode).toBe(404);
  });
});
