import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMessages } from '#shared/links.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';

// Scheduled links (issue 30), with the test's clock: the page and /go follow a
// link's window to the millisecond, on the fast path (a listening server, real
// HTTP) as through the routes, with the cached page's expiry at the next boundary.

const T0 = Date.parse('2026-12-01T08:00:00.000Z');
const HOUR = 3600_000;
let now = T0;
let t: TestApp;
let base: string;
let creator: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ config: { clock: () => now } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  creator = await createUser(t.app);
});
afterAll(() => t.close());

const page = async () => (await fetch(`${base}/${creator.user.username}`)).text();
const go = (id: number) => fetch(`${base}/go/${id}`, { redirect: 'manual' });

describe(`scheduled links, the window (${DIALECT})`, () => {
  it('shows a link from its start until its end, on the fast path and through the routes', async () => {
    now = T0;
    const owner = await createUser(t.app);
    creator = owner;
    await createLink(t.app, owner, { title: 'Always here', url: 'https://always.example/' });
    const sale = await createLink(t.app, owner, {
      title: 'Winter sale',
      url: 'https://sale.example/',
      startsAt: new Date(T0 + HOUR).toISOString(),
      endsAt: new Date(T0 + 2 * HOUR).toISOString(),
    });

    // Before: not on the page, /go answers as for a hidden link, the public list leaves it out, the owner sees it.
    expect(await page()).not.toContain('Winter sale');
    expect(await page()).toContain('Always here'); // now from the cache
    expect((await go(sale.id)).status).toBe(404);
    const publicList = await t.app.inject({ url: `/api/users/${owner.user.id}/links` });
    expect(publicList.json().data.map((link: { title: string }) => link.title)).toEqual(['Always here']);
    const ownList = await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } });
    expect(ownList.json().data.map((link: { title: string }) => link.title)).toEqual(['Always here', 'Winter sale']);

    // A millisecond before the start, the cached page still holds; at the start, it is drawn again with the link.
    now = T0 + HOUR - 1;
    expect(await page()).not.toContain('Winter sale');
    expect((await go(sale.id)).status).toBe(404);
    now = T0 + HOUR;
    expect(await page()).toContain('Winter sale');
    const live = await go(sale.id);
    expect([live.status, live.headers.get('location')]).toEqual([302, 'https://sale.example/']);
    // Cached now (the fast path answers the second request), and still right a millisecond before the end.
    now = T0 + 2 * HOUR - 1;
    expect((await go(sale.id)).status).toBe(302);
    expect(await page()).toContain('Winter sale');
    // At the end: gone from the page and from /go, though both were cached.
    now = T0 + 2 * HOUR;
    expect((await go(sale.id)).status).toBe(404);
    expect(await page()).not.toContain('Winter sale');
    expect(await page()).toContain('Always here');
  });

  it('refuses a start after its end, and a time that is no time, with the shared messages', async () => {
    const owner = await createUser(t.app);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { cookie: owner.cookie },
        payload: { title: 'X', url: 'x.example', ...payload },
      });
    const backwards = await post({ startsAt: '2026-12-02T10:00:00Z', endsAt: '2026-12-02T09:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(linkMessages.startAfterEnd);
    for (const startsAt of ['tomorrow', '2026-12-02', '2026-12-02T10:00', '2026-13-02T10:00:00Z', 12, 'x'.repeat(100)]) {
      const response = await post({ startsAt });
      expect(response.statusCode, String(startsAt)).toBe(400);
      expect(response.json().message).toBe(linkMessages.invalidTime);
    }
    // Against the kept value: an end moved before the start.
    const link = (await post({ startsAt: '2026-12-02T10:00:00Z' })).json().data;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${link.id}`,
      headers: { cookie: owner.cookie },
      payload: { endsAt: '2026-12-02T09:59:59Z' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe(linkMessages.startAfterEnd);
    // Written with an offset, kept in UTC.
    const offset = await post({ endsAt: '2026-12-02T11:00:00+02:00' });
    expect(offset.json().data.endsAt).toBe('2026-12-02T09:00:00.000Z');
    // Cleared with null.
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${link.id}`,
      headers: { cookie: owner.cookie },
      payload: { startsAt: null },
    });
    expect(cleared.json().data.startsAt).toBeNull();
  });
});
