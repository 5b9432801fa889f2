import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPublicPage } from '#server/public-page/public-page.service.ts';
import { renderProfilePage } from '#server/page-drawing/render-page.tsx';
import { PAGE_READERS } from '#server/services.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';

// The page cache is bounded by bytes (PAGE_CACHE_MB): with more profiles than
// it holds, every answer is still exactly the page, and the cache never holds
// more than its budget.

const BUDGET = 16 * 1024;
let t: TestApp;
const creators: SignedInUser[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { pageCacheBytes: BUDGET } });
  for (let index = 0; index < 12; index += 1) {
    const creator = await createUser(t.app, { displayName: `Creator ${index} ${'✦'.repeat(index)}` });
    for (let link = 0; link < 5; link += 1)
      await createLink(t.app, creator, { title: `Link ${link} of ${index}`, url: `https://example.com/${index}/${link}` });
    creators.push(creator);
  }
});
afterAll(() => t.close());

/** The page as rendered from the database now, for the origin inject's requests name. */
async function freshRender(username: string): Promise<Buffer> {
  const data = await loadPublicPage(t.app.db, PAGE_READERS, username);
  return Buffer.from(renderProfilePage(data!, 'http://localhost:80'));
}

describe(`the page cache within its byte budget (${DIALECT})`, () => {
  it('answers every page exactly, in every encoding, while holding no more than its budget', async () => {
    const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body };
    let maxBytes = 0;
    // Three passes in a shuffled order: hits, misses and evictions all happen.
    for (let pass = 0; pass < 3; pass += 1) {
      const order = [...creators].sort(() => Math.random() - 0.5);
      for (const creator of order) {
        for (const encoding of ['br', 'gzip', 'identity'] as const) {
          const response = await t.app.inject({
            method: 'GET',
            url: `/${creator.user.username}`,
            headers: { 'accept-encoding': encoding, 'user-agent': 'Mozilla/5.0' },
          });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
          expect(
            decode[encoding](response.rawPayload).equals(await freshRender(creator.user.username)),
            `${creator.user.username} ${encoding}`,
          ).toBe(true);
          maxBytes = Math.max(maxBytes, t.app.pageCache.size.bytes);
          expect(t.app.pageCache.size.bytes).toBeLessThanOrEqual(BUDGET);
        }
      }
    }
    // The budget was the limit: the cache filled up to it, and never held every page.
    expect(maxBytes).toBeGreaterThan(BUDGET / 2);
    expect(t.app.pageCache.size.pages).toBeLessThan(creators.length);
  });

  it('gives a client that accepts neither brotli nor gzip the exact page', async () => {
    const creator = creators[0]!;
    for (const headers of [{}, { 'accept-encoding': 'deflate' }, { 'accept-encoding': 'identity' }]) {
      const response = await t.app.inject({ method: 'GET', url: `/${creator.user.username}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.equals(await freshRender(creator.user.username))).toBe(true);
    }
  });
});
