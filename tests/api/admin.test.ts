import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE, adminMessages } from '#shared/admin.ts';
import { authMessages } from '#shared/auth.schema.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createUser, loginAs, uniqueUsername } from '../helpers/factories.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  member = await createUser(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function logsOf(action: string) {
  return (await call('GET', `/api/admin/logs?action=${action}&limit=100`, admin.cookie)).json().logs as Array<Record<string, unknown>>;
}

describe(`access (${DIALECT})`, () => {
  const calls: Array<[Method, string, object?]> = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/1/username', { newUsername: 'x', reason: 'y' }],
    ['PATCH', '/api/admin/users/1/role', { role: 'admin' }],
    ['PATCH', '/api/admin/users/1/deactivate'],
    ['PATCH', '/api/admin/users/1/reactivate'],
    ['PATCH', '/api/admin/users/1/plan', { plan: 'pro' }],
    ['GET', '/api/admin/users/1/username-history'],
    ['GET', '/api/admin/reserved-usernames'],
    ['POST', '/api/admin/reserved-usernames', { username: 'x', reason: 'y' }],
    ['DELETE', '/api/admin/reserved-usernames/1'],
    ['GET', '/api/admin/logs'],
    ['POST', '/api/admin/site-settings', { maintenanceMode: false, maintenanceMessage: '' }],
  ];

  it.each(calls)('%s %s answers 401 without a session and 403 without the admin role', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    const forbidden = await call(method, url, member.cookie, payload);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(adminMessages.forbidden);
  });

  it('lets anyone read the site settings', async () => {
    const response = await call('GET', '/api/admin/site-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ maintenanceMode: false, maintenanceMessage: DEFAULT_MAINTENANCE_MESSAGE });
  });

  it('gives the stats', async () => {
    const stats = (await call('GET', '/api/admin/stats', admin.cookie)).json();
    expect(stats).toEqual({
      totalUsers: expect.any(Number),
      activeUsers: expect.any(Number),
      reservedUsernames: expect.any(Number),
      totalAdminActions: expect.any(Number),
    });
    expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
  });
});

