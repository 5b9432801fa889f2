import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createUser, loginAs } from '../helpers/factories.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { svgBomb } from '../helpers/hostile-files.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// Bounded work per upload (issue 12): every decode runs in the media worker
// process, one at a time, with a time limit, a bounded queue (and a share of it
// per account), and uploads are rate-limited per account and per address.

let t: TestApp;
let flooder: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  flooder = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

const upload = (user: SignedInUser, content: Buffer, name = 'bomb.svg', mime = 'image/svg+xml', kind = 'avatar') =>
  postMedia(t.app, user, kind, { name, mime, content });

describe(`bounded image decoding (${DIALECT})`, () => {
  it('refuses an SVG that takes too long to rasterize with the spec’s message, and the next upload works', async () => {
    expect(svgBomb().length).toBeLessThan(4096);
    const response = await upload(flooder, svgBomb());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'image_processing_failed', message: 'Failed to process image' });
    const fine = await upload(flooder, await pngImage(64, 64), 'ok.png', 'image/png');
    expect(fine.statusCode).toBe(201);
    expect(fine.json().data).toMatchObject({ kind: 'avatar', width: 64, height: 64 });
  });

  it('keeps one account to its share of the queue: a third upload in flight is refused with 429', async () => {
    const responses = await Promise.all([upload(flooder, svgBomb()), upload(flooder, svgBomb()), upload(flooder, svgBomb())]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([400, 400, 429]);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      message: 'Many uploads are being processed right now. Please try again in a moment.',
    });
    expect(refused.headers['retry-after']).toBe('5');
  });

  it('lets another account sign in and upload while one floods the worker with hostile files', async () => {
    const order: string[] = [];
    // Four at once: as many as the server's own thread pool has threads, which is what stalled sign-ins when decodes ran there.
    const accomplice = await createUser(t.app);
    const bombs = [upload(flooder, svgBomb()), upload(flooder, svgBomb()), upload(accomplice, svgBomb()), upload(accomplice, svgBomb())];
    const flood = bombs.map((request) => request.then((response) => order.push(`flood ${response.statusCode}`)));
    // Password hashing never waits for a decode: the sign-in is answered while the first bomb still runs.
    const cookie = await loginAs(t.app, other.user.username, other.password);
    order.push('sign-in');
    expect(cookie).toMatch(/^lv_session=/);
    const page = await t.app.inject({ method: 'GET', url: `/${other.user.username}` });
    expect(page.statusCode).toBe(200);
    order.push('page');
    await Promise.all(flood);
    expect(order.slice(0, 2)).toEqual(['sign-in', 'page']);
    expect(order.slice(2)).toEqual(['flood 400', 'flood 400', 'flood 400', 'flood 400']);
    // The other account's own upload waits its turn, then succeeds.
    const own = await upload(other, await pngImage(32, 32), 'me.png', 'image/png');
    expect(own.statusCode).toBe(201);
  });
});

describe(`upload rate limits (${DIALECT})`, () => {
  it('refuses uploads past the per-account limit with 429, the retry time and the message, before decoding', async () => {
    const limited = await createTestApp({
      config: { uploadRateLimit: { perUser: { max: 2, timeWindowMs: 60_000 }, perIp: { max: 100, timeWindowMs: 60_000 } } },
    });
    try {
      const user = await createUser(limited.app);
      const png = await pngImage(16, 16);
      const send = () => {
        return postMedia(limited.app, user, 'icon', { name: 'a.png', mime: 'image/png', content: png });
      };
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'rate_limited', message: 'Too many uploads. Please try again in 1 minute.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account is counted on its own.
      const second = await createUser(limited.app);
      const theirs = await postMedia(limited.app, second, 'icon', { name: 'a.png', mime: 'image/png', content: png });
      expect(theirs.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('refuses uploads past the per-address limit, whichever account sends them', async () => {
    const limited = await createTestApp({
      config: { uploadRateLimit: { perUser: { max: 100, timeWindowMs: 60_000 }, perIp: { max: 2, timeWindowMs: 60_000 } } },
    });
    try {
      const png = await pngImage(16, 16);
      const statuses: number[] = [];
      for (let index = 0; index < 3; index++) {
        const user = await createUser(limited.app);
        statuses.push((await postMedia(limited.app, user, 'icon', { name: 'a.png', mime: 'image/png', content: png })).statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
