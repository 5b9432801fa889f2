import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser } from '../helpers/factories.ts';

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

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t.app);
});
afterAll(() => t.close());

const guardedRoutes = () =>
  t.app.routeList.flatMap(({ method, url }) => {
    const guard = GUARDED.find(({ prefix }) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
    if (!guard || PUBLIC.has(`${method} ${url}`) || method === 'OPTIONS') return [];
    return [{ method, url: url.replace(/:\w+/g, '1'), access: guard.access }];
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
