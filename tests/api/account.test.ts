import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/account.ts';
import { authMessages } from '#shared/auth.schema.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, sessionCookieOf } from '../helpers/factories.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Sign in again as the user, from another browser: a second session. */
async function signIn(user: SignedInUser, userAgent = PHONE, password = user.password): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { username: user.user.username, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieOf(response);
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const sessions = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } })).json().data as Array<{
    id: string;
    device: string;
    browser: string;
    current: boolean;
    signedInAt: string;
    lastSeenAt: string;
  }>;
const changePassword = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/me/password', headers: { cookie }, payload: payload as object });

describe(`changing the password (${DIALECT})`, () => {
  it('needs the current password, keeps this session and signs out every other one', async () => {
    const user = await createUser(t.app);
    const phone = await signIn(user, PHONE);
    const laptop = await signIn(user, DESKTOP);
    const updatedAt = () => t.app.db.selectFrom('users').select('updatedAt').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    const before = await updatedAt();
    const changed = await changePassword(laptop, { currentPassword: user.password, newPassword: 'a-new-secret-9' });
    expect(changed.statusCode, changed.body).toBe(200);
    // The public page's 'Updated' line is about the page, not the password.
    expect(await updatedAt()).toEqual(before);
    expect((await me(laptop)).statusCode).toBe(200);
    for (const cookie of [user.cookie, phone]) expect((await me(cookie)).statusCode).toBe(401);
    // The new password signs in; the old one no longer does.
    await signIn(user, DESKTOP, 'a-new-secret-9');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.user.username, password: user.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it("refuses a wrong current password with 'Current password is incorrect', changing nothing", async () => {
    const user = await createUser(t.app);
    const other = await signIn(user);
    const response = await changePassword(user.cookie, { currentPassword: 'not-my-password', newPassword: 'whatever-123' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'current_password_incorrect',
      message: accountMessages.currentPasswordIncorrect,
      fieldErrors: { currentPassword: accountMessages.currentPasswordIncorrect },
    });
    expect((await me(other)).statusCode).toBe(200);
    await signIn(user);
  });

  it.each([
    [{}, accountMessages.currentPasswordRequired],
    [{ currentPassword: 'x' }, authMessages.passwordRequired],
    [{ currentPassword: 'x', newPassword: '12345' }, authMessages.passwordTooShort],
    [{ currentPassword: 'x', newPassword: 'y'.repeat(129) }, authMessages.passwordTooLong],
    [{ currentPassword: 'same-secret', newPassword: 'same-secret' }, accountMessages.newPasswordSame],
    [{ currentPassword: ['a'], newPassword: 'valid-secret' }, accountMessages.currentPasswordRequired],
  ])('refuses %o with its message', async (payload, message) => {
    const user = await createUser(t.app);
    const response = await changePassword(user.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe(`wrong current passwords and the sign-in lockout (${DIALECT})`, () => {
  it('counts each attempt toward the lockout of sign-ins to the account', async () => {
    const limited = await createTestApp({ realRateLimits: true });
    try {
      const user = await createUser(limited.app);
      const attempts = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        attempts.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/me/password',
              headers: { cookie: user.cookie },
              payload: { currentPassword: `guess-${attempt}`, newPassword: 'new-secret-1' },
            })
          ).statusCode,
        );
      }
      expect(attempts).toEqual(Array(10).fill(400));
      const locked = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.user.username, password: user.password },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe(`sessions (${DIALECT})`, () => {
  it('lists the sessions with device, browser, times and which is this one, and never a token', async () => {
    const user = await createUser(t.app);
    await signIn(user, PHONE);
    const listed = await sessions(user.cookie);
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(listed.find((session) => !session.current)).toMatchObject({ device: 'mobile', browser: 'Mobile Safari' });
    for (const session of listed) {
      expect(Date.parse(session.signedInAt)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
      expect(user.cookie).not.toContain(session.id);
    }
    const stored = await t.app.db.selectFrom('sessions').select('id').where('userId', '=', user.user.id).execute();
    for (const { id } of stored) expect(listed.map((session) => session.id)).not.toContain(id);
  });

  it('ends one session, and refuses a handle that is not one of this account', async () => {
    const user = await createUser(t.app);
    const phone = await signIn(user, PHONE);
    const stranger = await createUser(t.app);
    const phoneSession = (await sessions(user.cookie)).find((session) => !session.current)!;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${phoneSession.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneSession.id}`, headers: { cookie: user.cookie } });
    expect(ended.json()).toEqual({ data: { ended: true, current: false } });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneSession.id}`, headers: { cookie: user.cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(accountMessages.sessionNotFound);
  });

  it('ends every session but this one', async () => {
    const user = await createUser(t.app);
    const others = [await signIn(user, PHONE), await signIn(user, DESKTOP)];
    const response = await t.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: { cookie: user.cookie } });
    expect(response.json()).toEqual({ data: { ended: 2 } });
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessions(user.cookie)).toEqual([expect.objectContaining({ current: true })]);
  });

  it('signs out when this session is the one ended', async () => {
    const user = await createUser(t.app);
    const current = (await sessions(user.cookie))[0]!;
    const response = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${current.id}`, headers: { cookie: user.cookie } });
    expect(response.json()).toEqual({ data: { ended: true, current: true } });
    expect(response.cookies.find((cookie) => cookie.name === 'lv_session')?.value).toBe('');
    expect((await me(user.cookie)).statusCode).toBe(401);
  });
});
