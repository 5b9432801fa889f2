import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/constants.ts';
import type { BrokenLink } from '#shared/link-checks.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';

// Broken-link alerts (issue 31): the daily checks run against HTTP servers this
// test starts on loopback, which the checker may reach only because this test
// turns LINK_CHECKS_ALLOW_LOOPBACK on; a second app, with it off as on every real
// site, shows that loopback and private ranges are refused. The clock is the test's.

/** What the sites being linked to saw and will answer. */
const seen: Array<{ method: string; url: string; userAgent: string }> = [];
let goneIsBack = false;
let inFlight = 0;
let mostInFlight = 0;

function site(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = request.url ?? '/';
  seen.push({ method: request.method ?? '', url, userAgent: request.headers['user-agent'] ?? '' });
  const redirect = (to: string) => void response.writeHead(302, { location: to }).end();
  const path = new URL(url, 'http://site').pathname;
  const hop = /^\/hop\/(\d+)$/.exec(path);
  if (hop) return Number(hop[1]) === 0 ? void response.end('arrived') : redirect(`/hop/${Number(hop[1]) - 1}`);
  switch (path) {
    case '/ok':
      return void response.end('fine');
    case '/gone':
      return void response.writeHead(goneIsBack ? 200 : 404).end();
    case '/no-head':
      return void response.writeHead(request.method === 'HEAD' ? 405 : 200).end();
    case '/busy':
      return void response.writeHead(429).end();
    case '/hangs':
      return; // never answers
    case '/slow': {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        response.end('late but fine');
      }, 150);
      return;
    }
    case '/to-private':
      return redirect('http://10.0.0.1/admin');
    case '/to-metadata':
      return redirect('http://169.254.169.254/latest/meta-data/');
    case '/to-mapped':
      return redirect('http://[::ffff:192.168.1.1]/');
    case '/to-mail':
      return redirect('mailto:someone@example.com');
    default:
      return void response.writeHead(404).end();
  }
}

let server: http.Server;
let base: string;
let t: TestApp;
let owner: SignedInUser;
const T0 = Date.parse('2026-11-02T08:00:00Z');

beforeAll(async () => {
  server = http.createServer(site);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    config: {
      publicUrl: 'https://links.example',
      linkChecks: { enabled: true, allowLoopback: true, timeoutMs: 1000 },
    },
  });
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  // Each test's links alone, so that one test's clock does not check another's.
  await t.app.db.deleteFrom('linkChecks').execute();
  await t.app.db.deleteFrom('links').execute();
  owner = await createUser(t.app);
  // Pro, for more than five links.
  await setPlan(t.app, owner.user.id, 'pro');
  seen.length = 0;
});

