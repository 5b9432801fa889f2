import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/admin.ts';
import { accountMessages } from '#shared/account.ts';
import { RECOVERY_CODE_COUNT, SIGN_IN_CHALLENGE_ATTEMPTS, twoFactorMessages } from '#shared/two-factor.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createUser, sessionCookieOf } from '../helpers/factories.ts';

// Two-factor sign-in with an authenticator app (issue 29), codes computed here
// as an app computes them (RFC 6238): turned on with a first code, asked after
// the password through a short-lived challenge bound to the browser, never
// accepted twice, recovery codes used once, turned off with the password and
// a code; an admin removes a user's factors, and a site may require them of admins.

let t: TestApp;
/** The time the server checks codes at, moved by the tests. */
let now = Date.parse('2026-11-26T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ config: { clock: () => now } });
});
afterAll(() => t.close());

const STEP = 30_000;
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

const post = (cookie: string | undefined, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

/** Turn the app on for the user: its secret, and the recovery codes shown once. */
async function turnOn(owner: SignedInUser): Promise<{ secret: string; codes: string[] }> {
  const setup = await post(owner.cookie, '/api/me/two-factor/totp');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, uri, qrSvg } = setup.json().data;
  expect(uri).toMatch(new RegExp(`^otpauth://totp/Linkverse:${owner.user.username}\\?.*secret=${secret}`));
  expect(qrSvg).toMatch(/^<svg/);
  const confirmed = await post(owner.cookie, '/api/me/two-factor/totp/confirm', { code: codeAt(secret, now) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, codes: confirmed.json().data.codes };
}

const challengeCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  `lv_challenge=${response.cookies.find((cookie) => cookie.name === 'lv_challenge')!.value}`;

/** The password step: the challenge cookie, and no session. */
async function passwordStep(owner: SignedInUser): Promise<string> {
  const login = await post(undefined, '/api/auth/login', { username: owner.user.username, password: owner.password });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json().data).toEqual({ secondFactor: { methods: ['totp', 'recovery'] } });
  expect(login.cookies.map((cookie) => cookie.name)).not.toContain('lv_session');
  const challenge = login.cookies.find((cookie) => cookie.name === 'lv_challenge')!;
  expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  return challengeCookieOf(login);
}

