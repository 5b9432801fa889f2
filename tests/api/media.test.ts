import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '#shared/media.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser } from '../helpers/factories.ts';
import { SVG_IMAGE, multipart, noise, pngImage, postMedia } from '../helpers/uploads.ts';
import { mergePlanLimits } from '#server/config.ts';

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

function upload(user: SignedInUser, filename: string, mime: string, content: Buffer, kind = 'icon') {
  return postMedia(t.app, user, kind, { name: filename, mime, content });
}

describe(`icon uploads (${DIALECT})`, () => {
  it('re-encodes a PNG as a JPEG of at most 256 px and serves it immutable', async () => {
    const response = await upload(owner, 'logo.png', 'image/png', await pngImage(600, 400));
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ kind: 'icon', width: 256, height: 171 });
    expect(data.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // An uploaded file runs nothing even when opened directly: its own policy replaces the site's.
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 171 });
    expect(served.rawPayload.length).toBe(data.bytes);
  });

  it('does not enlarge a small image', async () => {
    const response = await upload(owner, 'tiny.png', 'image/png', await pngImage(32, 32, '#00ff00'));
    expect(response.json().data).toMatchObject({ width: 32, height: 32 });
  });

  it('rasterizes an SVG, dropping its script', async () => {
    const response = await upload(owner, 'icon.svg', 'image/svg+xml', SVG_IMAGE);
    expect(response.statusCode, response.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: response.json().data.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
  });

  it("refuses a file that is not an image with 'Please upload an image file (PNG, JPG, SVG)'", async () => {
    const response = await upload(owner, 'notes.txt', 'text/plain', Buffer.from('hello'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(mediaMessages.notAnImage);
  });

  it("refuses a renamed non-image with 'Failed to process image'", async () => {
    const response = await upload(owner, 'evil.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(mediaMessages.processingFailed);
  });

  it('stores a polyglot (an image with HTML appended) only as re-encoded pixels', async () => {
    const polyglot = Buffer.concat([await pngImage(64, 64), Buffer.from('<html><script>alert(1)</script></html>')]);
    const response = await upload(owner, 'poly.png', 'image/png', polyglot);
    expect(response.statusCode, response.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: response.json().data.url });
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it("refuses a file over 1 MB with 'Image must be smaller than 1MB'", async () => {
    const response = await upload(owner, 'big.png', 'image/png', noise(1024 * 1024 + 10));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(mediaMessages.iconTooLarge);
  });

  it('refuses an unknown kind, a missing file and an anonymous upload', async () => {
    const unknownKind = await upload(owner, 'a.png', 'image/png', await pngImage(8, 8), 'banner');
    expect(unknownKind.statusCode).toBe(404);
    expect(unknownKind.json()).toEqual({ code: 'not_found', message: mediaMessages.unknownKind });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/media/icon',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(mediaMessages.noFile);
    const body = multipart('a.png', 'image/png', await pngImage(8, 8));
    expect((await t.app.inject({ method: 'POST', url: '/api/media/icon', ...body })).statusCode).toBe(401);
  });

  it('counts uploads against the plan quota', async () => {
    const tight = await createTestApp({
      config: {
        planLimits: mergePlanLimits({
          free: { links: 5, uploadBytes: 10_000 },
          pro: { links: null, uploadBytes: 1e9 },
          business: { links: null, uploadBytes: 1e9 },
        }),
      },
    });
    try {
      const user = await createUser(tight.app);
      const send = async (color: string) => {
        return postMedia(tight.app, user, 'icon', { name: 'a.png', mime: 'image/png', content: await pngImage(64, 64, color) });
      };
      const first = await send('#112233');
      expect(first.statusCode).toBe(201);
      // Fill the quota up to just below the limit with an earlier upload of theirs.
      await tight.app.db
        .insertInto('media')
        .values({
          ownerId: user.user.id,
          kind: 'background',
          hash: 'f'.repeat(64),
          ext: 'jpg',
          mime: 'image/jpeg',
          bytes: 10_000 - first.json().data.bytes - 10,
          width: 1,
          height: 1,
          data: Buffer.from('x'),
          createdAt: new Date().toISOString(),
        })
        .execute();
      const refused = await send('#445566');
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toContain('Free plan includes');
      // The same file again is not a new upload and costs nothing.
      expect((await send('#112233')).statusCode).toBe(201);
    } finally {
      await tight.close();
    }
  });
});

describe(`custom icons on links (${DIALECT})`, () => {
  it('uses an uploaded icon, frees it when replaced, and refuses another user’s icon', async () => {
    const first = (await upload(owner, 'a.png', 'image/png', await pngImage(40, 40, '#123456'))).json().data;
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { cookie: owner.cookie },
        payload: { title: 'Custom', url: 'https://example.com', icon: 'custom', customIcon: first.url },
      })
    ).json().data;
    expect(link).toMatchObject({ icon: 'custom', customIcon: first.url });

    const theirs = (await upload(other, 'b.png', 'image/png', await pngImage(40, 40, '#654321'))).json().data;
    const stolen = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${link.id}`,
      headers: { cookie: owner.cookie },
      payload: { customIcon: theirs.url, icon: 'custom' },
    });
    expect(stolen.statusCode).toBe(400);

    const second = (await upload(owner, 'c.png', 'image/png', await pngImage(40, 40, '#abcdef'))).json().data;
    const replaced = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${link.id}`,
      headers: { cookie: owner.cookie },
      payload: { icon: 'custom', customIcon: second.url },
    });
    expect(replaced.json().data.customIcon).toBe(second.url);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);

    // Deleted, the link keeps its icon in the archive (issue 51 §2); deleted for good, the icon goes.
    await t.app.inject({ method: 'DELETE', url: `/api/links/${link.id}`, headers: { cookie: owner.cookie } });
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/links/archive/${link.id}`, headers: { cookie: owner.cookie } });
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);
  });

  it('deleting an upload resets the links that showed it', async () => {
    const icon = (await upload(owner, 'd.png', 'image/png', await pngImage(40, 40, '#0f0f0f'))).json().data;
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { cookie: owner.cookie },
        payload: { title: 'Custom', url: 'https://example.com', icon: 'custom', customIcon: icon.url },
      })
    ).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${icon.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${icon.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(
      200,
    );
    const links = (
      await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })
    ).json().data;
    expect(links.find((entry: { id: number }) => entry.id === link.id)).toMatchObject({ icon: 'link', customIcon: null });
  });

  it('answers 404 to unknown or malformed media paths', async () => {
    for (const url of ['/media/' + 'b'.repeat(64) + '.jpg', '/media/../../etc/passwd', '/media/abc.jpg']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
