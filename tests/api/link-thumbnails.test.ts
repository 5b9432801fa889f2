import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMessages } from '#shared/links.ts';
import { THUMBNAIL_SIZE, mediaMessages } from '#shared/media.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// Link thumbnails (issue 30): a picture per link, re-encoded square (at most
// 128 px, WebP), counted in the upload quota, shown on the button instead of
// the icon, and freed when nothing shows it any more.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function uploadThumbnail(owner: SignedInUser, width = 600, height = 400, color = '#ff0066') {
  const response = await postMedia(t.app, owner, 'thumbnail', {
    name: 'cover.png',
    mime: 'image/png',
    content: await pngImage(width, height, color),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; url: string; width: number; height: number; bytes: number };
}
const mediaCount = async (owner: SignedInUser) =>
  Number(
    (
      await t.app.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ownerId', '=', owner.user.id)
        .where('kind', '=', 'thumbnail')
        .executeTakeFirstOrThrow()
    ).n,
  );
const patchLink = (owner: SignedInUser, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/links/${id}`, headers: { cookie: owner.cookie }, payload });

describe(`link thumbnails (${DIALECT})`, () => {
  it('re-encodes a thumbnail square as WebP, counts it in the quota, and shows it on the button instead of the icon', async () => {
    const owner = await createUser(t.app);
    const before = (await t.app.inject({ url: '/api/me/limits', headers: { cookie: owner.cookie } })).json().data;
    const wide = await uploadThumbnail(owner, 600, 400);
    expect([wide.width, wide.height]).toEqual([THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
    expect(wide.url).toMatch(/\.webp$/);
    // A small picture is enlarged to the square, never left in its own shape.
    const small = await uploadThumbnail(owner, 30, 60, '#00ff88');
    expect([small.width, small.height]).toEqual([THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
    const stored = await t.app.inject({ url: wide.url });
    expect((await sharp(stored.rawPayload).metadata()).format).toBe('webp');
    const after = (await t.app.inject({ url: '/api/me/limits', headers: { cookie: owner.cookie } })).json().data;
    expect(after.uploads.usedBytes - before.uploads.usedBytes).toBe(wide.bytes + small.bytes);

    const link = await createLink(t.app, owner, { title: 'Album', url: 'https://album.example/', thumbnail: wide.url });
    expect(link.thumbnail).toBe(wide.url);
    const page = (await t.app.inject({ url: `/${owner.user.username}` })).body;
    expect(page).toContain(`<img class="lv-link-thumbnail" src="${wide.url}" alt="" width="40" height="40" loading="lazy"/>`);
    expect(page).toContain('.lv-link-thumbnail{');
    expect(page).toContain('data-thumbnails');
    const json = (await t.app.inject({ url: `/api/public/${owner.user.username}` })).json().data;
    expect(json.links[0].thumbnail).toBe(wide.url);
  });

  it('takes only the owner’s own thumbnail uploads, with the shared message', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const theirs = await uploadThumbnail(stranger);
    const icon = await postMedia(t.app, owner, 'icon', { name: 'i.png', mime: 'image/png', content: await pngImage(64, 64) });
    for (const thumbnail of [
      theirs.url,
      icon.json().data.url,
      `/media/${'a'.repeat(64)}.webp`,
      'https://elsewhere.example/x.png',
      '"><script>alert(1)</script>',
      '/media/../x.webp',
      12,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { cookie: owner.cookie },
        payload: { title: 'X', url: 'x.example', thumbnail },
      });
      expect([response.statusCode, response.json().message], String(thumbnail)).toEqual([400, linkMessages.thumbnailMissing]);
    }
    const notAnImage = await postMedia(t.app, owner, 'thumbnail', { name: 'a.txt', mime: 'text/plain', content: Buffer.from('hello') });
    expect([notAnImage.statusCode, notAnImage.json().message]).toEqual([400, mediaMessages.notAnImage]);
  });

  it('frees a thumbnail replaced, removed, deleted with its link, or deleted from the uploads', async () => {
    const owner = await createUser(t.app);
    const first = await uploadThumbnail(owner, 200, 200, '#111111');
    const second = await uploadThumbnail(owner, 200, 200, '#222222');
    const link = await createLink(t.app, owner, { title: 'A', url: 'a.example', thumbnail: first.url });
    expect(await mediaCount(owner)).toBe(2);

    expect((await patchLink(owner, link.id, { thumbnail: second.url })).json().data.thumbnail).toBe(second.url);
    expect(await mediaCount(owner)).toBe(1);
    // An edit that does not name the thumbnail keeps it.
    expect((await patchLink(owner, link.id, { title: 'B' })).json().data.thumbnail).toBe(second.url);
    expect((await patchLink(owner, link.id, { thumbnail: null })).json().data.thumbnail).toBeNull();
    expect(await mediaCount(owner)).toBe(0);

    const third = await uploadThumbnail(owner, 200, 200, '#333333');
    const other = await createLink(t.app, owner, { title: 'C', url: 'c.example', thumbnail: third.url });
    await t.app.inject({ method: 'DELETE', url: `/api/links/${other.id}`, headers: { cookie: owner.cookie } });
    // It waits with its link in the archive (issue 51 §2), and goes when the link leaves it for good.
    expect(await mediaCount(owner)).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/links/archive/${other.id}`, headers: { cookie: owner.cookie } });
    expect(await mediaCount(owner)).toBe(0);

    // Deleted from the uploads while a link shows it: the link goes back to its icon.
    const fourth = await uploadThumbnail(owner, 200, 200, '#444444');
    await patchLink(owner, link.id, { thumbnail: fourth.url });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/media/${fourth.id}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBe(200);
    const items = (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data;
    expect(items[0].thumbnail).toBeNull();
  });
});
