import { Secret, TOTP } from 'otpauth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/account.ts';
import { ssoMessages } from '#shared/single-sign-on.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { DEFAULT_PASSWORD, createUser, uniqueUsername } from '../helpers/factories.ts';
import { type TestOidcProvider, startMisbehavingProvider, startOidcProvider } from '../helpers/oidc-provider.ts';

// Single sign-on (issue 29) against a real OpenID provider started here (the
// `oidc-provider` package), and a misbehaving one for the ID tokens a real
// provider cannot be made to sign (another audience, issuer or nonce). A
// person signs in, makes an account or links to one after its password, signs
// in again straight away, still gives a second factor when the account has
// one; every refusal is a 4xx with words, and none makes an account.

const PUBLIC_URL = 'http://links.test';
let t: TestApp;
let idp: TestOidcProvider;
let rogue: Awaited<ReturnType<typeof startMisbehavingProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/login/sso/idp`] });
  rogue = await startMisbehavingProvider();
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      ssoProviders: [
        { id: 'idp', name: 'Company ID', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
        { id: 'rogue', name: 'Rogue', issuer: rogue.issuer, clientId: rogue.clientId, clientSecret: rogue.clientSecret },
      ],
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await rogue.close();
});

/** A browser's cookies for the app: what each answer sets, and what it clears. */
class Browser {
  private readonly jar = new Map<string, string>();

  async call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
    for (const set of response.cookies) {
      const expired = set.expires !== undefined && set.expires.getTime() <= Date.now();
      if (set.value === '' || expired) this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }
    return response;
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }
}

const countUsers = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Start at the app, go through the provider as `login`: the query string the browser comes back with. */
async function throughProvider(browser: Browser, login: string, start = '/api/auth/sso/idp/start'): Promise<string> {
  const started = await browser.call('POST', start, start.startsWith('/api/me') ? undefined : {});
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json().data.url);
  expect(url.origin).toBe(idp.issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/login/sso/idp`);
  return idp.signIn(url.href, login);
}

const callback = (browser: Browser, query: string, provider = 'idp') =>
  browser.call('POST', `/api/auth/sso/${provider}/callback`, { query });

