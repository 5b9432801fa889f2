import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, parseHex } from '#shared/contrast.ts';
import { qrCodeMessages } from '#shared/qr-code.ts';
import { CUSTOMIZATION_DEFAULTS } from '#shared/customization.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, setPlan } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// The profile's QR code (issue 31): decoded here from the PNG the server draws.

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const get = (url: string, user: SignedInUser | null = owner) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

async function decode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe(`the profile's QR code (${DIALECT})`, () => {
  it("encodes the page's address, marked ?ref=qr, as a 1024 px PNG unless asked", async () => {
    const response = await get('/api/me/qr.png');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    expect((await sharp(png).metadata()).width).toBe(1024);
    expect(await decode(png)).toBe(`https://links.example/${owner.user.username}?ref=qr`);
    const small = await get('/api/me/qr.png?size=256&style=plain');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(256);
    expect(await decode(small.rawPayload)).toBe(`https://links.example/${owner.user.username}?ref=qr`);
  });

  it("is drawn in the look's primary colour, darkened until it reads on white, or in black", async () => {
    const svg = await get('/api/me/qr.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const colourOf = (body: string) => /<path stroke="(#[0-9a-f]{6})"/i.exec(body)?.[1];
    // The default primary colour reads on white at AA (issue 51): drawn as it is.
    const profile = colourOf(svg.body)!;
    expect(profile.toUpperCase()).toBe(CUSTOMIZATION_DEFAULTS.primaryColor);
    const putPrimary = (primaryColor: string) =>
      t.app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie: owner.cookie }, payload: { primaryColor } });
    // On Free, a colour of one's own is a paid plan's (issue 33): refused, then set on Pro.
    expect((await putPrimary('#0F172A')).statusCode).toBe(403);
    await setPlan(t.app, owner.user.id, 'pro');
    expect((await putPrimary('#0F172A')).statusCode).toBe(200);
    expect(colourOf((await get('/api/me/qr.svg')).body)?.toUpperCase()).toBe('#0F172A');
    // A light colour (#C4B5FD is 1.9:1 on white) is darkened until it reads.
    expect((await putPrimary('#C4B5FD')).statusCode).toBe(200);
    const darkened = colourOf((await get('/api/me/qr.svg')).body)!;
    expect(darkened.toUpperCase()).not.toBe('#C4B5FD');
    expect(contrastRatio(parseHex(darkened), parseHex('#FFFFFF'))).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // Back on Free the page draws the default theme, and so does the code (the colour is kept for a paid plan).
    await setPlan(t.app, owner.user.id, 'free');
    expect(colourOf((await get('/api/me/qr.svg')).body)).toBe(profile);
    await setPlan(t.app, owner.user.id, 'pro');
    expect(colourOf((await get('/api/me/qr.svg?style=plain')).body)?.toUpperCase()).toBe('#000000');
  });

  it('is the signed-in owner’s only, and refuses sizes and styles it does not draw', async () => {
    expect((await get('/api/me/qr.svg', null)).statusCode).toBe(401);
    expect((await get('/api/me/qr.png', null)).statusCode).toBe(401);
    for (const query of ['size=5000', 'size=12', 'size=1.5', 'size=big', 'style=neon']) {
      const response = await get(`/api/me/qr.png?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(query.startsWith('style') ? qrCodeMessages.invalidStyle : qrCodeMessages.invalidSize);
    }
    expect((await get('/api/me/qr.svg?size=256')).statusCode).toBe(400);
  });

  it('carries the profile picture in its middle when asked, and still reads', async () => {
    const user = await createUser(t.app);
    const asUser = (url: string) => get(url, user);
    // Without a picture on the page, asking for one draws the code alone.
    expect((await asUser('/api/me/qr.svg?picture=true')).body).not.toContain('<image');
    const upload = await postMedia(t.app, user, 'avatar', {
      name: 'me.png',
      mime: 'image/png',
      content: await pngImage(500, 500, '#ff0000'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: user.cookie },
      payload: { profileImage: upload.json().data.url },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const svg = (await asUser('/api/me/qr.svg?picture=true')).body;
    expect(svg).toMatch(/<image href="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    expect((await asUser('/api/me/qr.svg')).body).not.toContain('<image');

    const response = await asUser('/api/me/qr.png?picture=true&size=512');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    expect(await decode(png)).toBe(`https://links.example/${user.user.username}?ref=qr`);
    // The middle is the picture (red, give or take the WebP it was stored as), not modules.
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(512);
    const centre = (256 * info.width + 256) * 3;
    const [red, green, blue] = data.subarray(centre, centre + 3);
    expect({ red: red! > 240, green: green! < 16, blue: blue! < 16 }).toEqual({ red: true, green: true, blue: true });
    expect((await asUser('/api/me/qr.png?picture=maybe')).json().message).toBe(qrCodeMessages.invalidPicture);
  });

  it('counts a visit that came through it as "QR code" in the sources', async () => {
    const page = `/${owner.user.username}?ref=qr`;
    await t.app.inject({
      method: 'GET',
      url: page,
      remoteAddress: '8.8.8.8',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' },
    });
    await t.app.events.flush();
    const sources = (await get('/api/me/analytics?days=7')).json().data.sources;
    expect(sources).toEqual([{ name: 'QR code', visits: 1, percentage: 100 }]);
  });
});
