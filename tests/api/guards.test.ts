import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { PAGE_HEADER_NAME } from '#shared/page-roles.ts';

// Every route under the guarded prefixes is called as a stranger (and the admin
// ones as a signed-in member): a route that forgot its guard fails here, whatever
// it does with the input, since guards run before validation.

const GUARDED = [
  { prefix: '/api/admin/', access: 'admin' },
  { prefix: '/api/me/', access: 'signed-in' },
  { prefix: '/api/links', access: 'signed-in' },
  { prefix: '/api/media/', access: 'signed-in' },
] as const;

/** Public by the spec: the gate and the coming-soon page read the settings (spec 001 §7). */
const PUBLIC = new Set(['GET /api/admin/site-settings', 'HEAD /api/admin/site-settings']);

let t: TestApp;
let member: SignedInUser;
/** A further page of its owner's, an analyst let into it, and a member of another page (issue 53). */
let page: { id: number };
let analyst: SignedInUser;
let memberElsewhere: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t.app);
  const owner = await createUser(t.app);
  await setPlan(t.app, owner.user.id, 'pro');
  const made = async (username: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/me/pages', headers: { cookie: owner.cookie }, payload: { username } })).json().data;
  page = await made(uniqueUsername('page'));
  const otherPage = await made(uniqueUsername('page'));
  analyst = await createUser(t.app);
  memberElsewhere = await createUser(t.app);
  const at = new Date().toISOString();
  await t.app.db
    .insertInto('pageMembers')
    .values([
      { pageId: page.id, accountId: analyst.user.id, role: 'analyst', createdAt: at },
      { pageId: otherPage.id, accountId: memberElsewhere.user.id, role: 'editor', createdAt: at },
    ])
    .execute();
});
afterAll(() => t.close());

const guardedRoutes = () =>
  t.app.routeList.flatMap(({ method, url, actsOn }) => {
    const guard = GUARDED.find(({ prefix }) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
    if (!guard || PUBLIC.has(`${method} ${url}`) || method === 'OPTIONS') return [];
    return [{ method, url: url.replace(/:\w+/g, '1'), access: guard.access, actsOn }];
  });

describe(`guarded routes (${DIALECT})`, () => {
  it('finds the routes of every guarded prefix', () => {
    const routes = guardedRoutes();
    for (const { prefix } of GUARDED) expect(routes.some(({ url }) => url.startsWith(prefix.replace(/\/$/, '')))).toBe(true);
    expect(routes.length).toBeGreaterThan(25);
  });

  it('refuses every one to a stranger with 401, whatever the body', async () => {
    for (const { method, url } of guardedRoutes()) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'HEAD' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses the admin routes to a signed-in member with 403', async () => {
    for (const { method, url, access } of guardedRoutes()) {
      if (access !== 'admin') continue;
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: member.cookie },
        payload: method === 'GET' || method === 'HEAD' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe(`the page scope (${DIALECT})`, () => {
  const call = (who: SignedInUser, method: string, url: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: who.cookie, [PAGE_HEADER_NAME]: String(page.id) },
      payload: method === 'GET' || method === 'HEAD' ? undefined : {},
    });

  it('names what every guarded route acts on', () => {
    for (const { method, url, actsOn } of guardedRoutes()) expect(actsOn, `${method} ${url}`).toBeDefined();
  });

  it('refuses every route naming the page to a stranger and to a member of another page, with 403', async () => {
    for (const { method, url } of guardedRoutes()) {
      for (const who of [member, memberElsewhere]) {
        const response = await call(who, method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        // A HEAD answer has no body to say why.
        if (method !== 'HEAD') expect(response.json().code, `${method} ${url}`).toBe('page_forbidden');
      }
    }
  });

  it('refuses every change of the page to its analyst, whatever the body', async () => {
    for (const { method, url, actsOn } of guardedRoutes()) {
      if (method === 'GET' || method === 'HEAD' || actsOn === 'account' || actsOn === 'admin') continue;
      const response = await call(analyst, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('page_role');
    }
  });
});
