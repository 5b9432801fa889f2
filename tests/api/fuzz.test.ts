import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/api.ts';
import { MEDIA_KINDS } from '#shared/media.ts';
import { writeSiteSettings } from '#server/site-settings/site-settings.repository.ts';
import { createAdmin, createLink, createUser, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { FUZZ_RUNS, type FuzzWorld, type RouteUnderTest, hostileRequest } from '../helpers/hostile-requests.ts';
import { MailServer } from '../helpers/mail-server.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { multipart, pngImage } from '../helpers/uploads.ts';

// Every route, FUZZ_RUNS random and hostile requests each (300 in `npm test`;
// `npm run fuzz` sends more), as anonymous, user and admin: no input gets a
// 5xx, every answer carries the security headers, every API error is the
// contract's body, and no error tells anything about the inside.

/** The routes the OpenAPI document lists (every JSON and multipart route), and the ones it hides (pages, media, assets). */
async function routesOf(testApp: TestApp): Promise<RouteUnderTest[]> {
  const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: unknown }> } }>
    >;
  };
  const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      type BodySchema = { properties?: Record<string, unknown>; oneOf?: BodySchema[]; anyOf?: BodySchema[] };
      const schema = operation.requestBody?.content['application/json']?.schema as BodySchema | undefined;
      // A union body (a block: header, text or divider) offers the fields of every member.
      const fieldsOf = (body: BodySchema | undefined): string[] =>
        body ? [...Object.keys(body.properties ?? {}), ...[...(body.oneOf ?? []), ...(body.anyOf ?? [])].flatMap(fieldsOf)] : [];
      return {
        method: method.toUpperCase() as RouteUnderTest['method'],
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        bodyFields: [...new Set(fieldsOf(schema))],
        queryFields: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        multipart: path === '/api/media/{kind}' && method === 'post',
      };
    }),
  );
  const page = (path: string): RouteUnderTest => ({ method: 'GET', path, bodyFields: [], queryFields: [], multipart: false });
  return [
    ...listed,
    // Past a content warning (issue 30), the share page, and the campaign a visit came with (issue 52 §2).
    {
      method: 'GET',
      path: '/:username',
      bodyFields: [],
      queryFields: ['agree', 'share', 'utm_source', 'utm_medium', 'utm_campaign', 'ref'],
      multipart: false,
    },
    // A text block's addresses open as /go/{id}?to=n (issue 30); a click can carry its own campaign.
    {
      method: 'GET',
      path: '/go/:id',
      bodyFields: [],
      queryFields: ['to', 'agree', 'utm_source', 'utm_medium', 'utm_campaign'],
      multipart: false,
    },
    page('/media/:file'),
    page('/static/:file'),
    page('/fonts/:file'),
    page('/static/discord/:username/:image'),
    page('/healthz'),
    { method: 'POST', path: '/:username', bodyFields: ['username'], queryFields: [], multipart: false },
    // The share image (issue 31), drawn by the media worker; the SEO tab names its preview by the page (draft).
    { method: 'GET', path: '/:username/og.png', bodyFields: [], queryFields: ['v', 'draft'], multipart: false },
    // The sign-up form's routes (issue 31): HTML pages, hidden from the document.
    { method: 'POST', path: '/:username/subscribe', bodyFields: ['email', 'website'], queryFields: [], multipart: false },
    { method: 'GET', path: '/:username/subscribe/confirm', bodyFields: [], queryFields: ['token'], multipart: false },
    { method: 'POST', path: '/:username/subscribe/confirm', bodyFields: ['token'], queryFields: [], multipart: false },
    { method: 'GET', path: '/:username/unsubscribe', bodyFields: [], queryFields: ['token'], multipart: false },
    { method: 'POST', path: '/:username/unsubscribe', bodyFields: ['token'], queryFields: [], multipart: false },
  ];
}

