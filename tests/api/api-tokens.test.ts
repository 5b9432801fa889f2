import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS_PER_ACCOUNT, apiTokenMessages } from '#shared/api-tokens.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createUser } from '../helpers/factories.ts';

// Personal API tokens (issue 32): made in Account by a signed-in person, shown
// once and kept as a hash; a request with one acts as its owner on the
// dashboard's own routes, within its scopes, with no Origin check and no
// cookie, under its own rate limit; admin and account routes never take one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { apiTokenRateLimit: { max: 40, timeWindowMs: 60_000 } } });
});
afterAll(() => t.close());

async function createToken(owner: SignedInUser, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/me/tokens', headers: { cookie: owner.cookie }, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; token: string; scopes: string[]; expiresAt: string | null };
}
const withToken = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe(`API tokens (${DIALECT})`, () => {
  it('is shown once, kept as a hash, and acts as its owner within its scopes, with no Origin check and no cookie', async () => {
    const owner = await createUser(t.app);
    const created = await createToken(owner, { name: 'Sync script', scopes: ['links:write', 'links:read'], expiresInDays: 30 });
    expect(created.token).toMatch(/^lv_[\w-]{43}$/);
    expect(created.scopes).toEqual(['links:read', 'links:write']);
    expect(Date.parse(created.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // Never stored or listed as itself.
    const stored = await t.app.db.selectFrom('apiTokens').selectAll().where('userId', '=', owner.user.id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(created.token.slice(3));
    const listed = (await t.app.inject({ url: '/api/me/tokens', headers: { cookie: owner.cookie } })).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: created.id, name: 'Sync script', lastUsedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    // A script's request: another site's Origin does not matter, and no cookie is set.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: `Bearer ${created.token}`, origin: 'https://elsewhere.example' },
      payload: { title: 'From my script', url: 'https://script.example/' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers['set-cookie']).toBeUndefined();
    const links = await withToken(created.token, 'GET', `/api/users/${owner.user.id}/links`);
    expect(links.json().data.map((link: { title: string }) => link.title)).toEqual(['From my script']);
    const used = (await t.app.inject({ url: '/api/me/tokens', headers: { cookie: owner.cookie } })).json().data[0];
    expect(used.lastUsedAt).not.toBeNull();

    // Outside its scopes: 403 naming what it cannot do.
    const analytics = await withToken(created.token, 'GET', '/api/me/analytics');
    expect(analytics.statusCode).toBe(403);
    expect(analytics.json()).toMatchObject({ code: 'insufficient_scope', message: apiTokenMessages.missingScope('analytics:read') });
    expect(analytics.headers['www-authenticate']).toContain('insufficient_scope');
  });

  it('never calls account, token or admin routes, and never changes the account’s address', async () => {
    const admin = await createAdmin(t.app);
    const token = (
      await createToken(admin, {
        name: 'Everything',
        scopes: ['links:read', 'links:write', 'profile:read', 'profile:write', 'analytics:read'],
      })
    ).token;
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens'],
      ['GET', '/api/me/sessions'],
      ['POST', '/api/me/export'],
      ['POST', '/api/auth/logout'],
      ['PATCH', '/api/me/username'],
    ] as const) {
      const response = await withToken(token, method, url, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(apiTokenMessages.routeRefused);
    }
    const email = await withToken(token, 'PATCH', '/api/me/profile', { email: 'new@example.com' });
    expect(email.statusCode).toBe(403);
    expect(email.json().message).toBe(apiTokenMessages.emailRefused);
    const bio = await withToken(token, 'PATCH', '/api/me/profile', { bio: 'Written by a script' });
    expect(bio.statusCode, bio.body).toBe(200);
    expect((await withToken(token, 'GET', '/api/me/customization')).statusCode).toBe(200);
    expect((await withToken(token, 'GET', '/api/me/analytics?days=7')).statusCode).toBe(200);
  });

  it('refuses a revoked, expired or made-up token with 401, and a session is not needed to be refused', async () => {
    const owner = await createUser(t.app);
    const revoked = await createToken(owner, { name: 'Old', scopes: ['links:read'] });
    const expired = await createToken(owner, { name: 'Short', scopes: ['links:read'], expiresInDays: 7 });
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/me/tokens/${revoked.id}`, headers: { cookie: owner.cookie } });
    expect(revoke.statusCode).toBe(200);
    await t.app.db
      .updateTable('apiTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    for (const token of [revoked.token, expired.token, 'lv_made-up-token', 'x'.repeat(5000), '']) {
      const response = await withToken(token, 'GET', `/api/users/${owner.user.id}/links`);
      expect(response.statusCode, token.slice(0, 20)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_token', message: apiTokenMessages.invalid });
    }
    // Someone else's token id cannot be revoked.
    const other = await createUser(t.app);
    const mine = await createToken(owner, { name: 'Mine', scopes: ['links:read'] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/tokens/${mine.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    expect((await withToken(mine.token, 'GET', `/api/users/${owner.user.id}/links`)).statusCode).toBe(200);
  });

  it('refuses a token of a deactivated account', async () => {
    const admin = await createAdmin(t.app);
    const owner = await createUser(t.app);
    const token = (await createToken(owner, { name: 'Script', scopes: ['links:read'] })).token;
    const deactivate = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${owner.user.id}/deactivate`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'Test' },
    });
    expect(deactivate.statusCode, deactivate.body).toBeLessThan(300);
    expect((await withToken(token, 'GET', `/api/users/${owner.user.id}/links`)).statusCode).toBe(401);
  });

  it('refuses bad names, scopes and expiries, and more tokens than an account holds', async () => {
    const owner = await createUser(t.app);
    for (const [payload, message] of [
      [{ name: '', scopes: ['links:read'] }, apiTokenMessages.nameMissing],
      [{ name: 'x'.repeat(61), scopes: ['links:read'] }, apiTokenMessages.nameTooLong],
      [{ name: 'A', scopes: [] }, apiTokenMessages.scopesMissing],
      [{ name: 'A', scopes: ['admin'] }, apiTokenMessages.unknownScope],
      [{ name: 'A', scopes: 'links:read' }, apiTokenMessages.scopesMissing],
      [{ name: 'A', scopes: ['links:read'], expiresInDays: 5 }, apiTokenMessages.unknownExpiry],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/me/tokens', headers: { cookie: owner.cookie }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    for (let index = 0; index < TOKENS_PER_ACCOUNT; index++) await createToken(owner, { name: `Token ${index}`, scopes: ['links:read'] });
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: owner.cookie },
      payload: { name: 'One more', scopes: ['links:read'] },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(apiTokenMessages.tooMany);
  });

  it('has its own rate limit per token', async () => {
    const owner = await createUser(t.app);
    const token = (await createToken(owner, { name: 'Busy', scopes: ['links:read'] })).token;
    const other = (await createToken(owner, { name: 'Calm', scopes: ['links:read'] })).token;
    for (let index = 0; index < 40; index++) await withToken(token, 'GET', `/api/users/${owner.user.id}/links`);
    const limited = await withToken(token, 'GET', `/api/users/${owner.user.id}/links`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await withToken(other, 'GET', `/api/users/${owner.user.id}/links`)).statusCode).toBe(200);
  });

  it('is a security scheme of the OpenAPI document, named on the routes that take it', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/links'].post.security).toEqual([{ session: [] }, { token: ['links:write'] }]);
    expect(document.paths['/api/me/analytics'].get.security).toEqual([{ session: [] }, { token: ['analytics:read'] }]);
    expect(document.paths['/api/me/tokens'].get.security).toBeUndefined();
  });
});
