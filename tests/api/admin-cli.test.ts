import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth.schema.ts';
import { createAdminAccount, setRoleByUsername } from '#server/admin-cli.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createUser, loginAs, uniqueUsername } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`the admin command (${DIALECT})`, () => {
  it('creates an admin who signs in and is reported as admin by /api/auth/me', async () => {
    const username = uniqueUsername('boss');
    await createAdminAccount(t.app.db, username, 'admin-password');
    const cookie = await loginAs(t.app, username, 'admin-password');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().data.role).toBe('admin');
  });

  it('applies the registration rules to the new admin', async () => {
    await expect(createAdminAccount(t.app.db, 'dashboard', 'admin-password')).rejects.toThrow(authMessages.usernameReserved);
    await expect(createAdminAccount(t.app.db, uniqueUsername(), '123')).rejects.toThrow(authMessages.passwordTooShort);
  });

  it('promotes and demotes an existing user; the role, not the name, grants rights', async () => {
    const { user, cookie } = await createUser(t.app, { username: uniqueUsername('member') });
    await setRoleByUsername(t.app.db, user.username.toUpperCase(), 'admin');
    let me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().data.role).toBe('admin');
    await setRoleByUsername(t.app.db, user.username, 'user');
    me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().data.role).toBe('user');
    await expect(setRoleByUsername(t.app.db, 'nobody-here', 'admin')).rejects.toThrow("No user named 'nobody-here'");
  });

  it('registering the name v grants nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'v', password: 'secret1' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.role).toBe('user');
  });

  it.runIf(DIALECT === 'sqlite')('runs as `npm run admin -- create` against DATA_DIR', () => {
    const username = uniqueUsername('cli');
    const run = (args: string[], input?: string) =>
      spawnSync('./node_modules/.bin/tsx', ['scripts/admin.ts', ...args], {
        env: { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: '' },
        input,
        encoding: 'utf8',
      });
    const created = run(['create', username], 'cli-password\n');
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain(`Created admin '${username}'`);
    expect(created.status).toBe(0);
    const usage = run(['frobnicate']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin');
  });
});
