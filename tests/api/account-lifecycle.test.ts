import { campaignValueOf } from '#shared/analytics.ts';
import { TYPED_USERNAME_MISMATCH } from '#shared/typed-username.ts';
import { createHash } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/account.ts';
import { adminMessages } from '#shared/admin.ts';
import { DAY_MS, USERNAME_HOLD_DAYS } from '#shared/constants.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createLink, createUser, loginAs, sessionCookieOf } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const exportOf = (user: SignedInUser, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/me/export', headers: { cookie: user.cookie }, payload: { password } });
const requestDeletion = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/me/deletion', headers: { cookie }, payload });
const page = (username: string) => t.app.inject({ url: `/${username}` });
const register = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, password: 'another-secret-1' } });

describe(`export my data (${DIALECT})`, () => {
  it('is one zip with the profile, every link, the look, the uploaded files (hashing to what is served) and the analytics as JSON and CSV', async () => {
    const user = await createUser(t.app, { displayName: 'Export Me' });
    await createLink(t.app, user, { title: 'Shop', url: 'https://shop.example' });
    const hidden = await createLink(t.app, user, { title: 'Hidden', url: 'https://hidden.example' });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/links/${hidden.id}`,
          headers: { cookie: user.cookie },
          payload: { isActive: false },
        })
      ).statusCode,
    ).toBe(200);
    const uploaded = await postMedia(t.app, user, 'avatar', {
      name: 'me.png',
      mime: 'image/png',
      content: await pngImage(400, 400, '#33aa66'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const avatarUrl: string = uploaded.json().data.url;
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: user.cookie },
      payload: { profileImage: avatarUrl, bio: 'Hello =SUM(A1)' },
    });
    for (const buttonStyle of ['neon', 'pill']) {
      await t.app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie: user.cookie }, payload: { buttonStyle } });
    }
    const campaign = campaignValueOf('=newsletter', 'email', 'launch');
    await t.app.db
      .insertInto('analyticsDaily')
      .values([
        { userId: user.user.id, day: '2026-11-20', kind: 'view', dimension: 'total', value: '', visits: 7, uniques: 5 },
        { userId: user.user.id, day: '2026-11-21', kind: 'click', dimension: 'link', value: String(hidden.id), visits: 2, uniques: 2 },
        { userId: user.user.id, day: '2026-11-21', kind: 'view', dimension: 'campaign', value: campaign, visits: 3, uniques: 3 },
      ])
      .execute();

    const wrong = await exportOf(user, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'password_incorrect',
      message: accountMessages.passwordIncorrect,
      fieldErrors: { password: accountMessages.passwordIncorrect },
    });

    const token = await t.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: user.cookie },
      payload: { name: 'Backup script', scopes: ['links:read'] },
    });
    expect(token.statusCode).toBe(201);
    // A receipt, as a paid Stripe Checkout leaves it (tests/api/purchases.test.ts pays through the webhook).
    await t.app.db
      .insertInto('purchases')
      .values({
        userId: user.user.id,
        username: user.user.username,
        item: 'pro',
        fromPlan: 'free',
        amount: 699,
        currency: 'usd',
        status: 'paid',
        checkoutSessionId: 'cs_test_export',
        paymentIntentId: 'pi_export',
        createdAt: '2026-11-20T10:00:00.000Z',
        paidAt: '2026-11-20T10:01:00.000Z',
        refundedAt: null,
      })
      .execute();
    const response = await exportOf(user, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${user.user.username}-linkverse-export-\\d{4}-\\d\\d-\\d\\d\\.zip"$`),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files);
    expect(names.filter((name) => !/^media\/\d+-avatar\.webp$/.test(name)).sort()).toEqual([
      'README.txt',
      'activity.json',
      'analytics/daily.csv',
      'analytics/daily.json',
      'api-tokens.json',
      'archived-links.json',
      'custom-domain.json',
      'customization.json',
      'links.json',
      'media/index.json',
      'page.json',
      'profile.json',
      'purchases.json',
      'saved-looks.json',
      'seo.json',
      'subscribers.csv',
      'subscribers.json',
    ]);
    expect(names.filter((name) => name.startsWith('media/') && name !== 'media/index.json')).toHaveLength(1);
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));
    expect(json('seo.json')).toMatchObject({ title: '', noindex: false, structuredData: 'person', verifications: {} });
    const profile = json('profile.json');
    expect(profile.account).toMatchObject({ username: user.user.username, displayName: 'Export Me', profileImage: avatarUrl });
    expect(JSON.stringify(profile)).not.toMatch(/passwordHash|argon2/);
    expect(json('links.json').map((link: { title: string; isActive: boolean }) => [link.title, link.isActive])).toEqual([
      ['Shop', true],
      ['Hidden', false],
    ]);
    expect(json('customization.json')).toMatchObject({ buttonStyle: 'pill' });
    // The tokens' names and scopes, never the tokens; the sign-up list (empty here) as JSON and CSV.
    expect(json('api-tokens.json')).toEqual([expect.objectContaining({ name: 'Backup script', scopes: ['links:read'] })]);
    expect(strFromU8(files['api-tokens.json']!)).not.toContain(token.json().data.token);
    expect(json('subscribers.json')).toEqual([]);
    expect(json('purchases.json')).toEqual([expect.objectContaining({ item: 'pro', amount: 699, status: 'paid', stripeId: 'pi_export' })]);
    expect(json('custom-domain.json')).toBeNull();
    expect(strFromU8(files['subscribers.csv']!)).toContain('email,status,signed_up,confirmed,consent');
    expect(json('saved-looks.json').map((look: { customization: { buttonStyle: string } }) => look.customization.buttonStyle)).toEqual([
      'neon',
    ]);

    const [media] = json('media/index.json');
    expect(media).toMatchObject({ kind: 'avatar', url: avatarUrl, mime: 'image/webp' });
    const served = await t.app.inject({ url: avatarUrl });
    const inZip = files[media.file]!;
    const sha = createHash('sha256').update(inZip).digest('hex');
    expect(sha).toBe(media.sha256);
    expect(sha).toBe(createHash('sha256').update(served.rawPayload).digest('hex'));
    expect(avatarUrl).toContain(sha);

    expect(json('analytics/daily.json')).toEqual([
      { day: '2026-11-20', kind: 'view', dimension: 'total', value: '', visits: 7, uniques: 5 },
      { day: '2026-11-21', kind: 'click', dimension: 'link', value: String(hidden.id), visits: 2, uniques: 2 },
      { day: '2026-11-21', kind: 'view', dimension: 'campaign', value: campaign, visits: 3, uniques: 3 },
    ]);
    const csv = Buffer.from(files['analytics/daily.csv']!).toString('utf8');
    expect(csv).toBe(
      `\uFEFFdate,type,dimension,value,visits,unique\r\n2026-11-20,view,total,,7,5\r\n2026-11-21,click,link,${hidden.id},2,2\r\n` +
        // A campaign as its three values, in a spreadsheet's words.
        `2026-11-21,view,campaign,'=newsletter / email / launch,3,3\r\n`,
    );
    expect(strFromU8(files['README.txt']!)).toContain(user.user.username);
    // Each feature describes its own files: the README names every file and folder of the zip, and only those.
    const readme = strFromU8(files['README.txt']!);
    const described = [...readme.matchAll(/^(\S+) +\S/gm)].map(([, name]) => name!).filter((name) => name !== 'Your');
    const topLevel = new Set(names.filter((name) => name !== 'README.txt').map((name) => (name.startsWith('media/') ? 'media/' : name)));
    expect(described.sort()).toEqual([...topLevel].sort());
  });

  it('needs a session and the password, and is limited per account', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/me/export', payload: { password: 'x' } })).statusCode).toBe(401);
    const user = await createUser(t.app);
    expect((await exportOf(user, '')).json().message).toBe(accountMessages.passwordRequired);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await exportOf(user, user.password)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe(`deleting an account (${DIALECT})`, () => {
  it('asks for the password and the username typed out, then the page is gone (410) at once and every session ends', async () => {
    const user = await createUser(t.app);
    const other = await loginAs(t.app, user.user.username);
    const link = await createLink(t.app, user);
    expect((await page(user.user.username)).statusCode).toBe(200);

    const wrongPassword = await requestDeletion(user.cookie, { password: 'nope-nope', username: user.user.username });
    expect(wrongPassword.json().code).toBe('password_incorrect');
    const wrongName = await requestDeletion(user.cookie, { password: user.password, username: 'someone-else' });
    expect(wrongName.json()).toEqual({
      code: 'username_mismatch',
      message: TYPED_USERNAME_MISMATCH,
      fieldErrors: { username: TYPED_USERNAME_MISMATCH },
    });
    expect((await page(user.user.username)).statusCode).toBe(200);

    const deleted = await requestDeletion(user.cookie, { password: user.password, username: user.user.username.toUpperCase() });
    expect(deleted.statusCode).toBe(200);
    const { deleteAfter } = deleted.json().data;
    expect(Math.round((Date.parse(deleteAfter) - Date.now()) / DAY_MS)).toBe(30);
    expect(deleted.headers['set-cookie']).toBeDefined();
    for (const cookie of [user.cookie, other])
      expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);

    const gone = await page(user.user.username);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This page is gone');
    expect((await t.app.inject({ url: `/api/public/${user.user.username}` })).json()).toMatchObject({ code: 'account_deleted' });
    expect((await t.app.inject({ url: `/go/${link.id}` })).statusCode).toBe(404);
    // Nobody takes the name meanwhile.
    expect((await register(user.user.username)).statusCode).toBe(409);
  });

  it('signing in during the grace period offers to cancel, and cancelling brings the page back', async () => {
    const user = await createUser(t.app);
    await requestDeletion(user.cookie, { password: user.password, username: user.user.username });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.user.username, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.deleteAfter).toEqual(expect.any(String));
    const cookie = sessionCookieOf(login);
    const cancelled = await t.app.inject({ method: 'DELETE', url: '/api/me/deletion', headers: { cookie } });
    expect(cancelled.json().data.deleteAfter).toBeNull();
    expect((await page(user.user.username)).statusCode).toBe(200);
  });

  it('after the grace period removes the account, its links, media and analytics for good, holds the name 30 days, then frees it', async () => {
    const user = await createUser(t.app);
    await createLink(t.app, user);
    await postMedia(t.app, user, 'icon', { name: 'i.png', mime: 'image/png', content: await pngImage(64, 64) });
    await t.app.db
      .insertInto('analyticsDaily')
      .values({ userId: user.user.id, day: '2026-11-20', kind: 'view', dimension: 'total', value: '', visits: 1, uniques: 1 })
      .execute();
    await requestDeletion(user.cookie, { password: user.password, username: user.user.username });

    // A day before the end of the grace period: still there.
    const start = Date.now();
    await t.app.accountJobs.run(start + 29 * DAY_MS);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', user.user.id).executeTakeFirst()).toBeDefined();

    await t.app.accountJobs.run(start + 30 * DAY_MS + 60_000);
    const id = user.user.id;
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    for (const table of ['links', 'analyticsDaily', 'sessions'] as const) {
      expect(await t.app.db.selectFrom(table).select('userId').where('userId', '=', id).execute()).toEqual([]);
    }
    expect(await t.app.db.selectFrom('media').select('id').where('ownerId', '=', id).execute()).toEqual([]);
    expect((await page(user.user.username)).statusCode).toBe(410);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.user.username, password: user.password } }))
        .statusCode,
    ).toBe(401);

    // The name is held for 30 days after the removal (counted from the job's clock, here 30 days ahead)...
    expect((await register(user.user.username)).statusCode).toBe(409);
    // ...and free once the hold has run out.
    await t.app.accountJobs.run(start + (30 + USERNAME_HOLD_DAYS) * DAY_MS + 120_000);
    expect((await page(user.user.username)).statusCode).toBe(404);
    expect((await register(user.user.username)).statusCode).toBe(201);
  });

  it('is refused to the last active admin', async () => {
    const site = await createTestApp();
    try {
      const only = await createAdmin(site.app);
      const answer = await site.app.inject({
        method: 'POST',
        url: '/api/me/deletion',
        headers: { cookie: only.cookie },
        payload: { password: only.password, username: only.user.username },
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(accountMessages.lastAdmin);
    } finally {
      await site.close();
    }
  });
});

