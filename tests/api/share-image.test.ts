import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// The page's share image (issue 31): drawn by the media worker from the page's
// look, named in the page's OpenGraph and Twitter tags by its version.

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
  owner = await createUser(t.app, { displayName: 'Nova Reyes' });
  await t.app.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    headers: { cookie: owner.cookie },
    payload: { bio: 'Sound artist in Porto.' },
  });
  await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
});
afterAll(() => t.close());

/** The share image's address as the page names it. */
async function imageAddress(): Promise<string> {
  const html = (await t.app.inject({ url: `/${owner.user.username}` })).body;
  const og = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
  expect(html).toContain(`<meta name="twitter:image" content="${og}">`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  expect(html).toContain('<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">');
  return og!.replaceAll('&#38;', '&');
}

async function fetchImage(address: string) {
  const url = new URL(address);
  const response = await t.app.inject({ url: `${url.pathname}${url.search}` });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
}

describe(`the share image (${DIALECT})`, () => {
  it('is a 1200 × 630 PNG named in the page’s tags, kept for good under its version', { timeout: 30_000 }, async () => {
    const address = await imageAddress();
    expect(address).toMatch(new RegExp(`^https://links\\.example/${owner.user.username}/og\\.png\\?v=[\\w-]{12}$`));
    const response = await fetchImage(address);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // Without the version, a short while only.
    const bare = await t.app.inject({ url: `/${owner.user.username}/og.png` });
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
  });

  it('changes when the look, the name or the picture changes', { timeout: 60_000 }, async () => {
    const before = await imageAddress();
    const first = (await fetchImage(before)).rawPayload;
    const colourAt = async (png: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      return [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    };
    await setPlan(t.app, owner.user.id, 'pro'); // a gradient of one's own is a paid plan's (issue 33)
    const recolour = await t.app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie: owner.cookie },
      payload: { backgroundGradient: 'custom', customGradient: '#0F766E,#115E59' },
    });
    expect(recolour.statusCode).toBe(200);
    const recoloured = await imageAddress();
    expect(recoloured).not.toBe(before);
    const second = (await fetchImage(recoloured)).rawPayload;
    expect(await colourAt(second, 20, 20)).not.toEqual(await colourAt(first, 20, 20));

    const avatar = await postMedia(t.app, owner, 'avatar', {
      name: 'me.png',
      mime: 'image/png',
      content: await pngImage(300, 300, '#FACC15'),
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: owner.cookie },
      payload: { profileImage: avatar.json().data.url },
    });
    const withPicture = await imageAddress();
    expect(withPicture).not.toBe(recoloured);
    const third = (await fetchImage(withPicture)).rawPayload;
    // The picture in the middle of the circle: the upload's yellow.
    const [red, green, blue] = await colourAt(third, 600, 250);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeGreaterThan(170);
    expect(blue).toBeLessThan(80);
  });

  it('draws emoji in the name with their own colours, never as boxes (issue 51)', { timeout: 60_000 }, async () => {
    // Two creators alike but for a red heart after the name (Twemoji's #DD2E44).
    const imageOf = async (displayName: string) => {
      const creator = await createUser(t.app, { displayName });
      const html = (await t.app.inject({ url: `/${creator.user.username}` })).body;
      const address = /<meta property="og:image" content="([^"]+)">/.exec(html)![1]!.replaceAll('&#38;', '&');
      const { data, info } = await sharp((await fetchImage(address)).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The pixels of the name's line (below the 200 px circle, centred at 315).
      let red = 0;
      for (let y = 340; y < 420; y += 1)
        for (let x = 0; x < info.width; x += 1) {
          const at = (y * info.width + x) * info.channels;
          if (data[at]! > 180 && data[at + 1]! < 90 && data[at + 2]! < 110) red += 1;
        }
      return red;
    };
    expect(await imageOf('Nova Reyes')).toBe(0);
    expect(await imageOf('Nova Reyes ❤️')).toBeGreaterThan(200);
    // A sequence Twemoji has no drawing for is left out, as is the rest: the image is still drawn.
    expect(await imageOf('Nova \u{1F9D1}\u200D\u{1F9D1}\u200D\u{1F9D1}\u200D\u{1F9D1}')).toBe(0);
  });

  it('is there only for an active profile', async () => {
    expect((await t.app.inject({ url: '/no-such-creator/og.png' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/og.png' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });
});