describe(`users (${DIALECT})`, () => {
  it('lists and searches users, 10 a page, with the total, and never a hash', async () => {
    for (let index = 0; index < 12; index += 1) await createUser(t.app, { username: uniqueUsername('page') });
    const first = (await call('GET', '/api/admin/users?page=1&search=page_', admin.cookie)).json();
    expect(first.total).toBe(12);
    expect(first.users).toHaveLength(10);
    const second = (await call('GET', '/api/admin/users?page=2&search=PAGE_', admin.cookie)).json();
    expect(second.users).toHaveLength(2);
    const beyond = (await call('GET', '/api/admin/users?page=9&search=page_', admin.cookie)).json();
    expect(beyond).toEqual({ users: [], total: 12 });
    const bounded = (await call('GET', '/api/admin/users?page=-3&limit=100000&search=page_', admin.cookie)).json();
    expect(bounded.users).toHaveLength(10);
    const picker = (await call('GET', '/api/admin/users?search=page&limit=10', admin.cookie)).json();
    expect(picker.users.length).toBeLessThanOrEqual(10);
    expect(JSON.stringify(first)).not.toMatch(/argon2|passwordHash/);
  });

  it('treats %, _ and quotes in a search as plain text', async () => {
    const plain = await createUser(t.app, { username: uniqueUsername('plain'), displayName: "O'Brien 100%" });
    const percent = (await call('GET', `/api/admin/users?search=${encodeURIComponent('100%')}`, admin.cookie)).json();
    expect(percent.users.map((user: { id: number }) => user.id)).toEqual([plain.user.id]);
    const quote = (await call('GET', `/api/admin/users?search=${encodeURIComponent("o'brien")}`, admin.cookie)).json();
    expect(quote.users.map((user: { id: number }) => user.id)).toEqual([plain.user.id]);
    const wildcard = (await call('GET', `/api/admin/users?search=${encodeURIComponent('%')}`, admin.cookie)).json();
    expect(wildcard.users.map((user: { id: number }) => user.id)).toEqual([plain.user.id]);
    const underscore = (await call('GET', `/api/admin/users?search=${encodeURIComponent('o_brien')}`, admin.cookie)).json();
    expect(underscore.total).toBe(0);
  });

  it('changes a username with a reason: history, one log entry, old page gone, new page live', async () => {
    const user = await createUser(t.app, { username: uniqueUsername('old') });
    const newUsername = uniqueUsername('new');
    expect((await call('GET', `/${user.user.username}`)).statusCode).toBe(200);
    const before = (await logsOf('username_change')).length;
    const response = await call('PATCH', `/api/admin/users/${user.user.id}/username`, admin.cookie, {
      newUsername: ` ${newUsername.toUpperCase()} `,
      reason: 'Trademark request',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.username).toBe(newUsername);
    const history = (await call('GET', `/api/admin/users/${user.user.id}/username-history`, admin.cookie)).json();
    expect(history).toEqual([
      {
        id: expect.any(Number),
        oldUsername: user.user.username,
        newUsername,
        changedBy: admin.user.username,
        reason: 'Trademark request',
        changedAt: expect.any(String),
      },
    ]);
    const logs = await logsOf('username_change');
    expect(logs).toHaveLength(before + 1);
    expect(logs[0]).toMatchObject({
      adminUsername: admin.user.username,
      action: 'username_change',
      targetId: user.user.id,
      targetUsername: newUsername,
    });
    expect((await call('GET', `/${user.user.username}`)).statusCode).toBe(404);
    expect((await call('GET', `/${newUsername}`)).statusCode).toBe(200);
    expect((await loginAs(t.app, newUsername)).length).toBeGreaterThan(0);
  });

  it.each([
    [{ newUsername: 'fine' }, adminMessages.reasonRequired],
    [{ newUsername: 'fine', reason: '   ' }, adminMessages.reasonRequired],
    [{ newUsername: '  ', reason: 'why' }, adminMessages.usernameEmpty],
    [{ newUsername: 'Bad Name!', reason: 'why' }, authMessages.usernameCharacters],
    [{ newUsername: 'dashboard', reason: 'why' }, authMessages.usernameReserved],
  ])('refuses a username change %o', async (payload, message) => {
    const before = (await logsOf('username_change')).length;
    const response = await call('PATCH', `/api/admin/users/${member.user.id}/username`, admin.cookie, payload);
    expect(response.json().message).toBe(message);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect((await logsOf('username_change')).length).toBe(before);
  });

  it('refuses a taken username, and answers 404 for an unknown user', async () => {
    const other = await createUser(t.app);
    const taken = await call('PATCH', `/api/admin/users/${member.user.id}/username`, admin.cookie, {
      newUsername: other.user.username,
      reason: 'x',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(authMessages.usernameTaken);
    const unknown = await call('PATCH', '/api/admin/users/999999/username', admin.cookie, { newUsername: 'someone-new', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/users/abc/role', admin.cookie, { role: 'admin' })).statusCode).toBe(404);
  });

  it('changes roles, logging once, and the role takes effect at once', async () => {
    const user = await createUser(t.app);
    const before = (await logsOf('role_change')).length;
    expect((await call('PATCH', `/api/admin/users/${user.user.id}/role`, admin.cookie, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/stats', user.cookie)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/users/${user.user.id}/role`, admin.cookie, { role: 'user' })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/stats', user.cookie)).statusCode).toBe(403);
    expect((await logsOf('role_change')).length).toBe(before + 2);
    const invalid = await call('PATCH', `/api/admin/users/${user.user.id}/role`, admin.cookie, { role: 'superuser' });
    expect(invalid.json().message).toBe(adminMessages.invalidRole);
  });

  it('will not demote or deactivate the last active admin', async () => {
    const separate = await createTestApp();
    try {
      const only = await createAdmin(separate.app);
      const demote = await separate.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${only.user.id}/role`,
        headers: { cookie: only.cookie },
        payload: { role: 'user' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(adminMessages.lastAdmin);
      const deactivate = await separate.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${only.user.id}/deactivate`,
        headers: { cookie: only.cookie },
      });
      expect(deactivate.json().message).toBe(adminMessages.lastAdmin);
      const second = await createAdmin(separate.app);
      const now = await separate.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${only.user.id}/role`,
        headers: { cookie: second.cookie },
        payload: { role: 'user' },
      });
      expect(now.statusCode).toBe(200);
    } finally {
      await separate.close();
    }
  });

  it('deactivation ends sessions and hides the page; reactivation restores them', async () => {
    const user = await createUser(t.app);
    await call('POST', '/api/links', user.cookie, { title: 'Mine', url: 'https://example.com' });
    const link = (await call('GET', `/api/users/${user.user.id}/links`, user.cookie)).json().data[0];
    expect((await call('GET', `/${user.user.username}`)).statusCode).toBe(200);
    expect((await call('GET', `/go/${link.id}`)).statusCode).toBe(302);

    expect((await call('PATCH', `/api/admin/users/${user.user.id}/deactivate`, admin.cookie)).json().data.isActive).toBe(false);
    expect((await call('GET', '/api/auth/me', user.cookie)).statusCode).toBe(401);
    expect((await call('GET', `/${user.user.username}`)).statusCode).toBe(404);
    expect((await call('GET', `/go/${link.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/public/${user.user.username}`)).json().message).toBe('User not found');
    expect((await call('GET', `/api/users/${user.user.id}/links`, member.cookie)).statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.user.username, password: user.password },
    });
    expect(login.json().message).toBe(authMessages.accountDeactivated);

    expect((await call('PATCH', `/api/admin/users/${user.user.id}/reactivate`, admin.cookie)).json().data.isActive).toBe(true);
    expect((await call('GET', `/${user.user.username}`)).statusCode).toBe(200);
    expect((await call('GET', `/go/${link.id}`)).statusCode).toBe(302);
    expect(await loginAs(t.app, user.user.username, user.password)).toBeTruthy();
    const deactivations = await logsOf('user_deactivation');
    expect(deactivations.filter((entry) => entry.targetId === user.user.id)).toHaveLength(1);
    expect((await logsOf('user_reactivation')).filter((entry) => entry.targetId === user.user.id)).toHaveLength(1);
  });

  it('sets the plan, which changes the link limit and the branding', async () => {
    const user = await createUser(t.app);
    expect((await call('GET', `/${user.user.username}`)).body).toContain('Powered by');
    const response = await call('PATCH', `/api/admin/users/${user.user.id}/plan`, admin.cookie, { plan: 'business' });
    expect(response.json().data.plan).toBe('business');
    const page = (await call('GET', `/${user.user.username}`)).body;
    expect(page).not.toContain('Powered by');
    expect(page).toContain('class="lv-verified"');
    expect((await call('GET', '/api/me/limits', user.cookie)).json().data.links.limit).toBeNull();
    expect((await call('PATCH', `/api/admin/users/${user.user.id}/plan`, admin.cookie, { plan: 'gold' })).json().message).toBe(
      adminMessages.invalidPlan,
    );
    expect((await logsOf('plan_change')).filter((entry) => entry.targetId === user.user.id)).toHaveLength(1);
  });

  it('grants and removes the verified badge on any plan', async () => {
    const user = await createUser(t.app);
    expect((await call('GET', `/${user.user.username}`)).body).not.toContain('class="lv-verified"');
    const granted = await call('PATCH', `/api/admin/users/${user.user.id}/plan`, admin.cookie, { verified: true });
    expect(granted.json().data).toMatchObject({ plan: 'free', verified: true });
    expect((await call('GET', `/${user.user.username}`)).body).toContain('class="lv-verified"');
    await call('PATCH', `/api/admin/users/${user.user.id}/plan`, admin.cookie, { verified: false });
    expect((await call('GET', `/${user.user.username}`)).body).not.toContain('class="lv-verified"');
    expect((await call('PATCH', `/api/admin/users/${user.user.id}/plan`, admin.cookie, {})).statusCode).toBe(400);
    // Logged under their own action, not as plan changes.
    const badges = (await logsOf('verified_badge')).filter((entry) => entry.targetId === user.user.id);
    expect(badges.map((entry) => entry.details)).toEqual(['verified badge removed', 'verified badge granted']);
    expect((await logsOf('plan_change')).filter((entry) => entry.targetId === user.user.id)).toEqual([]);
  });
});

describe(`reserved usernames (${DIALECT})`, () => {
  it('adds, lists, searches and removes, logging each once', async () => {
    const name = uniqueUsername('rsv');
    const added = await call('POST', '/api/admin/reserved-usernames', admin.cookie, {
      username: ` ${name.toUpperCase()} `,
      reason: 'Partner brand',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ username: name, reason: 'Partner brand', reservedBy: admin.user.username, builtIn: false });
    const list = (await call('GET', `/api/admin/reserved-usernames?search=${name}`, admin.cookie)).json();
    expect(list).toEqual({
      reservedUsernames: [expect.objectContaining({ username: name })],
      pagination: { total: 1, page: 1, limit: 10 },
    });
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: name, password: 'secret1' },
    });
    expect(registration.json().message).toBe(authMessages.usernameReserved);
    expect((await call('POST', '/api/admin/reserved-usernames', admin.cookie, { username: name, reason: 'again' })).json().message).toBe(
      adminMessages.alreadyReserved,
    );

    expect((await call('DELETE', `/api/admin/reserved-usernames/${added.json().data.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/reserved-usernames/${added.json().data.id}`, admin.cookie)).statusCode).toBe(404);
    expect((await logsOf('username_reservation')).filter((entry) => entry.targetUsername === name)).toHaveLength(1);
    expect((await logsOf('reservation_removal')).filter((entry) => entry.targetUsername === name)).toHaveLength(1);
  });

  it.each([{}, { username: 'someone' }, { reason: 'why' }, { username: '  ', reason: 'why' }, { username: 'someone', reason: ' ' }])(
    "refuses %o with 'Username and reason are required'",
    async (payload) => {
      const response = await call('POST', '/api/admin/reserved-usernames', admin.cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(adminMessages.reserveFieldsRequired);
    },
  );

  it('refuses to reserve a name a user holds, and to release an app route name (listed as built-in)', async () => {
    const held = await call('POST', '/api/admin/reserved-usernames', admin.cookie, { username: member.user.username, reason: 'x' });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(adminMessages.heldByUser);
    const list = (await call('GET', '/api/admin/reserved-usernames?search=dashboard', admin.cookie)).json();
    const dashboard = list.reservedUsernames.find((entry: { username: string }) => entry.username === 'dashboard');
    expect(dashboard).toMatchObject({ builtIn: true, reservedBy: null });
    const release = await call('DELETE', `/api/admin/reserved-usernames/${dashboard.id}`, admin.cookie);
    expect(release.statusCode).toBe(409);
    expect(release.json().message).toBe(adminMessages.appRouteName);
  });
});

describe(`admin logs (${DIALECT})`, () => {
  it('pages 20 at a time, newest first, and filters by action', async () => {
    const all = (await call('GET', '/api/admin/logs', admin.cookie)).json();
    expect(all.logs.length).toBeLessThanOrEqual(20);
    expect(all.total).toBeGreaterThan(0);
    const times = all.logs.map((entry: { createdAt: string }) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const filtered = (await call('GET', '/api/admin/logs?action=plan_change', admin.cookie)).json();
    expect(filtered.logs.every((entry: { action: string }) => entry.action === 'plan_change')).toBe(true);
    const unknownAction = (await call('GET', '/api/admin/logs?action=drop_tables', admin.cookie)).json();
    expect(unknownAction.total).toBe(all.total);
  });
});
