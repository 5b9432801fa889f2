import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth.schema.ts';
import { HELMET_OPTIONS, computeSecurityHeaders } from '#server/http/security-headers.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { DEFAULT_PASSWORD, createUser, loginAs, sessionCookieOf, uniqueUsername } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, headers });
const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

describe(`registration (${DIALECT})`, () => {
  it.each([
    ['a missing username', { password: 'secret1' }, authMessages.usernameRequired],
    ['an empty username', { username: '   ', password: 'secret1' }, authMessages.usernameRequired],
    ['a 21-character username', { username: 'a'.repeat(21), password: '' }, authMessages.usernameTooLong],
    ['a username with a dot', { username: 'al.ice', password: '' }, authMessages.usernameCharacters],
    ['a username with a space', { username: 'al ice', password: 'secret1' }, authMessages.usernameCharacters],
    ['a 31-character display name', { username: 'alice', displayName: 'x'.repeat(31), password: '' }, authMessages.displayNameTooLong],
    ['a missing password', { username: 'alice' }, authMessages.passwordRequired],
    ['an empty password', { username: 'alice', password: '' }, authMessages.passwordRequired],
    ['a 5-character password', { username: 'alice', password: '12345' }, authMessages.passwordTooShort],
  ])('refuses %s with the first failing rule', async (_name, payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.cookies).toHaveLength(0);
  });

  it('creates the account, answers 201 with the user and signs in', async () => {
    const username = uniqueUsername('new');
    const response = await register({ username, password: 'secret1', displayName: 'New Person' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ username, displayName: 'New Person', role: 'user', plan: 'free', isActive: true, bio: '' });
    const cookie = response.cookies.find((entry) => entry.name === 'lv_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const current = await me(sessionCookieOf(response));
    expect(current.statusCode).toBe(200);
    expect(current.json().data.id).toBe(data.id);
  });

  it('defaults the display name to the username', async () => {
    const username = uniqueUsername();
    const response = await register({ username, password: 'secret1' });
    expect(response.json().data.displayName).toBe(username);
  });

  it('refuses an uppercase username with rule 3, and logs in whatever the case', async () => {
    const base = uniqueUsername('case');
    const upper = await register({ username: base.toUpperCase(), password: 'secret1' });
    expect(upper.statusCode).toBe(400);
    expect(upper.json().message).toBe(authMessages.usernameCharacters);
    const first = await register({ username: ` ${base} `, password: 'secret1' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.username).toBe(base);
    const again = await register({ username: base, password: 'secret1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(authMessages.usernameTaken);
    const cookie = await loginAs(t.app, `  ${base.toUpperCase()} `, 'secret1');
    expect((await me(cookie)).json().data.username).toBe(base);
  });

  it("refuses the app's own route names", async () => {
    // The site's pages in other languages live under their language's segment (issue 54): /es, /pt-br, /zh-hans.
    for (const username of ['dashboard', 'admin', 'api', 'login', 'go', 'media', 'pricing', 'es', 'pt-br', 'zh-hans', 'ar']) {
      const response = await register({ username, password: 'secret1' });
      expect(response.statusCode, username).toBe(409);
      expect(response.json().message).toBe(authMessages.usernameReserved);
    }
  });

  it('refuses a name an admin reserved', async () => {
    await t.app.db
      .insertInto('reservedUsernames')
      .values({ username: 'brandname', reason: 'Trademark', reservedBy: null, createdAt: new Date().toISOString() })
      .execute();
    const response = await register({ username: 'brandname', password: 'secret1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(authMessages.usernameReserved);
  });

  it('keeps only an argon2id hash, never the password', async () => {
    const { user } = await createUser(t.app, { password: 'plain-text-secret' });
    const row = await t.app.db.selectFrom('users').select('passwordHash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('plain-text-secret');
  });
});

describe(`login and sessions (${DIALECT})`, () => {
  it.each([
    ['no username', { password: 'x' }, authMessages.usernameRequired],
    ['a blank username', { username: ' ', password: 'x' }, authMessages.usernameRequired],
    ['no password', { username: 'someone' }, authMessages.passwordRequired],
    ['an empty body', {}, authMessages.usernameRequired],
  ])('refuses %s', async (_name, payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("answers 401 'Invalid username or password' for a wrong password and for an unknown user", async () => {
    const { user } = await createUser(t.app);
    for (const payload of [
      { username: user.username, password: 'wrong-password' },
      { username: uniqueUsername('ghost'), password: DEFAULT_PASSWORD },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'invalid_credentials', message: authMessages.invalidCredentials });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('signs in and the cookie identifies the user', async () => {
    const { user } = await createUser(t.app);
    const response = await login({ username: user.username, password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.username).toBe(user.username);
    expect((await me(sessionCookieOf(response))).json().data.id).toBe(user.id);
  });

  it('answers 401 to /api/auth/me without a session, or with a forged one', async () => {
    expect((await me()).statusCode).toBe(401);
    const forged = await me('lv_session=not-a-real-token');
    expect(forged.statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const { cookie, user } = await createUser(t.app);
    const token = cookie.split('=')[1];
    const sessions = await t.app.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).not.toBe(token);
  });

  it('logout ends the session on the server: the old cookie stops working', async () => {
    const { cookie } = await createUser(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('slides the expiry forward when a session is used', async () => {
    const { cookie, user } = await createUser(t.app);
    const soon = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
    await t.app.db.updateTable('sessions').set({ expiresAt: soon }).where('userId', '=', user.id).execute();
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((entry) => entry.name === 'lv_session')).toBeTruthy();
    const row = await t.app.db.selectFrom('sessions').select('expiresAt').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it('refuses an expired session and forgets it', async () => {
    const { cookie, user } = await createUser(t.app);
    await t.app.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
    const left = await t.app.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(left).toHaveLength(0);
  });

  it('removes expired sessions when an instance starts', async () => {
    const { user } = await createUser(t.app);
    await t.app.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    const restarted = await createTestApp({ shareDatabaseWith: t });
    try {
      await restarted.app.ready();
      const left = await t.app.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
      expect(left).toHaveLength(0);
    } finally {
      await restarted.close();
    }
  });

  it('a deactivated account loses its sessions and cannot sign in', async () => {
    const { cookie, user, password } = await createUser(t.app);
    await t.app.db.updateTable('users').set({ isActive: 0 }).where('id', '=', user.id).execute();
    expect((await me(cookie)).statusCode).toBe(401);
    const response = await login({ username: user.username, password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(authMessages.accountDeactivated);
    // A wrong password still says only that the credentials are wrong.
    expect((await login({ username: user.username, password: 'nope-nope' })).statusCode).toBe(401);
  });

  it('never sends a password hash in any response', async () => {
    const username = uniqueUsername();
    const responses = [await register({ username, password: 'secret1' })];
    const cookie = sessionCookieOf(responses[0]!);
    responses.push(await login({ username, password: 'secret1' }));
    responses.push(await me(cookie));
    for (const response of responses) {
      expect(response.body).not.toMatch(/argon2|passwordHash|password_hash/);
    }
  });
});

describe(`request safety (${DIALECT})`, () => {
  it('refuses a mutation from another origin with 403', async () => {
    const response = await register({ username: uniqueUsername(), password: 'secret1' }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    const fetchMetadata = await register({ username: uniqueUsername(), password: 'secret1' }, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMetadata.statusCode).toBe(403);
  });

  it('accepts a mutation from its own origin', async () => {
    for (const [origin, host] of [
      ['http://localhost:3000', 'localhost:3000'],
      ['http://links.example', 'links.example:80'],
    ] as const) {
      const response = await register(
        { username: uniqueUsername(), password: 'secret1' },
        { origin, host, 'sec-fetch-site': 'same-origin' },
      );
      expect(response.statusCode, origin).toBe(201);
    }
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'Not found' });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_json', message: 'Request body is not valid JSON' });
  });

  it('sends a Content-Security-Policy without inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every kind of answer: success, error, unknown path, page', async () => {
    const expected = computeSecurityHeaders(HELMET_OPTIONS);
    const { user } = await createUser(t.app);
    for (const url of ['/api/auth/me', '/api/does-not-exist', `/api/public/${user.username}`, `/${user.username}`, '/no-such-profile']) {
      const response = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
  });
});

describe(`rate limits (${DIALECT})`, () => {
  it('limits login attempts per username with 429 and when to retry', async () => {
    const limited = await createTestApp({ realRateLimits: true });
    try {
      const { user } = await createUser(limited.app);
      const attempt = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { username: user.username, password: 'wrong-password' },
        });
      // Each attempt from a new address: only the per-username limit applies.
      for (let index = 0; index < 10; index += 1) {
        expect((await attempt(`10.0.0.${index + 1}`)).statusCode).toBe(401);
      }
      const blocked = await attempt('10.0.1.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per address', async () => {
    const limited = await createTestApp({ realRateLimits: true });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.9.9.9',
          payload: { username: uniqueUsername(), password: 'secret1' },
        });
      for (let index = 0; index < 10; index += 1) expect((await attempt()).statusCode).toBe(201);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
