import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '#shared/constants.ts';
import { PAGE_HEADER_NAME, pageMessages } from '#shared/page-roles.ts';
import { authMessages } from '#shared/auth.schema.ts';
import { DESKTOP } from '../helpers/user-agents.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createLink, createUser, setPlan, setPlanAsAdmin, uniqueUsername } from '../helpers/factories.ts';

// Several pages per account (issue 53): the switcher's list, a new page (empty
// or with another's look), the plan's number of pages, deleting and restoring
// one, and every call acting on the page its header names, checked on each call.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function creatorOn(plan: Plan): Promise<SignedInUser> {
  const creator = await createUser(t.app);
  await setPlan(t.app, creator.user.id, plan);
  return creator;
}

function newPage(owner: SignedInUser, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/me/pages', headers: { cookie: owner.cookie }, payload });
}

async function madePage(owner: SignedInUser, payload: Record<string, unknown> = {}) {
  const answer = await newPage(owner, { username: uniqueUsername('page'), ...payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: number; username: string };
}

/** A call on the page `pageId` names, as the dashboard makes it. */
function onPage(who: SignedInUser, pageId: number, request: { method?: string; url: string; payload?: unknown }) {
  return t.app.inject({
    method: (request.method ?? 'GET') as 'GET',
    url: request.url,
    headers: { cookie: who.cookie, [PAGE_HEADER_NAME]: String(pageId) },
    payload: request.payload as Record<string, unknown> | undefined,
  });
}

describe(`an account and its pages (${DIALECT})`, () => {
  it('lists the account’s own page first, with the plan’s number of pages', async () => {
    const creator = await creatorOn('free');
    const answer = await t.app.inject({ url: '/api/me/pages', headers: { cookie: creator.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      pages: [
        {
          id: creator.user.id,
          username: creator.user.username,
          displayName: creator.user.displayName,
          profileImage: null,
          role: 'owner',
          isAccountPage: true,
          offline: false,
          deleteAfter: null,
          weeklySummary: false,
        },
      ],
      limit: 1,
      owned: 1,
    });
  });

  it('holds as many pages as the plan allows: Free 1, Pro 3, Business 10', async () => {
    const free = await creatorOn('free');
    const refused = await newPage(free, { username: uniqueUsername('page') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'too_many_pages', message: pageMessages.tooMany(1, 'Free') });

    const pro = await creatorOn('pro');
    await madePage(pro);
    await madePage(pro);
    const fourth = await newPage(pro, { username: uniqueUsername('page') });
    expect(fourth.json()).toMatchObject({ code: 'too_many_pages', message: pageMessages.tooMany(3, 'Pro') });

    const business = await creatorOn('business');
    for (let made = 1; made < 10; made++) await madePage(business);
    expect((await newPage(business, { username: uniqueUsername('page') })).statusCode).toBe(409);
    const list = (await t.app.inject({ url: '/api/me/pages', headers: { cookie: business.cookie } })).json().data;
    expect(list).toMatchObject({ limit: 10, owned: 10 });
  });

  it('follows the username rules and holds, with the same messages', async () => {
    const pro = await creatorOn('pro');
    const taken = await newPage(pro, { username: pro.user.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'username_taken', fieldErrors: { username: authMessages.usernameTaken } });
    const reserved = await newPage(pro, { username: 'dashboard' });
    expect(reserved.json()).toMatchObject({ code: 'username_reserved' });
    const badName = await newPage(pro, { username: 'Not A Name!' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fieldErrors.username).toBe(authMessages.usernameCharacters);
    const unknownField = await newPage(pro, { username: uniqueUsername('page'), password: 'x' });
    expect(unknownField.statusCode).toBe(400);
    const badStart = await newPage(pro, { username: uniqueUsername('page'), start: 'clone' });
    expect(badStart.json().message).toBe(pageMessages.unknownStart);
  });

  it('serves a new page at its own address, with what its header’s calls add to it and nothing of the first page', async () => {
    const pro = await creatorOn('pro');
    await createLink(t.app, pro, { title: 'On the first page' });
    const band = await madePage(pro);
    const added = await onPage(pro, band.id, {
      method: 'POST',
      url: '/api/links',
      payload: { title: 'Tour dates', url: 'https://example.com/tour' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const renamed = await onPage(pro, band.id, { method: 'PATCH', url: '/api/me/profile', payload: { displayName: 'The Band' } });
    expect(renamed.json().data).toMatchObject({ username: band.username, displayName: 'The Band' });

    const page = await t.app.inject({ url: `/${band.username}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tour dates');
    expect(page.body).toContain('The Band');
    expect(page.body).not.toContain('On the first page');
    const first = await t.app.inject({ url: `/${pro.user.username}` });
    expect(first.body).not.toContain('Tour dates');

    // Who is signed in stays the person: their address, on the page they chose.
    const me = (await onPage(pro, band.id, { url: '/api/auth/me' })).json().data;
    expect(me).toMatchObject({
      id: band.id,
      username: band.username,
      accountId: pro.user.id,
      accountUsername: pro.user.username,
      pageRole: 'owner',
    });
  });

  it('refuses a page the person may not act on, and a header that names no page', async () => {
    const owner = await creatorOn('pro');
    const page = await madePage(owner);
    const stranger = await createUser(t.app);
    for (const url of ['/api/me/customization', '/api/me/analytics?days=7', '/api/links/archive']) {
      const refused = await onPage(stranger, page.id, { url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'page_forbidden', message: pageMessages.notYours });
    }
    const write = await onPage(stranger, page.id, {
      method: 'POST',
      url: '/api/links',
      payload: { title: 'x', url: 'https://example.com' },
    });
    expect(write.statusCode).toBe(403);
    for (const header of ['abc', '0', '-1', '1e3', '99999999999']) {
      const bad = await t.app.inject({ url: '/api/me/customization', headers: { cookie: owner.cookie, [PAGE_HEADER_NAME]: header } });
      expect(bad.statusCode, header).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'invalid_page', message: pageMessages.badHeader });
    }
    // A number that is no page at all is refused as another's would be.
    expect((await onPage(owner, 2_000_000_000, { url: '/api/me/customization' })).statusCode).toBe(403);
  });

  it('starts a page from a copy of another page’s look', async () => {
    const pro = await creatorOn('pro');
    const look = await t.app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie: pro.cookie },
      payload: { profileLayout: 'card', buttonStyle: 'pill' },
    });
    expect(look.statusCode, look.body).toBe(200);
    const copy = await madePage(pro, { start: 'copy', copyFrom: pro.user.id });
    const copied = (await onPage(pro, copy.id, { url: '/api/me/customization' })).json().data;
    expect(copied).toMatchObject({ profileLayout: 'card', buttonStyle: 'pill' });
    const empty = await madePage(pro);
    expect((await onPage(pro, empty.id, { url: '/api/me/customization' })).json().data.profileLayout).toBe('centered');

    const stranger = await createUser(t.app);
    const refused = await newPage(pro, { username: uniqueUsername('page'), start: 'copy', copyFrom: stranger.user.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.copyFrom).toBe(pageMessages.copyFromUnknown);
  });

  it('takes pages past the plan offline after a downgrade, and brings them back with the plan', async () => {
    const pro = await creatorOn('pro');
    const second = await madePage(pro);
    const third = await madePage(pro);
    expect(await setPlanAsAdmin(t.app, pro.user.id, 'free')).toBe(200);
    expect((await t.app.inject({ url: `/${pro.user.username}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/${second.username}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/${third.username}` })).statusCode).toBe(404);
    const listed = (await t.app.inject({ url: '/api/me/pages', headers: { cookie: pro.cookie } })).json().data;
    expect(listed.pages.map((page: { offline: boolean }) => page.offline)).toEqual([false, true, true]);
    // Nothing is lost: the owner still edits an offline page.
    expect((await onPage(pro, second.id, { url: '/api/me/customization' })).statusCode).toBe(200);

    expect(await setPlanAsAdmin(t.app, pro.user.id, 'pro')).toBe(200);
    expect((await t.app.inject({ url: `/${second.username}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/${third.username}` })).statusCode).toBe(200);
    // Each page takes the account's plan.
    expect((await onPage(pro, third.id, { url: '/api/auth/me' })).json().data.plan).toBe('pro');
  });

  it('deletes a further page with its address typed out, and restores it within the grace period', async () => {
    const pro = await creatorOn('pro');
    const page = await madePage(pro);
    const del = (username: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/me/pages/${page.id}`, headers: { cookie: pro.cookie }, payload: { username } });
    expect((await del('wrong')).statusCode).toBe(400);
    const deleted = await del(page.username);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ url: `/${page.username}` })).statusCode).not.toBe(200);
    const listed = (await t.app.inject({ url: '/api/me/pages', headers: { cookie: pro.cookie } })).json().data;
    expect(listed.pages[1]).toMatchObject({ id: page.id, offline: true, deleteAfter: deleted.json().data.deleteAfter });
    expect(listed.owned).toBe(1);

    const restored = await t.app.inject({ method: 'POST', url: `/api/me/pages/${page.id}/restore`, headers: { cookie: pro.cookie } });
    expect(restored.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/${page.username}` })).statusCode).toBe(200);

    const first = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/pages/${pro.user.id}`,
      headers: { cookie: pro.cookie },
      payload: { username: pro.user.username },
    });
    expect(first.json()).toMatchObject({ message: pageMessages.firstPage });
    const stranger = await createUser(t.app);
    const others = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/pages/${page.id}`,
      headers: { cookie: stranger.cookie },
      payload: { username: page.username },
    });
    expect(others.statusCode).toBe(404);
  });

  it('acts on the person for the account’s own routes, whatever page a call names', async () => {
    const pro = await creatorOn('pro');
    const page = await madePage(pro);
    const sessions = await onPage(pro, page.id, { url: '/api/me/sessions' });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().data.length).toBe(1);
    const email = await onPage(pro, page.id, {
      method: 'PATCH',
      url: '/api/me/profile',
      payload: { email: 'band@example.com', bio: 'Live' },
    });
    expect(email.json().data).toMatchObject({ email: 'band@example.com', bio: 'Live', username: page.username });
    const account = (await t.app.inject({ url: '/api/me/profile', headers: { cookie: pro.cookie } })).json().data;
    expect(account).toMatchObject({ email: 'band@example.com', bio: '', username: pro.user.username });
  });

  it('does not count the owner’s own visits to a further page', async () => {
    const pro = await creatorOn('pro');
    const page = await madePage(pro);
    await t.app.inject({ url: `/${page.username}`, remoteAddress: '192.0.2.20', headers: { 'user-agent': DESKTOP, cookie: pro.cookie } });
    await t.app.inject({ url: `/${page.username}`, remoteAddress: '192.0.2.21', headers: { 'user-agent': DESKTOP } });
    await t.app.events.flush();
    const analytics = (await onPage(pro, page.id, { url: '/api/me/analytics?days=7' })).json().data;
    expect(analytics.profileViews).toBe(1);
  });

  it('exports every page the account owns, each in a folder of its own, and not the pages it only joined', async () => {
    const pro = await creatorOn('pro');
    const band = await madePage(pro);
    await onPage(pro, band.id, { method: 'POST', url: '/api/links', payload: { title: 'Band merch', url: 'https://example.com/merch' } });
    const other = await creatorOn('pro');
    const joined = await madePage(other);
    await t.app.db
      .insertInto('pageMembers')
      .values({ pageId: joined.id, accountId: pro.user.id, role: 'editor', createdAt: new Date().toISOString() })
      .execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/export',
      headers: { cookie: pro.cookie },
      payload: { password: pro.password },
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(strFromU8(files[`pages/${band.username}/links.json`]!)).toContain('Band merch');
    expect(strFromU8(files['links.json']!)).not.toContain('Band merch');
    expect(files[`pages/${band.username}/api-tokens.json`]).toBeUndefined();
    expect(Object.keys(files).some((name) => name.includes(joined.username))).toBe(false);
    expect(strFromU8(files['README.txt']!)).toContain(`pages/${band.username}/`);
  });

  it('names the page in a download’s query, which no route’s own rules see', async () => {
    const pro = await creatorOn('pro');
    const band = await madePage(pro);
    const csv = await t.app.inject({ url: `/api/me/subscribers/export.csv?linkverse-page=${band.id}`, headers: { cookie: pro.cookie } });
    expect(csv.statusCode).toBe(200);
    const stranger = await createUser(t.app);
    const refused = await t.app.inject({
      url: `/api/me/subscribers/export.csv?linkverse-page=${band.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('takes an account’s pages offline when an admin deactivates it, and back with it; members keep their own', async () => {
    const pro = await creatorOn('pro');
    const band = await madePage(pro);
    const member = await creatorOn('free');
    await t.app.db
      .insertInto('pageMembers')
      .values({ pageId: band.id, accountId: member.user.id, role: 'editor', createdAt: new Date().toISOString() })
      .execute();
    const admin = await createAdmin(t.app);
    const active = (on: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${pro.user.id}/${on ? 'reactivate' : 'deactivate'}`,
        headers: { cookie: admin.cookie },
      });
    expect((await active(false)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/${band.username}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/${member.user.username}` })).statusCode).toBe(200);
    expect((await active(true)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/${band.username}` })).statusCode).toBe(200);
  });

  it('deletes the pages an account owns with it, holding their names, and leaves the pages it only joined', async () => {
    const pro = await creatorOn('pro');
    const band = await madePage(pro);
    const other = await creatorOn('pro');
    const joined = await madePage(other);
    await t.app.db
      .insertInto('pageMembers')
      .values({ pageId: joined.id, accountId: pro.user.id, role: 'editor', createdAt: new Date().toISOString() })
      .execute();
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: pro.cookie },
      payload: { password: pro.password, username: pro.user.username },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/${band.username}` })).statusCode).not.toBe(200);
    // Past the grace period, the hourly job removes the account and its pages.
    await t.app.accountJobs.run(Date.now() + 31 * 24 * 3600_000);
    expect(await t.app.db.selectFrom('users').select('id').where('id', 'in', [pro.user.id, band.id]).execute()).toEqual([]);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/me/pages',
      headers: { cookie: other.cookie },
      payload: { username: band.username },
    });
    expect(taken.json().code).toBe('username_taken');
    expect((await t.app.inject({ url: `/${joined.username}` })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('pageMembers').select('accountId').where('pageId', '=', joined.id).execute()).toEqual([]);
  });
});
