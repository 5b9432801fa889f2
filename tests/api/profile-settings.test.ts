import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIO_MAX_LENGTH } from '#shared/constants.ts';
import { mediaMessages } from '#shared/media.ts';
import { profileSettingsMessages } from '#shared/profile-settings.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser } from '../helpers/factories.ts';
import { multipart, noise, pngImage, MP3_SAMPLE, postMedia } from '../helpers/uploads.ts';
import { mergePlanLimits } from '#server/config.ts';

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
  owner = await createUser(t.app, { displayName: 'Nova' });
  other = await createUser(t.app);
});
afterAll(() => t.close());

function patch(user: SignedInUser, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    headers: { cookie: user.cookie, origin: 'https://links.example' },
    payload: payload as object,
  });
}

function upload(user: SignedInUser, kind: string, filename: string, mime: string, content: Buffer) {
  const body = multipart(filename, mime, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/media/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie, origin: 'https://links.example' },
  });
}

describe(`profile settings (${DIALECT})`, () => {
  it("are the account's, with the spec's defaults but where an issue changed them", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      username: owner.user.username,
      displayName: 'Nova',
      emailConfirmed: false,
      bio: '',
      email: null,
      profileImage: null,
      theme: 'dark',
      // Off for a new page (issue 51, where spec 000 said on): a page nobody has seen does not say "1 view".
      showViews: false,
      // The "Updated" line and "New" pills are clutter on a fresh page (issue 27): off until switched on.
      showUpdated: false,
      markNewLinks: false,
      // On for every page (issue 31): a visitor inside Instagram or TikTok is offered their own browser.
      openInBrowserBar: true,
      // No sign-up form until the creator writes what visitors agree to (issue 31).
      subscribeForm: false,
      subscribeConsent: '',
      // No warning before the page until the creator sets one (issue 30).
      contentWarning: null,
      // No language of the page's own (issue 54): it speaks its owner's, English when they chose none at sign-up.
      pageLanguage: null,
      language: 'en',
      timeZone: null,
      lastUsernameChange: null,
      usernameLockedUntil: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/me/profile' })).statusCode).toBe(401);
  });

  it('save name, bio, email, theme and switches, and the page shows them', async () => {
    const response = await patch(owner, {
      displayName: 'Nova Star',
      bio: 'Maker of <things> & more',
      email: 'nova@example.com',
      theme: 'light',
      showViews: false,
      showUpdated: true,
      markNewLinks: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      displayName: 'Nova Star',
      email: 'nova@example.com',
      theme: 'light',
      showViews: false,
      showUpdated: true,
      markNewLinks: true,
    });
    const page = await t.app.inject({ method: 'GET', url: `/${owner.user.username}` });
    expect(page.body).toContain('Nova Star');
    expect(page.body).toContain('Maker of &lt;things&gt; &amp; more');
    expect(page.body).not.toContain('nova@example.com');
    expect((await patch(owner, { email: '' })).json().data.email).toBeNull();
  });

  it('enforce the bio limit with the counter’s message, and the other rules', async () => {
    expect((await patch(owner, { bio: 'x'.repeat(BIO_MAX_LENGTH) })).statusCode).toBe(200);
    const tooLong = await patch(owner, { bio: 'x'.repeat(BIO_MAX_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      message: profileSettingsMessages.bioTooLong,
      fieldErrors: { bio: profileSettingsMessages.bioTooLong },
    });
    expect((await patch(owner, { displayName: 'x'.repeat(31) })).json().message).toBe('Display name cannot exceed 30 characters');
    for (const email of ['not-an-email', 'a@', '@b.c', `${'a'.repeat(250)}@b.co`]) {
      expect((await patch(owner, { email })).json().message, email).toBe(profileSettingsMessages.invalidEmail);
    }
    expect((await patch(owner, { theme: 'sepia' })).json().message).toBe(profileSettingsMessages.invalidTheme);
    expect((await patch(owner, { showViews: 'yes' })).statusCode).toBe(400);
    expect((await patch(owner, {})).json().message).toBe(profileSettingsMessages.noChanges);
    const unknown = await patch(owner, { bio: 'ok', role: 'admin', plan: 'business' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown profile fields: role, plan');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: owner.cookie } });
    expect(me.json().data).toMatchObject({ role: 'user', plan: 'free' });
  });

  it('take a profile picture: cropped square, at most 400x400, WebP, on the page and in its share image', async () => {
    const uploaded = await upload(owner, 'avatar', 'me.png', 'image/png', await pngImage(900, 600));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url, width, height } = uploaded.json().data;
    expect({ width, height }).toEqual({ width: 400, height: 400 });
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    expect((await patch(owner, { profileImage: url })).json().data.profileImage).toBe(url);
    const page = await t.app.inject({ method: 'GET', url: `/${owner.user.username}` });
    // The share image is drawn with the picture (tests/api/share-image.test.ts): its version changes with it.
    const shareImageOf = (html: string) => /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    const withPicture = shareImageOf(page.body);
    expect(withPicture).toMatch(new RegExp(`^https://links\\.example/${owner.user.username}/og\\.png\\?v=`));
    expect(page.body).toContain(`<img src="${url}"`);

    // A new picture frees the one it replaces; removing it brings the initials back.
    const next = (await upload(owner, 'avatar', 'me2.png', 'image/png', await pngImage(300, 300, '#00ff88'))).json().data.url;
    expect((await patch(owner, { profileImage: next })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await patch(owner, { profileImage: null })).json().data.profileImage).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(404);
    const plain = await t.app.inject({ method: 'GET', url: `/${owner.user.username}` });
    expect(shareImageOf(plain.body)).not.toBe(withPicture);
    expect(plain.body).toMatch(/<div class="lv-avatar" aria-hidden="true"><span>NO<\/span>/);
  });

  it("refuse another user's picture, another kind of upload, or any other address", async () => {
    const theirs = (await upload(other, 'avatar', 'x.png', 'image/png', await pngImage(100, 100))).json().data.url;
    const icon = (await upload(owner, 'icon', 'i.png', 'image/png', await pngImage(64, 64))).json().data.url;
    for (const profileImage of [theirs, icon, `/media/${'f'.repeat(64)}.webp`, 'https://evil.example/a.png', 'javascript:alert(1)']) {
      const response = await patch(owner, { profileImage });
      expect(response.statusCode, profileImage).toBe(400);
      expect(response.json().message).toBe(profileSettingsMessages.invalidProfileImage);
    }
  });

  it("refuse bad picture uploads with the upload page's messages", async () => {
    const text = await upload(owner, 'avatar', 'notes.txt', 'text/plain', Buffer.from('hello'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(mediaMessages.selectAnImage);
    const fake = await upload(owner, 'avatar', 'fake.png', 'image/png', noise(2048));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(mediaMessages.processingFailed);
    const huge = await upload(owner, 'avatar', 'huge.png', 'image/png', noise(5 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(mediaMessages.imageTooLarge);
  });

  it('delete an avatar through the media call by bringing the initials back', async () => {
    const url = (await upload(owner, 'avatar', 'me.png', 'image/png', await pngImage(200, 200, '#123456'))).json().data;
    await patch(owner, { profileImage: url.url });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/media/${url.id}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBe(200);
    const settings = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie: owner.cookie } });
    expect(settings.json().data.profileImage).toBeNull();
  });
});

describe(`the look's other uploads (${DIALECT})`, () => {
  it('re-encodes a background to at most 1920 px as WebP', async () => {
    const response = await upload(owner, 'background', 'bg.png', 'image/png', await pngImage(4000, 1000));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ kind: 'background', width: 1920, height: 480 });
    expect(response.json().data.url).toMatch(/\.webp$/);
  });

  it('re-encodes a cursor to at most 128 px as PNG', async () => {
    const response = await upload(owner, 'cursor', 'c.png', 'image/png', await pngImage(300, 300));
    expect(response.json().data).toMatchObject({ kind: 'cursor', width: 128, height: 128 });
    expect(response.json().data.url).toMatch(/\.png$/);
    const tooLarge = await upload(owner, 'cursor', 'c.png', 'image/png', noise(512 * 1024 + 1));
    expect(tooLarge.json().message).toBe(mediaMessages.cursorTooLarge);
  });

  it('takes music by its content, whatever its name, and refuses anything else', async () => {
    const mp3 = MP3_SAMPLE;
    const accepted = await upload(owner, 'audio', 'song.bin', 'application/octet-stream', mp3);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().data.url).toMatch(/\.mp3$/);
    const served = await t.app.inject({ method: 'GET', url: accepted.json().data.url });
    expect(served.headers['content-type']).toBe('audio/mpeg');
    const png = await upload(owner, 'audio', 'song.mp3', 'audio/mpeg', await pngImage(10, 10));
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({ code: 'wrong_file_type', message: mediaMessages.notAnAudioFile });
    const html = await upload(owner, 'audio', 'song.mp3', 'audio/mpeg', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.json().message).toBe(mediaMessages.notAnAudioFile);
    expect((await upload(owner, 'audio', 'big.mp3', 'audio/mpeg', noise(10 * 1024 * 1024 + 1))).json().message).toBe(
      mediaMessages.audioTooLarge,
    );
  });

  it("counts every kind against the plan's quota, naming the plan", async () => {
    const small = await createTestApp({
      config: {
        planLimits: mergePlanLimits({
          free: { links: 5, uploadBytes: 150_000 },
          pro: { links: null, uploadBytes: 1 },
          business: { links: null, uploadBytes: 1 },
        }),
      },
    });
    try {
      const user = await createUser(small.app);
      const send = (kind: string, content: Buffer) => postMedia(small.app, user, kind, { name: 'f.png', mime: 'image/png', content });
      const noisy = await sharp(noise(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
        .png()
        .toBuffer();
      const first = await send('background', noisy);
      expect(first.statusCode, first.body).toBe(201);
      const full = await send(
        'avatar',
        await sharp(noise(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
          .png()
          .toBuffer(),
      );
      expect(full.statusCode).toBe(413);
      expect(full.json()).toMatchObject({ code: 'upload_quota' });
      expect(full.json().message).toMatch(/^Your Free plan includes 146 KB of uploads/);
    } finally {
      await small.close();
    }
  });
});

/** An ICO file holding the given PNG images (the directory format of Windows icons). */
function icoOf(...pngs: { png: Buffer; side: number }[]): Buffer {
  const header = Buffer.alloc(6 + pngs.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ png, side }, index) => {
    const entry = 6 + index * 16;
    header[entry] = side % 256;
    header[entry + 1] = side % 256;
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(({ png }) => png)]);
}

describe(`cursors from icon files (${DIALECT})`, () => {
  it('takes the largest PNG inside an ICO, and refuses an ICO with none', async () => {
    const ico = icoOf({ png: await pngImage(32, 32, '#ff0000'), side: 32 }, { png: await pngImage(200, 200, '#00ff00'), side: 200 });
    const response = await upload(owner, 'cursor', 'cursor.ico', 'image/x-icon', ico);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ kind: 'cursor', width: 128, height: 128 });
    const bmpOnly = Buffer.concat([
      icoOf().subarray(0, 4),
      Buffer.from([1, 0]),
      Buffer.from([16, 16, 0, 0, 1, 0, 32, 0, 40, 0, 0, 0, 22, 0, 0, 0]),
      Buffer.alloc(40),
    ]);
    const refused = await upload(owner, 'cursor', 'old.ico', 'image/x-icon', bmpOnly);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('image_processing_failed');
  });
});
