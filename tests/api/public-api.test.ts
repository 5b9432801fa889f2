import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createLink, createUser } from '../helpers/factories.ts';

// The public read API (issue 32): GET /api/public/{username}, stable, readable
// from any site's browser script (CORS, GET only, no credentials), with an
// ETag so that an unchanged profile costs a 304, and a rate limit per address.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicApiRateLimit: { max: 5, timeWindowMs: 60_000 } } });
});
afterAll(() => t.close());

const read = (username: string, headers: Record<string, string> = {}, remoteAddress = '198.51.100.1') =>
  t.app.inject({ url: `/api/public/${username}`, headers: { origin: 'https://fan-site.example', ...headers }, remoteAddress });

describe(`the public read API (${DIALECT})`, () => {
  it('lets any site read a profile with its blocks, and answers 304 while it is unchanged', async () => {
    const owner = await createUser(t.app);
    await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
    await t.app.inject({
      method: 'POST',
      url: '/api/links/blocks',
      headers: { cookie: owner.cookie },
      payload: { type: 'header', title: 'Elsewhere' },
    });
    const first = await read(owner.user.username, {}, '198.51.100.10');
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['access-control-expose-headers']).toContain('ETag');
    expect(first.headers['access-control-allow-credentials']).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.json().data.items.map((item: { type: string }) => item.type)).toEqual(['link', 'header']);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await read(owner.user.username, { 'if-none-match': etag }, '198.51.100.10');
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['access-control-allow-origin']).toBe('*');

    // A change makes a new ETag.
    await createLink(t.app, owner, { title: 'Tour', url: 'https://tour.example/' });
    const changed = await read(owner.user.username, { 'if-none-match': etag }, '198.51.100.10');
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers a browser’s preflight for GET alone, and errors readable by the other site', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/public/anyone',
      headers: {
        origin: 'https://fan-site.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'If-None-Match',
    });
    const missing = await read('nobody-here-at-all', {}, '198.51.100.20');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('limits the reads from one address, saying when to come back', async () => {
    const owner = await createUser(t.app);
    for (let index = 0; index < 5; index++) expect((await read(owner.user.username, {}, '198.51.100.30')).statusCode).toBe(200);
    const limited = await read(owner.user.username, {}, '198.51.100.30');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    // Another address is not held back.
    expect((await read(owner.user.username, {}, '198.51.100.31')).statusCode).toBe(200);
  });

  it('is documented as stable, with its ETag and CORS, in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/public/{username}'].get;
    expect(operation.summary).toContain('(stable)');
    expect(operation.description).toContain('If-None-Match');
    expect(operation.description).toContain('Access-Control-Allow-Origin');
    expect(document.paths['/api/public/{username}'].options).toBeUndefined();
  });
});