describe(`two-factor sign-in with an authenticator app (${DIALECT})`, () => {
  it('turns on with a first code, keeps the secret sealed, and shows ten recovery codes once', async () => {
    const owner = await createUser(t.app);
    const setup = (await post(owner.cookie, '/api/me/two-factor/totp')).json().data;
    // Not on until a code confirms it: sign-in still takes the password alone.
    expect((await t.app.inject({ url: '/api/me/two-factor', headers: { cookie: owner.cookie } })).json().data).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
    });
    const wrong = await post(owner.cookie, '/api/me/two-factor/totp/confirm', { code: codeAt(setup.secret, now + 10 * STEP) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', message: twoFactorMessages.codeInvalid });
    const malformed = await post(owner.cookie, '/api/me/two-factor/totp/confirm', { code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(twoFactorMessages.codeMissing);

    const confirmed = await post(owner.cookie, '/api/me/two-factor/totp/confirm', {
      code: codeAt(setup.secret, now).replace(/^(...)/, '$1 '),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes: string[] = confirmed.json().data.codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await t.app.inject({ url: '/api/me/two-factor', headers: { cookie: owner.cookie } })).json().data).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
    });
    // Sealed with the site's key: the database holds neither the secret nor a code.
    const row = await t.app.db.selectFrom('totpFactors').selectAll().where('userId', '=', owner.user.id).executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(setup.secret);
    const hashes = await t.app.db.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', owner.user.id).execute();
    for (const code of codes) expect(hashes.map((hash) => hash.codeHash)).not.toContain(code);
    // A second setup while it is on is refused: turning it off comes first.
    expect((await post(owner.cookie, '/api/me/two-factor/totp')).json()).toMatchObject({ code: 'already_enabled' });
  });

  it('asks for a code after the password, accepts one step of drift, and never the same code twice', async () => {
    const owner = await createUser(t.app);
    const { secret } = await turnOn(owner);
    now += 5 * STEP;
    let challenge = await passwordStep(owner);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: challenge } })).statusCode).toBe(401);
    // A phone one step behind.
    const behind = codeAt(secret, now - STEP);
    const signedIn = await post(challenge, '/api/auth/second-factor', { code: behind });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.username).toBe(owner.user.username);
    const session = sessionCookieOf(signedIn);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } })).statusCode).toBe(200);
    // The challenge is spent.
    expect((await post(challenge, '/api/auth/second-factor', { code: codeAt(secret, now) })).json().code).toBe('challenge_expired');

    // The same code again, or an older one: refused.
    challenge = await passwordStep(owner);
    for (const code of [behind, codeAt(secret, now - 2 * STEP)]) {
      const again = await post(challenge, '/api/auth/second-factor', { code });
      expect(again.statusCode).toBe(401);
    }
    expect((await post(challenge, '/api/auth/second-factor', { code: behind })).json()).toMatchObject({
      code: 'code_reused',
      message: twoFactorMessages.codeReused,
    });
    // Two steps off is too far.
    expect((await post(challenge, '/api/auth/second-factor', { code: codeAt(secret, now + 2 * STEP) })).json().code).toBe('invalid_code');
    expect((await post(challenge, '/api/auth/second-factor', { code: codeAt(secret, now) })).statusCode).toBe(200);
  });

  it('uses each recovery code once', async () => {
    const owner = await createUser(t.app);
    const { codes } = await turnOn(owner);
    const challenge = await passwordStep(owner);
    const first = await post(challenge, '/api/auth/second-factor', { recoveryCode: codes[3]!.toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    const next = await passwordStep(owner);
    const reused = await post(next, '/api/auth/second-factor', { recoveryCode: codes[3] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(twoFactorMessages.recoveryInvalid);
    expect(
      (await t.app.inject({ url: '/api/me/two-factor', headers: { cookie: sessionCookieOf(first) } })).json().data.recoveryCodesLeft,
    ).toBe(9);
  });

  it('binds the challenge to the browser, ends it after five minutes or five wrong codes', async () => {
    const owner = await createUser(t.app);
    const { secret } = await turnOn(owner);
    now += 3 * STEP;
    // No challenge, or another browser's made-up one.
    for (const cookie of [undefined, 'lv_challenge=made-up-token']) {
      const response = await post(cookie, '/api/auth/second-factor', { code: codeAt(secret, now) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'challenge_expired', message: twoFactorMessages.challengeExpired });
    }
    const expiring = await passwordStep(owner);
    await t.app.db
      .updateTable('signInChallenges')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', owner.user.id)
      .execute();
    expect((await post(expiring, '/api/auth/second-factor', { code: codeAt(secret, now) })).json().code).toBe('challenge_expired');

    const guessed = await passwordStep(owner);
    for (let attempt = 0; attempt < SIGN_IN_CHALLENGE_ATTEMPTS; attempt++) {
      expect((await post(guessed, '/api/auth/second-factor', { code: '000000' })).statusCode).toBe(401);
    }
    expect((await post(guessed, '/api/auth/second-factor', { code: codeAt(secret, now) })).json().code).toBe('challenge_expired');
  });

  it('counts a wrong code toward the lockout the password has', async () => {
    const site = await createTestApp({
      shareDatabaseWith: t,
      config: {
        clock: () => now,
        authRateLimit: {
          loginPerIp: { max: 1000, timeWindowMs: 60_000 },
          loginPerUsername: { max: 4, timeWindowMs: 60_000 },
          registerPerIp: { max: 1000, timeWindowMs: 60_000 },
        },
      },
    });
    try {
      const owner = await createUser(site.app);
      const setup = (await site.app.inject({ method: 'POST', url: '/api/me/two-factor/totp', headers: { cookie: owner.cookie } })).json()
        .data;
      await site.app.inject({
        method: 'POST',
        url: '/api/me/two-factor/totp/confirm',
        headers: { cookie: owner.cookie },
        payload: { code: codeAt(setup.secret, now) },
      });
      const login = await site.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: owner.user.username, password: owner.password },
      });
      const challenge = challengeCookieOf(login);
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        statuses.push(
          (
            await site.app.inject({
              method: 'POST',
              url: '/api/auth/second-factor',
              headers: { cookie: challenge },
              payload: { code: '000000' },
            })
          ).statusCode,
        );
      }
      // Confirming the app, the password and two wrong codes made four: the third wrong code is over the limit.
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await site.close();
    }
  });

  it('turns off with the password and a current code, and makes new recovery codes with the password', async () => {
    const owner = await createUser(t.app);
    const { secret, codes } = await turnOn(owner);
    now += 3 * STEP;
    const fresh = await post(owner.cookie, '/api/me/two-factor/recovery-codes', { password: owner.password });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.codes).not.toContain(codes[0]);
    expect((await post(owner.cookie, '/api/me/two-factor/recovery-codes', { password: 'wrong-password' })).json().message).toBe(
      accountMessages.passwordIncorrect,
    );

    const wrongPassword = await post(owner.cookie, '/api/me/two-factor/off', { password: 'wrong-password', code: codeAt(secret, now) });
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await post(owner.cookie, '/api/me/two-factor/off', {
      password: owner.password,
      code: codeAt(secret, now + 5 * STEP),
    });
    expect(wrongCode.statusCode).toBe(401);
    const off = await post(owner.cookie, '/api/me/two-factor/off', { password: owner.password, code: codeAt(secret, now) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ totp: false, recoveryCodesLeft: 0 });
    const login = await post(undefined, '/api/auth/login', { username: owner.user.username, password: owner.password });
    expect(login.json().data.username).toBe(owner.user.username);
  });
});