async function brokenOf(user: SignedInUser): Promise<{ enabled: boolean; broken: BrokenLink[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/me/link-checks', headers: { cookie: user.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Every link of the run checked once per day: the first run places them over the day, the next ones are a day apart. */
async function checkOnDays(...days: number[]): Promise<void> {
  for (const day of days) await t.app.linkChecker.run(T0 + day * DAY_MS);
}

describe(`broken-link alerts (${DIALECT})`, () => {
  it('says a link looks broken after two failing checks in a row, with why and since when', async () => {
    const ok = await createLink(t.app, owner, { url: `${base}/ok` });
    const gone = await createLink(t.app, owner, { url: `${base}/gone` });
    const hangs = await createLink(t.app, owner, { url: `${base}/hangs` });
    const chain = await createLink(t.app, owner, { url: `${base}/hop/5` });
    const tooLong = await createLink(t.app, owner, { url: `${base}/hop/6` });
    const noHead = await createLink(t.app, owner, { url: `${base}/no-head` });

    // The first run only places each link somewhere in the coming day; a day later every one is due.
    await checkOnDays(0, 1);
    expect((await brokenOf(owner)).broken).toEqual([]);
    await checkOnDays(2);
    const { enabled, broken } = await brokenOf(owner);
    expect(enabled).toBe(true);
    const byLink = new Map(broken.map((entry) => [entry.linkId, entry]));
    expect([...byLink.keys()].sort()).toEqual([gone.id, hangs.id, tooLong.id].sort());
    expect(byLink.get(gone.id)).toMatchObject({ reason: 'http', httpStatus: 404, since: new Date(T0 + DAY_MS).toISOString() });
    expect(byLink.get(hangs.id)).toMatchObject({ reason: 'timeout', httpStatus: null });
    expect(byLink.get(tooLong.id)).toMatchObject({ reason: 'redirects', httpStatus: 302 });
    expect(byLink.has(ok.id) || byLink.has(chain.id) || byLink.has(noHead.id)).toBe(false);

    // A HEAD first; a server that refuses HEAD gets a GET.
    expect(seen.filter((entry) => entry.url === '/ok').map((entry) => entry.method)).toEqual(['HEAD', 'HEAD']);
    expect(seen.filter((entry) => entry.url === '/no-head').map((entry) => entry.method)).toEqual(['HEAD', 'GET', 'HEAD', 'GET']);
    // Five redirects are followed to the end of the chain; a sixth is not.
    expect(seen.some((entry) => entry.url === '/hop/0')).toBe(true);
    expect(seen.filter((entry) => entry.url === '/hop/6').length).toBe(2);
    expect(seen.filter((entry) => entry.url === '/hop/0').length).toBe(2);
    // The checker names the site it checks for.
    expect(new Set(seen.map((entry) => entry.userAgent))).toEqual(
      new Set(['Mozilla/5.0 (compatible; Linkverse-LinkCheck/1.0; +https://links.example)']),
    );
  });

  it('checks each link at most once a day, and only active web links of open accounts', async () => {
    await createLink(t.app, owner, { url: `${base}/ok?a` });
    await createLink(t.app, owner, { url: `${base}/ok?hidden`, isActive: false });
    await createLink(t.app, owner, { url: 'mailto:me@example.com' });
    await checkOnDays(0, 1);
    expect(seen.map((entry) => entry.url)).toEqual(['/ok?a']);
    await t.app.linkChecker.run(T0 + DAY_MS + 3600_000);
    await t.app.linkChecker.run(T0 + DAY_MS + 23 * 3600_000);
    expect(seen.map((entry) => entry.url)).toEqual(['/ok?a']);
  });

  it('clears the alert once the address answers again, and starts afresh when the address changes', async () => {
    goneIsBack = false;
    const link = await createLink(t.app, owner, { url: `${base}/gone` });
    await checkOnDays(0, 1, 2);
    expect((await brokenOf(owner)).broken.map((entry) => entry.linkId)).toEqual([link.id]);
    goneIsBack = true;
    await checkOnDays(3);
    expect((await brokenOf(owner)).broken).toEqual([]);
    goneIsBack = false;

    // A new address is checked at the next run, not a day later, and its first failure is only one.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${link.id}`,
      headers: { cookie: owner.cookie },
      payload: { url: `${base}/missing` },
    });
    expect(renamed.statusCode).toBe(200);
    seen.length = 0;
    await t.app.linkChecker.run(T0 + 3 * DAY_MS + 60_000);
    expect(seen.map((entry) => entry.url)).toContain('/missing');
    expect((await brokenOf(owner)).broken).toEqual([]);
  });

  it('keeps its verdict when a site turns checkers away (429)', async () => {
    await createLink(t.app, owner, { url: `${base}/busy` });
    await checkOnDays(0, 1, 2);
    expect((await brokenOf(owner)).broken).toEqual([]);
  });

  it('never follows a redirect into a private, link-local or mapped private address', async () => {
    const links = await Promise.all(
      ['/to-private', '/to-metadata', '/to-mapped', '/to-mail'].map((path) => createLink(t.app, owner, { url: `${base}${path}` })),
    );
    await checkOnDays(0, 1, 2);
    const broken = new Map((await brokenOf(owner)).broken.map((entry) => [entry.linkId, entry.reason]));
    expect(links.map((link) => broken.get(link.id))).toEqual(['private', 'private', 'private', 'scheme']);
  });

  it('asks a handful of addresses at a time', async () => {
    mostInFlight = 0;
    for (let index = 0; index < 10; index += 1) await createLink(t.app, owner, { url: `${base}/slow` });
    await checkOnDays(0, 1);
    expect(seen.filter((entry) => entry.url === '/slow').length).toBe(10);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(4);
  });

  it("shows each creator only their own links' findings", async () => {
    await createLink(t.app, owner, { url: `${base}/gone` });
    await checkOnDays(0, 1, 2);
    expect((await brokenOf(owner)).broken).toHaveLength(1);
    expect((await brokenOf(await createUser(t.app))).broken).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/link-checks' })).statusCode).toBe(401);
  });
});

describe(`link checks on a real site's settings (${DIALECT})`, () => {
  it('refuses loopback by address and by name, without asking', async () => {
    const site = await createTestApp({ config: { linkChecks: { enabled: true, allowLoopback: false, timeoutMs: 1000 } } });
    try {
      const creator = await createUser(site.app);
      const port = (server.address() as AddressInfo).port;
      const byAddress = await createLink(site.app, creator, { url: `http://127.0.0.1:${port}/ok` });
      const byName = await createLink(site.app, creator, { url: `http://localhost:${port}/ok` });
      const byIpv6 = await createLink(site.app, creator, { url: `http://[::1]:${port}/ok` });
      for (const day of [0, 1, 2]) await site.app.linkChecker.run(T0 + day * DAY_MS);
      const response = await site.app.inject({ method: 'GET', url: '/api/me/link-checks', headers: { cookie: creator.cookie } });
      const broken = new Map((response.json().data.broken as BrokenLink[]).map((entry) => [entry.linkId, entry.reason]));
      expect([byAddress, byName, byIpv6].map((link) => broken.get(link.id))).toEqual(['private', 'private', 'private']);
      expect(seen).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('checks nothing with LINK_CHECKS=false, and says so', async () => {
    const site = await createTestApp();
    try {
      const creator = await createUser(site.app);
      await createLink(site.app, creator, { url: `${base}/gone` });
      for (const day of [0, 1, 2]) expect(await site.app.linkChecker.run(T0 + day * DAY_MS)).toBe(0);
      const response = await site.app.inject({ method: 'GET', url: '/api/me/link-checks', headers: { cookie: creator.cookie } });
      expect(response.json().data).toEqual({ enabled: false, broken: [] });
      expect(seen).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
