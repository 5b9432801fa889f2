import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth.schema.ts';
import { profileSettingsMessages } from '#shared/profile-settings.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createLink, createUser, uniqueUsername } from '../helpers/factories.ts';

let t: TestApp;
let admin: SignedInUser;
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

function change(user: SignedInUser, username: unknown) {
  return t.app.inject({ method: 'PATCH', url: '/api/me/username', headers: { cookie: user.cookie }, payload: { username } });
}

/** Move a user's last change (and its history entry) back in time, as if days had passed. */
async function age(userId: number, days: number) {
  const at = new Date(Date.now() - days * DAY_MS).toISOString();
  await t.app.db.updateTable('users').set({ usernameChangedAt: at }).where('id', '=', userId).execute();
  await t.app.db.updateTable('usernameHistory').set({ changedAt: at }).where('userId', '=', userId).execute();
}

describe(`changing one's own username (${DIALECT})`, () => {
  it('moves the page, its links and its history to the new name, and locks the name for 90 days', async () => {
    const user = await createUser(t.app);
    const link = await createLink(t.app, user, { title: 'Shop', url: 'https://shop.example/' });
    const oldName = user.user.username;
    const newName = uniqueUsername('renamed');
    await t.app.inject({ method: 'GET', url: `/${oldName}` });

    const upper = await change(user, newName.toUpperCase());
    expect(upper.statusCode).toBe(400);
    expect(upper.json().message).toBe(authMessages.usernameCharacters);
    const response = await change(user, newName);
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json().data;
    expect(settings.username).toBe(newName);
    expect(Date.parse(settings.usernameLockedUntil) - Date.parse(settings.lastUsernameChange)).toBe(90 * DAY_MS);

    const page = await t.app.inject({ method: 'GET', url: `/${newName}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/go/${link.id}`);
    const redirect = await t.app.inject({ method: 'GET', url: `/${oldName}` });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(`/${newName}`);
    // A printed QR code's or a campaign's query goes along (issue 51): its attribution is not lost.
    for (const query of ['?ref=qr', '?utm_source=newsletter&utm_campaign=spring', '?share']) {
      const kept = await t.app.inject({ method: 'GET', url: `/${oldName}${query}` });
      expect(kept.statusCode).toBe(301);
      expect(kept.headers.location).toBe(`/${newName}${query}`);
    }

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.user.id}/username-history`,
      headers: { cookie: admin.cookie },
    });
    expect(history.json()).toMatchObject([{ oldUsername: oldName, newUsername: newName, changedBy: newName }]);

    const again = await change(user, uniqueUsername('third'));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'username_locked', message: profileSettingsMessages.usernameLocked(90) });
  });

  it('unlocks after 90 days', async () => {
    const user = await createUser(t.app);
    expect((await change(user, uniqueUsername('first'))).statusCode).toBe(200);
    await age(user.user.id, 89);
    expect((await change(user, uniqueUsername('early'))).json().message).toBe(profileSettingsMessages.usernameLocked(1));
    await age(user.user.id, 91);
    const later = await change(user, uniqueUsername('later'));
    expect(later.statusCode, later.body).toBe(200);
  });

  it('holds the old name for its owner for 30 days, then releases it', async () => {
    const holder = await createUser(t.app);
    const oldName = holder.user.username;
    expect((await change(holder, uniqueUsername('moved'))).statusCode).toBe(200);

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: oldName, password: 'secret123' },
    });
    expect(register.statusCode).toBe(409);
    expect(register.json().message).toBe(authMessages.usernameTaken);
    const someoneElse = await createUser(t.app);
    expect((await change(someoneElse, oldName)).json().message).toBe(authMessages.usernameTaken);

    // The owner may take it back (once the cooldown allows a change).
    await age(holder.user.id, 91);
    expect((await change(holder, oldName)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/${oldName}` })).statusCode).toBe(200);
  });

  it('releases a held name after 30 days: no more redirect, and anyone may take it', async () => {
    const user = await createUser(t.app);
    const oldName = user.user.username;
    expect((await change(user, uniqueUsername('gone'))).statusCode).toBe(200);
    await age(user.user.id, 31);
    expect((await t.app.inject({ method: 'GET', url: `/${oldName}` })).statusCode).toBe(404);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: oldName, password: 'secret123' },
    });
    expect(register.statusCode).toBe(201);
  });

  it('does not redirect to a deactivated account', async () => {
    const user = await createUser(t.app);
    const oldName = user.user.username;
    expect((await change(user, uniqueUsername('deact'))).statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.user.id}/deactivate`, headers: { cookie: admin.cookie } });
    expect((await t.app.inject({ method: 'GET', url: `/${oldName}` })).statusCode).toBe(404);
  });

  it('refuses taken, reserved, invalid and unchanged names with the forms’ messages', async () => {
    const user = await createUser(t.app);
    const taken = await createUser(t.app);
    expect((await change(user, taken.user.username)).json()).toMatchObject({ code: 'username_taken', message: authMessages.usernameTaken });
    expect((await change(user, 'dashboard')).json()).toMatchObject({ code: 'username_reserved', message: authMessages.usernameReserved });
    expect((await change(user, 'Bad Name!')).json().message).toBe(authMessages.usernameCharacters);
    expect((await change(user, 'x'.repeat(21))).json().message).toBe(authMessages.usernameTooLong);
    expect((await change(user, '')).json().message).toBe(authMessages.usernameRequired);
    expect((await change(user, { $ne: 1 })).statusCode).toBe(400);
    expect((await change(user, user.user.username)).json().message).toBe(profileSettingsMessages.sameUsername);
    // None of these used up the cooldown.
    expect((await change(user, uniqueUsername('fine'))).statusCode).toBe(200);
  });
});
