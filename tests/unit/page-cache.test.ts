import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MEMORY_BOUNDS } from '#server/memory-bounds.ts';
import { type CachedPage, PageCache, preparePage } from '#server/http/page-cache.ts';

const html = (userId: number, text: string) => `<!doctype html><p>${text}</p><p>page of ${userId}</p>`;
const page = (userId: number, text = `page of ${userId}`) => preparePage(html(userId, text), userId);
const ORIGIN = 'http://a.test';
/** What one page costs the budget, as the cache counts it. */
const costOf = (username: string, cached: CachedPage) =>
  cached.bytes + ORIGIN.length + username.length + MEMORY_BOUNDS.pageEntryOverheadBytes;
/** A budget that holds `count` pages like the ones named `u0`, `u1`… of user 0 */
const budgetFor = (count: number) => count * costOf('u0', page(0, 'x')) + 10;

describe('the rendered page cache', () => {
  it('keeps pages per origin and username', () => {
    const cache = new PageCache();
    const nova = page(1);
    cache.setPage(ORIGIN, 'nova', nova, cache.generation);
    expect(cache.page(ORIGIN, 'nova')).toBe(nova);
    expect(cache.page('http://b.test', 'nova')).toBeUndefined();
    expect(cache.page(ORIGIN, 'other')).toBeUndefined();
  });

  it('drops the pages whose drawing ran out of date (a New mark ended), and only those', () => {
    const cache = new PageCache({ bytes: MEMORY_BOUNDS.pageCacheBytes, redirects: MEMORY_BOUNDS.redirectTargets, now: () => 1_000 });
    cache.setPage(ORIGIN, 'fresh', preparePage(html(1, 'fresh'), 1, 2_000), cache.generation);
    cache.setPage(ORIGIN, 'stale', preparePage(html(2, 'stale'), 2, 1_000), cache.generation);
    cache.setPage(ORIGIN, 'forever', page(3), cache.generation);
    // The stale page's links were read with it: they stop redirecting with it.
    cache.setRedirect(20, { url: 'https://stale.example/', userId: 2, expiresAt: 1_000 }, cache.generation);
    cache.setRedirect(30, { url: 'https://fresh.example/', userId: 1, expiresAt: 2_000 }, cache.generation);
    cache.dropExpired(1_000);
    expect(cache.page(ORIGIN, 'stale')).toBeUndefined();
    expect(cache.page(ORIGIN, 'fresh')).toBeDefined();
    expect(cache.page(ORIGIN, 'forever')).toBeDefined();
    expect(cache.size.pages).toBe(2);
    expect(cache.redirect(20)).toBeUndefined();
    expect(cache.redirect(30)?.url).toBe('https://fresh.example/');
  });

  it('never answers a page or a redirect from the moment it runs out, before any sweep (a scheduled link, issue 30)', () => {
    let now = 999;
    const cache = new PageCache({ bytes: MEMORY_BOUNDS.pageCacheBytes, redirects: MEMORY_BOUNDS.redirectTargets, now: () => now });
    cache.setPage(ORIGIN, 'sale', preparePage(html(1, 'sale'), 1, 1_000), cache.generation);
    cache.setRedirect(10, { url: 'https://sale.example/', userId: 1, expiresAt: 1_000 }, cache.generation);
    expect(cache.page(ORIGIN, 'sale')).toBeDefined();
    expect(cache.redirect(10)).toBeDefined();
    now = 1_000;
    expect(cache.page(ORIGIN, 'sale')).toBeUndefined();
    expect(cache.redirect(10)).toBeUndefined();
    expect(cache.size.pages).toBe(0);
  });

  it("drops every page of a changed profile, on every origin, and no one else's", () => {
    const cache = new PageCache();
    cache.setPage(ORIGIN, 'nova', page(1), cache.generation);
    cache.setPage('http://b.test', 'nova', page(1), cache.generation);
    cache.setPage(ORIGIN, 'orbit', page(2), cache.generation);
    cache.invalidate(1);
    expect(cache.page(ORIGIN, 'nova')).toBeUndefined();
    expect(cache.page('http://b.test', 'nova')).toBeUndefined();
    expect(cache.page(ORIGIN, 'orbit')).toBeDefined();
    expect(cache.size.pages).toBe(1);
  });

  it('counts the bytes it holds, and gives them back when a page goes', () => {
    const cache = new PageCache();
    const first = page(1, 'a'.repeat(3000));
    const second = page(2, 'b'.repeat(3000));
    cache.setPage(ORIGIN, 'u1', first, cache.generation);
    cache.setPage(ORIGIN, 'u2', second, cache.generation);
    expect(cache.size.bytes).toBe(costOf('u1', first) + costOf('u2', second));
    cache.setPage(ORIGIN, 'u1', page(1, 'changed'), cache.generation);
    cache.invalidate(2);
    cache.invalidate(1);
    expect(cache.size).toEqual({ pages: 0, bytes: 0, redirects: 0 });
  });

  it('stays within its byte budget, dropping the least recently used first', () => {
    const cache = new PageCache({ bytes: budgetFor(3), redirects: 10 });
    for (const name of ['u0', 'u1', 'u2']) cache.setPage(ORIGIN, name, page(0, 'x'), cache.generation);
    expect(cache.size.pages).toBe(3);
    // u0 is visited, so u1 is now the least recently used.
    cache.page(ORIGIN, 'u0');
    cache.setPage(ORIGIN, 'u3', page(0, 'x'), cache.generation);
    expect(cache.page(ORIGIN, 'u1')).toBeUndefined();
    expect(cache.page(ORIGIN, 'u0')).toBeDefined();
    expect(cache.page(ORIGIN, 'u2')).toBeDefined();
    expect(cache.page(ORIGIN, 'u3')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(budgetFor(3));
    // Every page held was visited again: a page seen once (a scan through many
    // profiles) goes before them, so it cannot push the visited ones out.
    cache.setPage(ORIGIN, 'u4', page(0, 'x'), cache.generation);
    expect(cache.page(ORIGIN, 'u4')).toBeUndefined();
    expect(['u0', 'u2', 'u3'].every((name) => cache.page(ORIGIN, name) !== undefined)).toBe(true);
    expect(cache.size.pages).toBe(3);
  });

  it('counts a gzip form made later, and makes room for it', () => {
    const gzipBytes = page(0, 'x').gzip.length;
    const budget = 2 * costOf('u0', page(0, 'x')) + gzipBytes - 1;
    const cache = new PageCache({ bytes: budget, redirects: 10 });
    cache.setPage(ORIGIN, 'u0', page(0, 'x'), cache.generation);
    cache.setPage(ORIGIN, 'u1', page(0, 'x'), cache.generation);
    const visited = cache.page(ORIGIN, 'u1')!;
    expect(cache.size.pages).toBe(2);
    void visited.gzip;
    // The gzip form took the cache past its budget: the page not visited made room.
    expect(cache.page(ORIGIN, 'u0')).toBeUndefined();
    expect(cache.size).toEqual({ pages: 1, bytes: costOf('u1', visited), redirects: 0 });
    expect(cache.size.bytes).toBeLessThanOrEqual(budget);
  });

  it('never holds a page larger than the whole budget', () => {
    const cache = new PageCache({ bytes: 1000, redirects: 10 });
    cache.setPage(
      ORIGIN,
      'huge',
      preparePage(Array.from({ length: 4000 }, (_, index) => `<p>${index * 7919}</p>`).join(''), 1),
      cache.generation,
    );
    expect(cache.size).toEqual({ pages: 0, bytes: 0, redirects: 0 });
  });

  it('keeps redirect targets bounded, oldest dropped first, and drops those of a changed profile', () => {
    const cache = new PageCache({ bytes: budgetFor(2), redirects: 2 });
    cache.setRedirect(10, { url: 'https://a.example/', userId: 1, expiresAt: Infinity }, cache.generation);
    cache.setRedirect(11, { url: 'https://b.example/', userId: 2, expiresAt: Infinity }, cache.generation);
    cache.setRedirect(12, { url: 'https://c.example/', userId: 2, expiresAt: Infinity }, cache.generation);
    expect(cache.redirect(10)).toBeUndefined();
    expect(cache.redirect(11)?.url).toBe('https://b.example/');
    cache.setPage(ORIGIN, 'two', page(2), cache.generation);
    cache.invalidate(2);
    expect(cache.size).toEqual({ pages: 0, bytes: 0, redirects: 0 });
  });

  it('does not keep what was read before a change came in (it is answered, not cached)', () => {
    const cache = new PageCache({ bytes: budgetFor(2), redirects: 2 });
    const readAt = cache.generation;
    // A change to any profile arrives while the page and its links are read from the database.
    cache.invalidate(7);
    cache.setPage(ORIGIN, 'read-before', page(1), readAt);
    cache.setRedirect(10, { url: 'https://hidden-meanwhile.example/', userId: 1, expiresAt: Infinity }, readAt);
    expect(cache.page(ORIGIN, 'read-before')).toBeUndefined();
    expect(cache.redirect(10)).toBeUndefined();
    cache.setRedirect(10, { url: 'https://a.example/', userId: 1, expiresAt: Infinity }, cache.generation);
    expect(cache.redirect(10)?.url).toBe('https://a.example/');
  });

  it('keeps one form, brotli, and gives the others exactly, in buffers that hold only their own bytes', () => {
    const text = 'x'.repeat(5000);
    const cached = page(1, text);
    const identity = Buffer.from(html(1, text));
    expect(cached.body('br')).toBe(cached.br);
    expect(brotliDecompressSync(cached.br).equals(identity)).toBe(true);
    expect(cached.body('identity').equals(identity)).toBe(true);
    expect(cached.bytes).toBe(cached.br.length);
    expect(gunzipSync(cached.body('gzip')).equals(identity)).toBe(true);
    expect(cached.gzip).toBe(cached.gzip);
    expect(cached.bytes).toBe(cached.br.length + cached.gzip.length);
    // A view into zlib's output chunk would keep the whole chunk alive with every page.
    expect(cached.br.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
    expect(cached.gzip.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
  });

  describe('brotli made quickly on a miss, smaller once visited again', () => {
    /** A page like a profile's: markup that repeats with variations, about 16 kB. */
    const profileLike = (userId: number) =>
      preparePage(
        html(
          userId,
          Array.from(
            { length: 120 },
            (_, index) => `<li><a class="lv-link" href="/go/${index * 7 + userId}">Link ${index} of user ${userId}</a></li>`,
          ).join(''),
        ),
        userId,
      );
    const betweenAnswers = () => new Promise((resolve) => setImmediate(resolve));

    it('recompresses a page visited again between answers: fewer bytes, the same page, counted by the cache', async () => {
      const cache = new PageCache();
      const cached = profileLike(1);
      const identity = cached.identity;
      cache.setPage(ORIGIN, 'nova', cached, cache.generation);
      const quick = cached.br;
      expect(cache.page(ORIGIN, 'nova')).toBe(cached);
      // The answer in hand still has the quick form; the work waits for the event loop.
      expect(cached.br).toBe(quick);
      await betweenAnswers();
      expect(cached.recompressed).toBe(true);
      expect(cached.br.length).toBeLessThan(quick.length);
      expect(brotliDecompressSync(cached.br).equals(identity)).toBe(true);
      expect(cache.size.bytes).toBe(costOf('nova', cached));
    });

    it('never spends it on a page seen once, or on a page dropped before its turn', async () => {
      const cache = new PageCache();
      const once = profileLike(1);
      const dropped = profileLike(2);
      cache.setPage(ORIGIN, 'once', once, cache.generation);
      cache.setPage(ORIGIN, 'dropped', dropped, cache.generation);
      cache.page(ORIGIN, 'dropped');
      cache.invalidate(2);
      await betweenAnswers();
      expect(once.recompressed).toBe(false);
      expect(dropped.recompressed).toBe(false);
      expect(cache.size.bytes).toBe(costOf('once', once));
    });
  });
});
