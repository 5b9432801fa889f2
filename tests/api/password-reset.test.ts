import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth.schema.ts';
import { ADMIN_RESET_LINK_HOURS, passwordResetMessages } from '#shared/password-reset.ts';
import { createResetLink, resetPassword } from '#server/account/password-reset.service.ts';
import { resetLinkForUsername } from '#server/admin-cli.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createUser, loginAs } from '../helpers/factories.ts';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const tokenOf = (url: string) => new URL(url, 'http://site.test').hash.replace('#token=', '');
const reset = (token: string, newPassword = 'fresh-secret-1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, newPassword } });
const makeLink = (id: number, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/password-reset-link`, headers: { cookie, host: 'links.example.test' } });

describe(`a reset link made by an admin (${DIALECT})`, () => {
  it('is shown once, valid for a day, logged without the link, and sets a new password that signs out every session', async () => {
    const member = await createUser(t.app);
    const made = await makeLink(member.user.id);
    expect(made.statusCode).toBe(200);
    const { url, expiresAt } = made.json().data;
    expect(url).toMatch(/^http:\/\/links\.example\.test\/reset-password#token=[\w-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan((ADMIN_RESET_LINK_HOURS - 1) * 3600_000);
    const logs = (await t.app.inject({ url: '/api/admin/logs?action=password_reset_link', headers: { cookie: admin.cookie } })).json();
    expect(logs.logs[0]).toMatchObject({ action: 'password_reset_link', targetUsername: member.user.username });
    expect(JSON.stringify(logs)).not.toContain(tokenOf(url));
    // Only the token's hash is stored.
    const stored = await t.app.db.selectFrom('passwordResetTokens').select('id').where('userId', '=', member.user.id).execute();
    expect(stored.map((row) => row.id)).not.toContain(tokenOf(url));

    const answer = await reset(tokenOf(url));
    expect(answer.json()).toEqual({ data: { reset: true } });
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: member.cookie } })).statusCode).toBe(401);
    await loginAs(t.app, member.user.username, 'fresh-secret-1');
  });

  it('works once: a used, expired or forged link gets one message and changes nothing', async () => {
    const member = await createUser(t.app);
    const { url } = (await makeLink(member.user.id)).json().data;
    expect((await reset(tokenOf(url), 'first-new-secret')).statusCode).toBe(200);
    const used = await reset(tokenOf(url), 'second-new-secret');
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ code: 'reset_link_invalid', message: passwordResetMessages.linkInvalid });

    // Expiry, with the clock injected: a link made a day and a minute ago.
    const old = await createResetLink(t.app.db, member.user.id, {
      hours: ADMIN_RESET_LINK_HOURS,
      createdBy: admin.user.id,
      now: Date.now() - (ADMIN_RESET_LINK_HOURS * 60 + 1) * 60_000,
    });
    await expect(resetPassword(t.app.db, { token: tokenOf(old.url), newPassword: 'third-new-secret' })).rejects.toThrow(
      passwordResetMessages.linkInvalid,
    );
    // The same link a minute before its end still works.
    const fresh = await createResetLink(t.app.db, member.user.id, { hours: 1, createdBy: null });
    await resetPassword(t.app.db, { token: tokenOf(fresh.url), newPassword: 'fourth-new-secret' }, Date.parse(fresh.expiresAt) - 60_000);

    for (const forged of ['x'.repeat(43), tokenOf(url).slice(0, -1) + 'A', 'not a token']) {
      const answer = await reset(forged);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(passwordResetMessages.linkInvalid);
    }
    await loginAs(t.app, member.user.username, 'fourth-new-secret');
  });

  it('answers whether a link still works as its page opens, without using it up (issue 51)', async () => {
    const member = await createUser(t.app);
    const { url } = (await makeLink(member.user.id)).json().data;
    const check = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token } });
    // Asked twice, it still works: checking uses nothing.
    for (let time = 0; time < 2; time += 1) expect((await check(tokenOf(url))).json()).toEqual({ data: { valid: true } });
    expect((await reset(tokenOf(url))).statusCode).toBe(200);
    // Used, expired, forged or malformed: the one message, before any password is typed.
    const expired = await createResetLink(t.app.db, member.user.id, { hours: 1, createdBy: null, now: Date.now() - 2 * 3600_000 });
    for (const token of [tokenOf(url), tokenOf(expired.url), 'x'.repeat(43), '', 7, 'y'.repeat(500)]) {
      const answer = await check(token);
      expect(answer.statusCode, String(token)).toBe(400);
      expect(answer.json().message).toBe(passwordResetMessages.linkInvalid);
    }
  });

  it('refuses a weak new password with the registration rules, keeping the link', async () => {
    const member = await createUser(t.app);
    const { url } = (await makeLink(member.user.id)).json().data;
    const weak = await reset(tokenOf(url), '123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(authMessages.passwordTooShort);
    expect((await reset(tokenOf(url))).statusCode).toBe(200);
  });

  it('is for admins only, and for users that exist', async () => {
    const member = await createUser(t.app);
    expect((await makeLink(admin.user.id, member.cookie)).statusCode).toBe(403);
    expect((await makeLink(999_999)).statusCode).toBe(404);
  });

  it('limits guesses per address', async () => {
    const limited = await createTestApp({ realRateLimits: true });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        statuses.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/auth/password-reset',
              payload: { token: `guess-${attempt}`, newPassword: 'whatever-1' },
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe(`npm run admin -- reset-password (${DIALECT})`, () => {
  it('makes a link for the operator, absolute with PUBLIC_URL', async () => {
    const member = await createUser(t.app);
    const { user, link } = await resetLinkForUsername(t.app.db, member.user.username.toUpperCase(), 'https://links.example.com');
    expect(user.id).toBe(member.user.id);
    expect(link.url).toMatch(/^https:\/\/links\.example\.com\/reset-password#token=/);
    expect((await reset(tokenOf(link.url))).statusCode).toBe(200);
    await expect(resetLinkForUsername(t.app.db, 'nobody-here', undefined)).rejects.toThrow("No user named 'nobody-here'");
  });

  it.runIf(DIALECT === 'sqlite')('prints it from the command line', async () => {
    const member = await createUser(t.app);
    const run = spawnSync('./node_modules/.bin/tsx', ['scripts/admin.ts', 'reset-password', member.user.username], {
      env: { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://links.example.com' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const url = /https:\/\/links\.example\.com\/reset-password#token=[\w-]+/.exec(run.stdout)![0];
    expect((await reset(tokenOf(url))).statusCode).toBe(200);
  });
});