/** A user with a link and an avatar, another user with a link, and an admin: fresh for each route, since requests change them. */
async function makeWorld(testApp: TestApp): Promise<FuzzWorld> {
  const { app } = testApp;
  const user = await createUser(app);
  const other = await createUser(app);
  const admin = await createAdmin(app);
  const link = await createLink(app, user);
  // A sign-up form on the user's page, so that its routes reach their rules.
  await app.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    headers: { cookie: user.cookie },
    payload: { subscribeForm: true, subscribeConsent: 'News, now and then.' },
  });
  const othersLink = await createLink(app, other);
  const upload = multipart('me.png', 'image/png', await pngImage(40, 40));
  const avatar = (
    await app.inject({
      method: 'POST',
      url: '/api/media/avatar',
      headers: { cookie: user.cookie, ...upload.headers },
      payload: upload.payload,
    })
  ).json().data;
  const mediaFile = String(avatar.url).split('/').pop()!;
  // A further page of the user's (issue 53), with the other user on its team as an analyst.
  await setPlan(app, user.user.id, 'pro');
  const further = (
    await app.inject({
      method: 'POST',
      url: '/api/me/pages',
      headers: { cookie: user.cookie },
      payload: { username: uniqueUsername('page') },
    })
  ).json().data;
  await app.db
    .insertInto('pageMembers')
    .values({ pageId: further.id, accountId: other.user.id, role: 'analyst', createdAt: new Date().toISOString() })
    .execute();
  return {
    ids: [
      String(further.id),
      String(link.id),
      String(othersLink.id),
      String(user.user.id),
      String(other.user.id),
      String(admin.user.id),
      String(avatar.id),
      '1',
    ],
    names: [
      user.user.username,
      further.username,
      other.user.username,
      admin.user.username,
      mediaFile,
      ...MEDIA_KINDS,
      'login',
      'api',
      'inter-latin.woff2',
    ],
    cookies: { anonymous: undefined, user: user.cookie, admin: admin.cookie },
  };
}

const LEAKS =
  /node_modules|\/work\/|\/src\/|\.ts:\d+|\.js:\d+|\n\s+at |SQLITE_|SqliteError|syntax error|relation "|violates|duplicate key|ECONN|TypeError|ReferenceError|undefined is not|Cannot read prop/;

function expectWellBehaved(url: string, response: LightMyRequestResponse): void {
  const where = `${response.statusCode} for ${url.slice(0, 200)}: ${response.body.slice(0, 300)}`;
  // 503 is coming-soon mode, which an admin's request may have switched on.
  const comingSoon = response.statusCode === 503 && response.headers['retry-after'] !== undefined;
  expect(response.statusCode < 500 || comingSoon, where).toBe(true);
  expect(response.headers['content-security-policy'], where).toBeDefined();
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  if (response.statusCode >= 400) {
    expect(response.body, where).not.toMatch(LEAKS);
    if (url.startsWith('/api/') && response.statusCode !== 503) {
      const body = response.json() as { code: string; message: unknown };
      expect(ERROR_CODES, where).toContain(body.code);
      expect(typeof body.message, where).toBe('string');
    }
  }
}

// Built before the tests are collected, so that each route is a test of its own. With
// mail set up (a real SMTP server on a local port), so that the mail paths are fuzzed too.
const mail = await new MailServer().start();
// Custom domains on, their TXT checks answered by a local DNS server (no such record: at once).
const dns = await startDnsServer();
const t = await createTestApp({
  config: {
    mail: { delivery: 'smtp' as const, smtpUrl: mail.url, from: 'Linkverse <no-reply@fuzz.test>', origin: 'http://fuzz.test' },
    customDomains: { siteHost: 'fuzz.test', dnsServers: [dns.address] },
  },
});
const routes = await routesOf(t);
afterAll(async () => {
  await t.close();
  await mail.stop();
  await dns.close();
});

describe(`hostile requests, ${FUZZ_RUNS} per route`, () => {
  let world: FuzzWorld;
  beforeEach(async () => {
    // Coming-soon mode off, as an admin's request of the route before may have switched it on.
    await writeSiteSettings(t.app.db, false, '', new Date().toISOString());
    t.app.changes.publish({ topic: 'site-settings', settings: { maintenanceMode: false, maintenanceMessage: '' } });
    world = await makeWorld(t);
  });

  it('covers every route the API documents', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => route.multipart)).toHaveLength(1);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, { timeout: 60_000 + FUZZ_RUNS * 120 }, async () => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, world), async ({ options }) => {
          const response = await t.app.inject(options);
          expectWellBehaved(String(options.url), response);
        }),
        { numRuns: FUZZ_RUNS },
      );
    });
  }

  it('leaves the server answering', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
