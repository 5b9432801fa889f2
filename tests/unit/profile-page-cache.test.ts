import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ProfilePageCache, preparePage } from '#server/public-page/profile-page-cache.ts';

const page = (userId: number, text = `page of ${userId}`) => preparePage(`<!doctype html><p>${text}</p>`, userId);

describe('the rendered page cache', () => {
  it('keeps pages per origin and username', () => {
    const cache = new ProfilePageCache();
    const nova = page(1);
    cache.set('http://a.test', 'nova', nova);
    expect(cache.get('http://a.test', 'nova')).toBe(nova);
    expect(cache.get('http://b.test', 'nova')).toBeUndefined();
    expect(cache.get('http://a.test', 'other')).toBeUndefined();
  });

  it("drops every page of a changed profile, on every origin, and no one else's", () => {
    const cache = new ProfilePageCache();
    cache.set('http://a.test', 'nova', page(1));
    cache.set('http://b.test', 'nova', page(1));
    cache.set('http://a.test', 'orbit', page(2));
    cache.invalidate(1);
    expect(cache.get('http://a.test', 'nova')).toBeUndefined();
    expect(cache.get('http://b.test', 'nova')).toBeUndefined();
    expect(cache.get('http://a.test', 'orbit')).toBeDefined();
    expect(cache.size).toBe(1);
  });

  it('drops the oldest page past its limit, and a page set again replaces the old one', () => {
    const cache = new ProfilePageCache(2);
    cache.set('http://a.test', 'one', page(1));
    cache.set('http://a.test', 'two', page(2));
    const newer = page(1, 'changed');
    cache.set('http://a.test', 'one', newer);
    cache.set('http://a.test', 'three', page(3));
    expect(cache.size).toBe(2);
    expect(cache.get('http://a.test', 'two')).toBeUndefined();
    expect(cache.get('http://a.test', 'one')).toBe(newer);
    expect(cache.get('http://a.test', 'three')).toBeDefined();
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
