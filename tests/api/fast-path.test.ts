import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createLink, createUser } from '../helpers/factories.ts';
import { countVisits } from '../helpers/events.ts';
import { visitorHash } from '#server/analytics/visitor.ts';
import { dailySaltOf } from '#server/analytics/analytics-writes.repository.ts';

// Cached pages and redirects are answered before Fastify (FastPath): only a
// listening server exercises that path, so these tests speak real HTTP.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const INSTAGRAM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,3; iOS 17_5; en_US)';

let t: TestApp;
let base: string;
let creator: SignedInUser;
let linkId: number;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, from = base, localAddress?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(`${from}${path}`, { headers: { 'user-agent': BROWSER, ...headers }, localAddress }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const comparable = ({ date: _date, 'keep-alive': _keepAlive, connection: _connection, ...headers }: http.IncomingHttpHeaders) => headers;

const countEvents = (kind: 'view' | 'click') => countVisits(t.app, creator.user.id, kind);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  creator = await createUser(t.app);
  linkId = (await createLink(t.app, creator, { title: 'Target', url: 'https://target.example/' })).id;
});
afterAll(() => t.close());

describe(`pages and redirects served before routing (${DIALECT})`, () => {
  it('answers a cached page exactly as the routed answer, and counts both views', async () => {
    const path = `/${creator.user.username}`;
    const before = await countEvents('view');
    for (const encoding of ['br', 'gzip', 'identity']) {
      const routed = await get(`${path}`, { 'accept-encoding': encoding, cookie: 'lv_session=none' });
      const answeredBefore = t.app.fastPathStats.answered;
      const fast = await get(path, { 'accept-encoding': encoding });
      expect(t.app.fastPathStats.answered).toBe(answeredBefore + 1);
      expect(fast.status).toBe(200);
      expect(fast.body.equals(routed.body), encoding).toBe(true);
      const { 'set-cookie': _cleared, ...routedHeaders } = comparable(routed.headers);
      expect(comparable(fast.headers)).toEqual(routedHeaders);
      expect(fast.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect(await countEvents('view')).toBe(before + 6);
  });

  it("answers a visitor in an app's own browser with that app's page, cached beside the plain one", async () => {
    const path = `/${creator.user.username}`;
    const instagram = { 'user-agent': INSTAGRAM_IPHONE, 'accept-encoding': 'identity' };
    const routed = await get(path, { ...instagram, cookie: 'lv_session=none' });
    const answeredBefore = t.app.fastPathStats.answered;
    const fast = await get(path, instagram);
    expect(t.app.fastPathStats.answered).toBe(answeredBefore + 1);
    expect(fast.body.toString()).toBe(routed.body.toString());
    expect(fast.body.toString()).toContain('<aside class="lv-inapp"');
    // The plain page is still the plain page.
    const plain = await get(path, { 'accept-encoding': 'identity' });
    expect(plain.body.toString()).not.toContain('lv-inapp');
  });

  it('answers 304 to a known ETag, and skips bots when counting', async () => {
    const first = await get(`/${creator.user.username}`);
    const before = await countEvents('view');
    const again = await get(`/${creator.user.username}`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    await get(`/${creator.user.username}`, { 'user-agent': 'Googlebot/2.1' });
    expect(await countEvents('view')).toBe(before + 1);
  });

  it('answers a 304 with the security headers of its 200, players allowed on a page with embeds, routed or not', async () => {
    const owner = await createUser(t.app);
    const embed = await t.app.inject({
      method: 'POST',
      url: '/api/links/blocks',
      headers: { cookie: owner.cookie },
      payload: { type: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(embed.statusCode).toBe(201);
    const path = `/${owner.user.username}`;
    const without = ({ 'content-length': _length, 'content-encoding': _encoding, ...headers }: http.IncomingHttpHeaders) =>
      comparable(headers);
    for (const routing of [{}, { cookie: 'lv_session=none' }] as Record<string, string>[]) {
      const first = await get(path, { 'accept-encoding': 'br', ...routing });
      expect(first.headers['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag), ...routing });
      expect(again.status).toBe(304);
      const { 'set-cookie': _firstCookie, ...firstHeaders } = without(first.headers);
      const { 'set-cookie': _againCookie, ...againHeaders } = without(again.headers);
      expect(againHeaders).toEqual(firstHeaders);
    }
  });

  it("does not count the owner's own visits (a session goes through routing)", async () => {
    const before = await countEvents('view');
    const own = await get(`/${creator.user.username}`, { cookie: creator.cookie });
    expect(own.status).toBe(200);
    expect(await countEvents('view')).toBe(before);
  });

  it('redirects a known link and counts the click', async () => {
    await get(`/${creator.user.username}`);
    const before = await countEvents('click');
    const first = await get(`/go/${linkId}`);
    const second = await get(`/go/${linkId}`);
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('https://target.example/');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(await countEvents('click')).toBe(before + 2);
  });

  it('shows a change at once, and stops redirecting a link switched off', async () => {
    await get(`/${creator.user.username}`);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${linkId}`,
      headers: { cookie: creator.cookie },
      payload: { title: 'Renamed target' },
    });
    expect((await get(`/${creator.user.username}`, { 'accept-encoding': 'identity' })).body.toString()).toContain('Renamed target');
    await t.app.inject({ method: 'PATCH', url: `/api/links/${linkId}`, headers: { cookie: creator.cookie }, payload: { isActive: false } });
    expect((await get(`/go/${linkId}`)).status).toBe(404);
    expect((await get(`/${creator.user.username}`, { 'accept-encoding': 'identity' })).body.toString()).not.toContain('Renamed target');
  });

  it("closes cached pages and redirects from the coming-soon switch's own answer on", async () => {
    const admin = await createAdmin(t.app);
    const switchTo = async (maintenanceMode: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/site-settings',
        headers: { cookie: admin.cookie },
        payload: { maintenanceMode, maintenanceMessage: 'Back soon' },
      });
      expect(response.statusCode).toBe(200);
    };
    const visitorLink = await createLink(t.app, creator, { title: 'Open', url: 'https://open.example/' });
    const path = `/${creator.user.username}`;
    await get(path);
    const answered = t.app.fastPathStats.answered;
    expect((await get(path)).status).toBe(200);
    expect((await get(`/go/${visitorLink.id}`)).status).toBe(302);
    expect(t.app.fastPathStats.answered).toBe(answered + 2);
    try {
      await switchTo(true);
      // The very next visitor, not the one after.
      expect((await get(path)).status).toBe(503);
      expect((await get(`/go/${visitorLink.id}`)).status).toBe(503);
    } finally {
      await switchTo(false);
    }
    expect((await get(path)).status).toBe(200);
  });

  it('writes the repeats of one visitor in one window as one row with their count', async () => {
    const fan = await createUser(t.app);
    await get(`/${fan.user.username}`);
    await t.app.events.flush();
    const rowsBefore = await t.app.db.selectFrom('events').select('id').where('userId', '=', fan.user.id).execute();
    for (let index = 0; index < 4; index += 1) await get(`/${fan.user.username}`);
    await get(`/${fan.user.username}`, { referer: 'https://www.tiktok.com/@fan' });
    await get(`/${fan.user.username}`, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' });
    await t.app.events.flush();
    const rows = await t.app.db
      .selectFrom('events')
      .select(['hits', 'source', 'device', 'referrer'])
      .where('userId', '=', fan.user.id)
      .where('id', 'not in', rowsBefore.length > 0 ? rowsBefore.map((row) => row.id) : [0])
      .orderBy('hits', 'desc')
      .execute();
    expect(rows).toEqual([
      { hits: 4, source: 'Direct', device: 'desktop', referrer: null },
      expect.objectContaining({ hits: 1 }),
      expect.objectContaining({ hits: 1 }),
    ]);
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        { hits: 1, source: 'TikTok', device: 'desktop', referrer: 'https://www.tiktok.com/@fan' },
        { hits: 1, source: 'Direct', device: 'mobile', referrer: null },
      ]),
    );
    expect(await countVisits(t.app, fan.user.id, 'view')).toBe(7);
  });

  it('leaves app routes and unknown names to routing', async () => {
    expect((await get('/login')).body.toString()).not.toContain('User not found');
    expect((await get('/nobody-by-this-name')).status).toBe(404);
  });
});

describe(`pages and redirects behind a trusted proxy (${DIALECT})`, () => {
  let proxied: TestApp;
  let proxiedBase: string;
  let owner: SignedInUser;
  let ownerLinkId: number;
  const forwarded = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'links.example.com' };

  beforeAll(async () => {
    proxied = await createTestApp({ config: { trustProxy: '127.0.0.1' } });
    await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    proxiedBase = `http://127.0.0.1:${(proxied.app.server.address() as AddressInfo).port}`;
    owner = await createUser(proxied.app);
    ownerLinkId = (await createLink(proxied.app, owner, { title: 'Shop', url: 'https://shop.example/' })).id;
  });
  afterAll(() => proxied.close());

  /** The visitor ids recorded for the owner's profile since `after`. */
  const visitorIdsOf = async (kind: 'view' | 'click') => {
    await proxied.app.events.flush();
    const rows = await proxied.app.db
      .selectFrom('events')
      .select('visitorHash')
      .where('userId', '=', owner.user.id)
      .where('kind', '=', kind)
      .execute();
    return new Set(rows.map((row) => row.visitorHash));
  };

  it('answers exactly as the routed answer, with the forwarded origin, and counts the forwarded visitor', async () => {
    const path = `/${owner.user.username}`;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const routed = await get(path, { ...forwarded, 'accept-encoding': encoding, cookie: 'lv_session=none' }, proxiedBase);
      const answeredBefore = proxied.app.fastPathStats.answered;
      const fast = await get(path, { ...forwarded, 'accept-encoding': encoding }, proxiedBase);
      expect(proxied.app.fastPathStats.answered).toBe(answeredBefore + 1);
      expect(fast.status).toBe(200);
      expect(fast.body.equals(routed.body), encoding).toBe(true);
      const { 'set-cookie': _cleared, ...routedHeaders } = comparable(routed.headers);
      expect(comparable(fast.headers)).toEqual(routedHeaders);
    }
    const page = (await get(path, { ...forwarded, 'accept-encoding': 'identity' }, proxiedBase)).body.toString();
    expect(page).toContain(`<link rel="canonical" href="https://links.example.com/${owner.user.username}">`);
    const day = new Date().toISOString().slice(0, 10);
    expect(await visitorIdsOf('view')).toEqual(new Set([visitorHash(await dailySaltOf(proxied.app.db, day), '203.0.113.9', BROWSER)]));
  });

  it('redirects through the fast path as the route does, counting the forwarded visitor', async () => {
    const routed = await get(`/go/${ownerLinkId}`, { ...forwarded, cookie: 'lv_session=none' }, proxiedBase);
    const answeredBefore = proxied.app.fastPathStats.answered;
    const fast = await get(`/go/${ownerLinkId}`, forwarded, proxiedBase);
    expect(proxied.app.fastPathStats.answered).toBe(answeredBefore + 1);
    expect(fast.status).toBe(302);
    expect(fast.headers.location).toBe('https://shop.example/');
    const { 'set-cookie': _cleared, ...routedHeaders } = comparable(routed.headers);
    expect(comparable(fast.headers)).toEqual(routedHeaders);
    const day = new Date().toISOString().slice(0, 10);
    expect(await visitorIdsOf('click')).toEqual(new Set([visitorHash(await dailySaltOf(proxied.app.db, day), '203.0.113.9', BROWSER)]));
  });

  it('ignores forwarded headers from a peer it does not trust, as Fastify does', async () => {
    const before = await visitorIdsOf('view');
    const path = `/${owner.user.username}`;
    const routed = await get(
      path,
      { ...forwarded, 'accept-encoding': 'identity', cookie: 'lv_session=none', 'x-forwarded-for': '198.51.100.1' },
      proxiedBase,
      '127.0.0.2',
    );
    const answeredBefore = proxied.app.fastPathStats.answered;
    const spoofed = await get(
      path,
      { ...forwarded, 'accept-encoding': 'identity', 'x-forwarded-for': '198.51.100.1' },
      proxiedBase,
      '127.0.0.2',
    );
    expect(proxied.app.fastPathStats.answered).toBe(answeredBefore + 1);
    expect(spoofed.body.equals(routed.body)).toBe(true);
    expect(spoofed.body.toString()).toContain(`href="http://127.0.0.1:`);
    const added = [...(await visitorIdsOf('view'))].filter((id) => !before.has(id));
    const day = new Date().toISOString().slice(0, 10);
    expect(added).toEqual([visitorHash(await dailySaltOf(proxied.app.db, day), '127.0.0.2', BROWSER)]);
  });
});