describe(`an admin deleting a user (${DIALECT})`, () => {
  const adminDelete = (id: number, username: string, cookie = admin.cookie) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: { cookie }, payload: { username } });

  it('needs the username typed out, removes the account at once, holds the name, and is logged', async () => {
    const user = await createUser(t.app);
    const mismatch = await adminDelete(user.user.id, 'wrong');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(TYPED_USERNAME_MISMATCH);
    expect((await adminDelete(user.user.id, user.user.username, user.cookie)).statusCode).toBe(403);

    expect((await adminDelete(user.user.id, user.user.username)).json()).toEqual({ data: { deleted: true } });
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', user.user.id).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
    expect((await page(user.user.username)).statusCode).toBe(410);
    expect((await register(user.user.username)).statusCode).toBe(409);
    const logs = (await t.app.inject({ url: '/api/admin/logs?action=user_deletion', headers: { cookie: admin.cookie } })).json();
    expect(logs.logs[0]).toMatchObject({ action: 'user_deletion', adminUsername: admin.user.username, targetUsername: user.user.username });
    expect((await adminDelete(user.user.id, user.user.username)).statusCode).toBe(404);
  });

  it('cannot delete the admin themself', async () => {
    const answer = await adminDelete(admin.user.id, admin.user.username);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(adminMessages.deleteSelf);
  });
});