describe(`single sign-on with OpenID Connect (${DIALECT})`, () => {
  it('offers the configured providers, with no issuer, client or secret', async () => {
    const features = (await t.app.inject({ url: '/api/site/features' })).json().data;
    expect(features.singleSignOn).toEqual([
      { id: 'idp', name: 'Company ID' },
      { id: 'rogue', name: 'Rogue' },
    ]);
    const unknown = await new Browser().call('POST', '/api/auth/sso/nobody/start', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ssoMessages.unknownProvider);
  });

  it('makes a new account with the chosen username, then signs the person straight in next time', async () => {
    idp.people.set('ada', { email: 'Ada@Example.com', name: 'Ada Lovelace', preferredUsername: 'ada.l' });
    const browser = new Browser();
    const before = await countUsers();
    const choice = await callback(browser, await throughProvider(browser, 'ada'));
    expect(choice.statusCode, choice.body).toBe(200);
    expect(choice.json().data).toEqual({
      outcome: 'choose',
      provider: { id: 'idp', name: 'Company ID' },
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      suggestedUsername: 'adal',
      emailInUse: false,
    });
    // Nothing is made before the person chooses.
    expect(await countUsers()).toBe(before);
    expect(browser.has('lv_session')).toBe(false);

    const taken = await createUser(t.app, { username: uniqueUsername('taken') });
    const refused = await browser.call('POST', '/api/auth/sso/complete', { username: taken.user.username });
    expect(refused.statusCode).toBe(409);
    const badName = await browser.call('POST', '/api/auth/sso/complete', { username: 'Ada L' });
    expect(badName.statusCode).toBe(400);

    const username = uniqueUsername('ada');
    const created = await browser.call('POST', '/api/auth/sso/complete', { username });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      username,
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      emailConfirmed: true,
      hasPassword: false,
    });
    expect((await browser.call('GET', '/api/auth/me')).json().data.username).toBe(username);
    const links = (await browser.call('GET', '/api/me/sso')).json().data;
    expect(links).toMatchObject([{ provider: { id: 'idp', name: 'Company ID' }, email: 'ada@example.com' }]);
    // The waiting person was used: a second account cannot be made from it.
    expect((await browser.call('POST', '/api/auth/sso/complete', { username: uniqueUsername('again') })).statusCode).toBe(400);

    // No password: the login form does not open the account with any.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: '' } });
    expect(login.statusCode).toBe(400);
    const guessed = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'anything-at-all' } });
    expect(guessed.statusCode).toBe(401);

    const later = new Browser();
    const again = await callback(later, await throughProvider(later, 'ada'));
    expect(again.json().data).toMatchObject({ outcome: 'signed_in', user: { username }, next: '/dashboard' });
    expect(later.has('lv_session')).toBe(true);
    expect(await countUsers()).toBe(before + 2);
  });

  it('gives a name two people ask for at once to one of them, and tells the other it is taken', async () => {
    idp.people.set('twin-a', {});
    idp.people.set('twin-b', {});
    const first = new Browser();
    const second = new Browser();
    await callback(first, await throughProvider(first, 'twin-a'));
    await callback(second, await throughProvider(second, 'twin-b'));
    const username = uniqueUsername('twin');
    const answers = await Promise.all([
      first.call('POST', '/api/auth/sso/complete', { username }),
      second.call('POST', '/api/auth/sso/complete', { username }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('links to an existing account only once its owner has signed in to it, then signs in through the provider', async () => {
    const owner = await createUser(t.app);
    await t.app.db
      .updateTable('users')
      .set({ email: 'grace@example.com', emailConfirmedAt: new Date().toISOString() })
      .where('id', '=', owner.user.id)
      .execute();
    idp.people.set('grace', { email: 'grace@example.com', name: 'Grace' });
    const browser = new Browser();
    const choice = await callback(browser, await throughProvider(browser, 'grace'));
    expect(choice.json().data).toMatchObject({ outcome: 'choose', emailInUse: true });

    // Without signing in to the account, nothing links.
    expect((await browser.call('POST', '/api/me/sso/link-waiting')).statusCode).toBe(401);
    const signedIn = await browser.call('POST', '/api/auth/login', { username: owner.user.username, password: owner.password });
    expect(signedIn.statusCode).toBe(200);
    const linked = await browser.call('POST', '/api/me/sso/link-waiting');
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject([{ provider: { id: 'idp' }, email: 'grace@example.com' }]);

    const later = new Browser();
    const again = await callback(later, await throughProvider(later, 'grace'));
    expect(again.json().data).toMatchObject({ outcome: 'signed_in', user: { id: owner.user.id } });

    // Another account cannot take the same person.
    const other = await createUser(t.app);
    const stranger = new Browser();
    await stranger.call('POST', '/api/auth/login', { username: other.user.username, password: DEFAULT_PASSWORD });
    const attempt = await callback(stranger, await throughProvider(stranger, 'grace', '/api/me/sso/idp/start'));
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json()).toMatchObject({ code: 'sso_linked_elsewhere', message: ssoMessages.linkedElsewhere('Company ID') });
  });

  it('links from Account, and still asks an account with a second factor for its code', async () => {
    const owner = await createUser(t.app);
    const browser = new Browser();
    await browser.call('POST', '/api/auth/login', { username: owner.user.username, password: owner.password });
    idp.people.set('linus', { name: 'Linus' });
    const linked = await callback(browser, await throughProvider(browser, 'linus', '/api/me/sso/idp/start'));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toEqual({ outcome: 'linked', provider: { id: 'idp', name: 'Company ID' } });

    const setup = (await browser.call('POST', '/api/me/two-factor/totp')).json().data;
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) });
    expect((await browser.call('POST', '/api/me/two-factor/totp/confirm', { code: totp.generate() })).statusCode).toBe(200);

    const later = new Browser();
    const asked = await callback(later, await throughProvider(later, 'linus'));
    expect(asked.json().data).toEqual({ outcome: 'second_factor', methods: ['totp', 'recovery'], next: '/dashboard' });
    expect(later.has('lv_session')).toBe(false);
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const done = await later.call('POST', '/api/auth/second-factor', { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(later.has('lv_session')).toBe(true);
  });

  it('refuses a wrong state, a replayed answer, another browser, a refusal and an unverified address, making nothing', async () => {
    const before = await countUsers();
    idp.people.set('eve', { email: 'eve@example.com', emailVerified: false });
    idp.people.set('bob', { email: 'bob@example.com' });

    const wrongState = new Browser();
    const query = await throughProvider(wrongState, 'bob');
    const forged = await callback(wrongState, query.replace(/state=[^&]+/, 'state=forged'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'sso_expired', message: ssoMessages.notStartedHere });

    const replay = new Browser();
    const answer = await throughProvider(replay, 'bob');
    expect((await callback(replay, answer)).json().data.outcome).toBe('choose');
    const replayed = await callback(replay, answer);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('sso_expired');

    // The answer carried to another browser, which did not start the sign-in.
    const starter = new Browser();
    const stolen = await throughProvider(starter, 'bob');
    const thief = await callback(new Browser(), stolen);
    expect(thief.statusCode).toBe(400);
    expect(thief.json().message).toBe(ssoMessages.notStartedHere);

    const unverified = new Browser();
    const eve = await callback(unverified, await throughProvider(unverified, 'eve'));
    expect(eve.statusCode).toBe(400);
    expect(eve.json()).toMatchObject({ code: 'email_unverified', message: ssoMessages.emailUnverified('Company ID') });
    expect((await unverified.call('POST', '/api/auth/sso/complete', { username: uniqueUsername('eve') })).statusCode).toBe(400);

    // A provider that says nothing of the address (as Microsoft Entra): the person signs in, the address is not taken.
    idp.people.set('entra', { email: 'entra@example.com', emailVerified: null });
    const silent = new Browser();
    const entra = await callback(silent, await throughProvider(silent, 'entra'));
    expect(entra.json().data).toMatchObject({ outcome: 'choose', email: null, emailInUse: false });

    const denied = new Browser();
    const started = (await denied.call('POST', '/api/auth/sso/idp/start', {})).json().data.url;
    const state = new URL(started).searchParams.get('state');
    const refusal = await callback(denied, `error=access_denied&error_description=End-User+aborted+interaction&state=${state}`);
    expect(refusal.statusCode).toBe(400);
    expect(refusal.json().message).toBe(ssoMessages.refused('Company ID', 'End-User aborted interaction'));

    const oversized = await callback(new Browser(), `code=${'x'.repeat(5000)}`);
    expect(oversized.statusCode).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  it('refuses an ID token for another audience, from another issuer, or with another nonce, making nothing', async () => {
    const before = await countUsers();
    for (const tamper of [{ aud: 'another-app' }, { iss: 'https://impostor.example' }, { nonce: 'another-nonce' }]) {
      Object.assign(rogue.tamper, tamper);
      const browser = new Browser();
      const started = await browser.call('POST', '/api/auth/sso/rogue/start', {});
      expect(started.statusCode, started.body).toBe(200);
      const back = await fetch(started.json().data.url, { redirect: 'manual' });
      const query = new URL(back.headers.get('location')!).search;
      const answer = await callback(browser, query, 'rogue');
      expect(answer.statusCode, JSON.stringify(tamper)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'sso_refused', message: ssoMessages.unchecked('Rogue') });
      for (const key of Object.keys(tamper)) delete rogue.tamper[key];
    }
    // The same provider, behaving: the person is asked to choose.
    const browser = new Browser();
    const started = await browser.call('POST', '/api/auth/sso/rogue/start', {});
    const back = await fetch(started.json().data.url, { redirect: 'manual' });
    expect((await callback(browser, new URL(back.headers.get('location')!).search, 'rogue')).json().data.outcome).toBe('choose');
    expect(await countUsers()).toBe(before);
  });

  it('refuses to unlink the last way to sign in; a first password makes another', async () => {
    idp.people.set('nopass', {});
    const browser = new Browser();
    await callback(browser, await throughProvider(browser, 'nopass'));
    const username = uniqueUsername('np');
    expect((await browser.call('POST', '/api/auth/sso/complete', { username })).statusCode).toBe(201);
    const [link] = (await browser.call('GET', '/api/me/sso')).json().data;

    const refused = await browser.call('DELETE', `/api/me/sso/${link.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'last_sign_in_way', message: ssoMessages.lastWay });
    // What asks for the password says there is none yet.
    const exported = await browser.call('POST', '/api/me/export', { password: 'whatever-1' });
    expect(exported.statusCode).toBe(400);
    expect(exported.json().message).toBe(accountMessages.noPasswordYet);

    const set = await browser.call('POST', '/api/me/password/first', { newPassword: 'a-first-password' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.hasPassword).toBe(true);
    const twice = await browser.call('POST', '/api/me/password/first', { newPassword: 'another-password' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(accountMessages.passwordAlreadySet);

    expect((await browser.call('DELETE', `/api/me/sso/${link.id}`)).statusCode).toBe(200);
    expect((await browser.call('GET', '/api/me/sso')).json().data).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'a-first-password' } });
    expect(login.statusCode).toBe(200);
    // Unlinked, the provider's person is a stranger again.
    const later = new Browser();
    expect((await callback(later, await throughProvider(later, 'nopass'))).json().data.outcome).toBe('choose');
  });

  it('keeps a passkey that is the last way in, once the provider is unlinked', async () => {
    idp.people.set('keyonly', {});
    const browser = new Browser();
    await callback(browser, await throughProvider(browser, 'keyonly'));
    const created = await browser.call('POST', '/api/auth/sso/complete', { username: uniqueUsername('key') });
    const userId = created.json().data.id as number;
    // A passkey as registering one leaves it (its ceremony is tested in passkeys.test.ts and in the browser).
    const at = new Date().toISOString();
    const passkey = await t.app.db
      .insertInto('passkeys')
      .values({
        userId,
        credentialId: `cred-${userId}`,
        publicKey: 'pk',
        counter: 0,
        transports: '',
        name: 'Phone',
        createdAt: at,
        lastUsedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [link] = (await browser.call('GET', '/api/me/sso')).json().data;
    expect((await browser.call('DELETE', `/api/me/sso/${link.id}`)).statusCode).toBe(200);
    const refused = await browser.call('DELETE', `/api/me/passkeys/${passkey.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ssoMessages.lastWay);
    expect((await browser.call('GET', '/api/me/passkeys')).json().data).toHaveLength(1);
  });

  it('stays open for signing in while the site is closed, but makes no account then', async () => {
    const admin = await createUser(t.app);
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
    const adminBrowser = new Browser();
    await adminBrowser.call('POST', '/api/auth/login', { username: admin.user.username, password: admin.password });
    idp.people.set('boss', {});
    expect((await callback(adminBrowser, await throughProvider(adminBrowser, 'boss', '/api/me/sso/idp/start'))).statusCode).toBe(200);
    const close = (maintenanceMode: boolean) =>
      adminBrowser.call('POST', '/api/admin/site-settings', { maintenanceMode, maintenanceMessage: 'Back soon' });
    expect((await close(true)).statusCode).toBe(200);
    try {
      const later = new Browser();
      const signedIn = await callback(later, await throughProvider(later, 'boss'));
      expect(signedIn.json().data).toMatchObject({ outcome: 'signed_in', user: { role: 'admin' } });

      idp.people.set('newcomer', {});
      const visitor = new Browser();
      expect((await callback(visitor, await throughProvider(visitor, 'newcomer'))).json().data.outcome).toBe('choose');
      const closed = await visitor.call('POST', '/api/auth/sso/complete', { username: uniqueUsername('new') });
      expect(closed.statusCode).toBe(503);
    } finally {
      expect((await close(false)).statusCode).toBe(200);
    }
  });
});
