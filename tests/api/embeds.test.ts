import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockMessages } from '#shared/blocks.ts';
import { embedMessages } from '#shared/embeds.ts';
import { EMBED_PICTURE_MAX_DIMENSION } from '#shared/media.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';
import { type EmbedProviderStandIn, STAND_IN_TITLES, startEmbedProvider } from '../helpers/embed-provider.ts';

// Embeds (issue 30): an address of YouTube, Vimeo, Spotify or SoundCloud
// becomes a block whose placeholder shows the provider's title and picture,
// asked once by this server and re-encoded; the page frames only the players
// it embeds, and only after a press.
//
// The providers cannot be reached from here: tests/helpers/embed-provider.ts
// stands in for them.

let t: TestApp;
let provider: EmbedProviderStandIn;
let origin: string;
let asked: EmbedProviderStandIn['asked'];

beforeAll(async () => {
  provider = await startEmbedProvider();
  ({ origin, asked } = provider);
  t = await createTestApp({
    config: { embedPreviews: { enabled: true, allowLoopback: true, oembedOrigin: origin, timeoutMs: 2000 } },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const addEmbed = (owner: SignedInUser, url: string) =>
  t.app.inject({ method: 'POST', url: '/api/links/blocks', headers: { cookie: owner.cookie }, payload: { type: 'embed', url } });
const pageOf = (owner: SignedInUser) => t.app.inject({ url: `/${owner.user.username}` });
const embedPictures = async (owner: SignedInUser) =>
  Number(
    (
      await t.app.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ownerId', '=', owner.user.id)
        .where('kind', '=', 'embed')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`embeds (${DIALECT})`, () => {
  it("adds an embed with its provider's title and picture, asked once by the server and re-encoded", async () => {
    const owner = await createUser(t.app);
    asked.length = 0;
    const response = await addEmbed(owner, 'youtu.be/dQw4w9WgXcQ?si=share');
    expect(response.statusCode, response.body).toBe(201);
    const embed = response.json().data;
    expect(embed).toMatchObject({
      type: 'embed',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      provider: 'youtube',
      // On one line, control characters and runs of spaces out; markup kept as the words it is.
      title: STAND_IN_TITLES.youtube,
      isActive: true,
    });
    expect(asked).toEqual([
      { path: '/youtube/oembed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { path: '/pictures/hqdefault.jpg', url: null },
    ]);
    // Never stored as sent: WebP, at most 480 px on its longer side, its shape kept.
    expect(embed.thumbnail).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const file = await t.app.inject({ url: embed.thumbnail });
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([EMBED_PICTURE_MAX_DIMENSION, 270]);
    // Counted in the owner's storage like an upload.
    const limits = (await t.app.inject({ url: '/api/me/limits', headers: { cookie: owner.cookie } })).json().data;
    expect(limits.uploads.usedBytes).toBe(file.rawPayload.length);
  });

  it('keeps an embed whose provider gives no title or picture, or whose picture is at an address the server does not reach', async () => {
    const owner = await createUser(t.app);
    const vimeo = (await addEmbed(owner, 'https://vimeo.com/76979871')).json().data;
    expect(vimeo).toMatchObject({ provider: 'vimeo', title: 'The New Vimeo Player', thumbnail: null });
    const spotify = await addEmbed(owner, 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    expect(spotify.statusCode).toBe(201);
    expect(spotify.json().data).toMatchObject({ provider: 'spotify', title: '', thumbnail: null });
    asked.length = 0;
    const soundcloud = (await addEmbed(owner, 'https://soundcloud.com/forss/flickermood')).json().data;
    expect(soundcloud).toMatchObject({ provider: 'soundcloud', title: 'Flickermood', thumbnail: null });
    expect(asked.map((entry) => entry.path)).toEqual(['/soundcloud/oembed']);
    expect(await embedPictures(owner)).toBe(0);
  });

  it('refuses an address from any other host, naming the supported ones, and one its provider cannot play', async () => {
    const owner = await createUser(t.app);
    for (const [url, message] of [
      ['https://example.com/watch?v=dQw4w9WgXcQ', embedMessages.unsupported],
      ['javascript:alert(1)', embedMessages.unsupported],
      [`http://${new URL(origin).host}/youtube/oembed`, embedMessages.unsupported],
      ['https://www.youtube.com/feed/trending', embedMessages.notPlayable('youtube')],
      ['', embedMessages.missing],
    ]) {
      const response = await addEmbed(owner, url!);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message, fieldErrors: { url: message } });
    }
    const items = (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data;
    expect(items).toEqual([]);
  });

  it('draws a placeholder that opens the video through /go, with the player only in a data attribute, and frames it only on that page', async () => {
    const owner = await createUser(t.app);
    await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
    const embed = (await addEmbed(owner, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).json().data;
    const page = await pageOf(owner);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(`href="/go/${embed.id}"`);
    expect(html).toContain('data-player="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
    expect(html).toContain(`<img class="lv-embed-picture" src="${embed.thumbnail}"`);
    expect(html).toContain('Never Gonna Give You Up &lt;script&gt;alert(1)&lt;/script&gt;');
    // Nothing the browser loads comes from the provider before the press: no frame, no picture, no script.
    expect(html).not.toMatch(/<iframe|src="https?:\/\/|<script[^>]*src="https?:/);
    expect(html).toMatch(/<script src="\/static\/profile-effects-[0-9a-f]+\.js" defer>/);
    expect(page.headers['content-security-policy']).toMatch(/;frame-src https:\/\/www\.youtube-nocookie\.com$/);
    // Cached, the same header.
    expect((await pageOf(owner)).headers['content-security-policy']).toBe(page.headers['content-security-policy']);

    const plain = await createUser(t.app);
    await createLink(t.app, plain, { title: 'Shop', url: 'https://shop.example/' });
    expect((await pageOf(plain)).headers['content-security-policy']).not.toContain('frame-src');

    // Without script, the placeholder opens the video (counted as the embed's click).
    const go = await t.app.inject({ url: `/go/${embed.id}` });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it("frames each provider's player host on a page with several, and none once the embeds are hidden", async () => {
    const owner = await createUser(t.app);
    const video = (await addEmbed(owner, 'https://vimeo.com/76979871')).json().data;
    const audio = (await addEmbed(owner, 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy')).json().data;
    const csp = (await pageOf(owner)).headers['content-security-policy'] as string;
    expect(csp).toMatch(/;frame-src https:\/\/open\.spotify\.com https:\/\/player\.vimeo\.com$/);
    const html = (await pageOf(owner)).body;
    expect(html).toContain('data-shape="audio" style="--lv-embed-height:352px"');
    expect(html).toContain('Spotify player');
    for (const id of [video.id, audio.id]) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/links/blocks/${id}`,
        headers: { cookie: owner.cookie },
        payload: { isActive: false },
      });
    }
    expect((await pageOf(owner)).headers['content-security-policy']).not.toContain('frame-src');
  });

  it('asks the provider again for a new address, and frees the picture nothing shows any more', async () => {
    const owner = await createUser(t.app);
    const embed = (await addEmbed(owner, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).json().data;
    expect(await embedPictures(owner)).toBe(1);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/blocks/${embed.id}`,
      headers: { cookie: owner.cookie },
      payload: { url: 'https://vimeo.com/76979871' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      url: 'https://vimeo.com/76979871',
      provider: 'vimeo',
      title: 'The New Vimeo Player',
      thumbnail: null,
    });
    expect(await embedPictures(owner)).toBe(0);
    // An address belongs to an embed only.
    const header = (
      await t.app.inject({
        method: 'POST',
        url: '/api/links/blocks',
        headers: { cookie: owner.cookie },
        payload: { type: 'header', title: 'Watch' },
      })
    ).json().data;
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/blocks/${header.id}`,
      headers: { cookie: owner.cookie },
      payload: { url: 'https://vimeo.com/76979871' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(blockMessages.fieldNotForType('header', 'url'));
    // Deleted, its picture waits with it in the archive (issue 51 §2), and goes when it leaves for good.
    const again = (await addEmbed(owner, 'https://youtu.be/dQw4w9WgXcQ')).json().data;
    expect(await embedPictures(owner)).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/links/${again.id}`, headers: { cookie: owner.cookie } });
    expect(await embedPictures(owner)).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/links/archive/${again.id}`, headers: { cookie: owner.cookie } });
    expect(await embedPictures(owner)).toBe(0);
  });

  it('counts toward no link limit', async () => {
    const owner = await createUser(t.app);
    for (let index = 0; index < 5; index++) await createLink(t.app, owner, { title: `Link ${index}`, url: `https://e${index}.example/` });
    expect((await addEmbed(owner, 'https://vimeo.com/76979871')).statusCode).toBe(201);
  });
});

describe(`embed previews never reach this server's own network (${DIALECT})`, () => {
  it('asks no provider at a loopback address on a real site: the embed is kept without a preview', async () => {
    const site = await createTestApp({
      config: { embedPreviews: { enabled: true, allowLoopback: false, oembedOrigin: origin, timeoutMs: 2000 } },
    });
    try {
      const owner = await createUser(site.app);
      asked.length = 0;
      const response = await site.app.inject({
        method: 'POST',
        url: '/api/links/blocks',
        headers: { cookie: owner.cookie },
        payload: { type: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ title: '', thumbnail: null });
      expect(asked).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