describe(`second factors and admins (${DIALECT})`, () => {
  it('lets an admin remove a user’s second factors, logged; the password alone signs them in again', async () => {
    const admin = await createAdmin(t.app);
    const owner = await createUser(t.app);
    await turnOn(owner);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${owner.user.id}/second-factors`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const login = await post(undefined, '/api/auth/login', { username: owner.user.username, password: owner.password });
    expect(login.json().data.username).toBe(owner.user.username);
    const logs = (await t.app.inject({ url: '/api/admin/logs?action=second_factor_removal', headers: { cookie: admin.cookie } })).json();
    expect(logs.logs[0]).toMatchObject({ action: 'second_factor_removal', targetUsername: owner.user.username });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${owner.user.id}/second-factors`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(adminMessages.noSecondFactor);
    // Not for anyone else.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${admin.user.id}/second-factors`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('with REQUIRE_ADMIN_2FA, keeps the control center closed to an admin until they set one up', async () => {
    const site = await createTestApp({ shareDatabaseWith: t, config: { clock: () => now, requireAdmin2fa: true } });
    try {
      const admin = await createAdmin(site.app);
      const closed = await site.app.inject({ url: '/api/admin/stats', headers: { cookie: admin.cookie } });
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toEqual({ code: 'second_factor_required', message: twoFactorMessages.adminNeedsSecondFactor });
      const setup = (await site.app.inject({ method: 'POST', url: '/api/me/two-factor/totp', headers: { cookie: admin.cookie } })).json()
        .data;
      await site.app.inject({
        method: 'POST',
        url: '/api/me/two-factor/totp/confirm',
        headers: { cookie: admin.cookie },
        payload: { code: codeAt(setup.secret, now) },
      });
      expect((await site.app.inject({ url: '/api/admin/stats', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    } finally {
      await site.close();
    }
  });
});
