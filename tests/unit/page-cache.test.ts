import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, preparePage } from '#server/public-page/page-cache.ts';

const page = (userId: number, text = `page of ${userId}`) => preparePage(`<!doctype html><p>${text}</p>`, userId);

describe('the rendered page cache', () => {
  it('keeps pages per origin and username', () => {
    const cache = new PageCache();
    const nova = page(1);
    cache.setPage('http://a.test', 'nova', nova);
    expect(cache.page('http://a.test', 'nova')).toBe(nova);
    expect(cache.page('http://b.test', 'nova')).toBeUndefined();
    expect(cache.page('http://a.test', 'other')).toBeUndefined();
  });

  it("drops every page of a changed profile, on every origin, and no one else's", () => {
    const cache = new PageCache();
    cache.setPage('http://a.test', 'nova', page(1));
    cache.setPage('http://b.test', 'nova', page(1));
    cache.setPage('http://a.test', 'orbit', page(2));
    cache.invalidate(1);
    expect(cache.page('http://a.test', 'nova')).toBeUndefined();
    expect(cache.page('http://b.test', 'nova')).toBeUndefined();
    expect(cache.page('http://a.test', 'orbit')).toBeDefined();
    expect(cache.size.pages).toBe(1);
  });

  it('drops the oldest page past its limit, and a page set again replaces the old one', () => {
    const cache = new PageCache({ pages: 2, redirects: 2 });
    cache.setPage('http://a.test', 'one', page(1));
    cache.setPage('http://a.test', 'two', page(2));
    const newer = page(1, 'changed');
    cache.setPage('http://a.test', 'one', newer);
    cache.setPage('http://a.test', 'three', page(3));
    expect(cache.size.pages).toBe(2);
    expect(cache.page('http://a.test', 'two')).toBeUndefined();
    expect(cache.page('http://a.test', 'one')).toBe(newer);
    expect(cache.page('http://a.test', 'three')).toBeDefined();
  });

  it('keeps redirect targets bounded, oldest dropped first, and drops those of a changed profile', () => {
    const cache = new PageCache({ pages: 2, redirects: 2 });
    cache.setRedirect(10, { url: 'https://a.example/', userId: 1 });
    cache.setRedirect(11, { url: 'https://b.example/', userId: 2 });
    cache.setRedirect(12, { url: 'https://c.example/', userId: 2 });
    expect(cache.redirect(10)).toBeUndefined();
    expect(cache.redirect(11)?.url).toBe('https://b.example/');
    cache.setPage('http://a.test', 'two', page(2));
    cache.invalidate(2);
    expect(cache.size).toEqual({ pages: 0, redirects: 0 });
  });

  it('compresses once, into buffers that hold only their own bytes', () => {
    const cached = page(1, 'x'.repeat(5000));
    expect(cached.br).toBe(cached.br);
    expect(brotliDecompressSync(cached.br).equals(cached.identity)).toBe(true);
    expect(gunzipSync(cached.gzip).equals(cached.identity)).toBe(true);
    // A view into zlib's output chunk would keep the whole chunk alive with every page.
    expect(cached.br.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
    expect(cached.gzip.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
    expect(cached.body('identity')).toBe(cached.identity);
  });
});
