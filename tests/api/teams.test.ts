import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HEADER_NAME, pageMessages, teamMessages } from '#shared/page-roles.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, loginAs, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { MailServer, linkIn, tokenIn } from '../helpers/mail-server.ts';

// A page's team (issue 53), with mail for real: the site speaks SMTP to a real
// server on a local port, and the tests read the invitations that arrive and
// follow their links. Every permission is asked of the database on each call.

const ORIGIN = 'http://links.example.test';
const mail = new MailServer();
let t: TestApp;

beforeAll(async () => {
  await mail.start();
  t = await createTestApp({
    config: {
      mail: { delivery: 'smtp', smtpUrl: mail.url, from: 'Linkverse <no-reply@links.example.test>', origin: ORIGIN },
      // Custom domains on (the domain is the owner's alone); no DNS is asked here.
      publicUrl: ORIGIN,
      customDomains: { siteHost: 'links.example.test', dnsServers: ['127.0.0.1:9'], askPort: undefined },
    },
  });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

type Person = SignedInUser & { email: string };

const uniqueEmail = () => `${uniqueUsername('team')}@example.test`;

/** Someone with a confirmed address, through the real confirmation mail. */
async function person(): Promise<Person> {
  const user = await createUser(t.app);
  const email = uniqueEmail();
  await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: user.cookie }, payload: { email } });
  const received = await mail.mailTo(email, { subject: /Confirm your email/ });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token: tokenIn(linkIn(received, '/confirm-email')) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { ...user, email };
}

/** An owner on Pro with a further page. */
async function ownerWithPage() {
  const owner = await person();
  await setPlan(t.app, owner.user.id, 'pro');
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/me/pages',
    headers: { cookie: owner.cookie },
    payload: { username: uniqueUsername('band') },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { owner, page: made.json().data as { id: number; username: string } };
}

function onPage(who: { cookie: string }, pageId: number, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: who.cookie, [PAGE_HEADER_NAME]: String(pageId) },
    payload: payload as Record<string, unknown> | undefined,
  });
}

/** The owner invites `email`; the token of the link mailed to it. */
async function invite(owner: Person, pageId: number, email: string, role: 'editor' | 'analyst'): Promise<string> {
  const sent = await onPage(owner, pageId, 'POST', '/api/me/team/invitations', { email, role });
  expect(sent.statusCode, sent.body).toBe(201);
  const received = await mail.mailTo(email, { subject: /invited you to/ });
  const link = linkIn(received, '/invitation');
  expect(link.origin).toBe(ORIGIN);
  return tokenIn(link);
}

const accept = (who: { cookie: string }, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/me/invitations/accept', headers: { cookie: who.cookie }, payload: { token } });

async function member(owner: Person, pageId: number, role: 'editor' | 'analyst'): Promise<Person> {
  const someone = await person();
  const accepted = await accept(someone, await invite(owner, pageId, someone.email, role));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return someone;
}

describe(`invitations (${DIALECT})`, () => {
  it('mail a link that shows the page, and is accepted once by the invited address', async () => {
    const { owner, page } = await ownerWithPage();
    const invited = await person();
    const token = await invite(owner, page.id, invited.email, 'editor');
    const received = await mail.mailTo(invited.email, { subject: /invited you to/ });
    expect(received.text).toContain(`${ORIGIN}/${page.username}`);
    expect(received.text).toContain('7 days');

    const preview = await t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
    expect(preview.json().data).toMatchObject({
      page: { username: page.username },
      role: 'editor',
      email: `${invited.email[0]}•••@example.test`,
    });

    const accepted = await accept(invited, token);
    expect(accepted.json().data).toEqual({ pageId: page.id });
    const pages = (await t.app.inject({ url: '/api/me/pages', headers: { cookie: invited.cookie } })).json().data.pages;
    expect(pages).toContainEqual(expect.objectContaining({ id: page.id, role: 'editor', isAccountPage: false }));
    // Used once.
    expect((await accept(invited, token)).json()).toMatchObject({ message: teamMessages.invitationInvalid });
    // The owner sees the member, and the log says who joined.
    const team = (await onPage(owner, page.id, 'GET', '/api/me/team')).json().data;
    expect(team.members).toEqual([
      expect.objectContaining({ accountId: invited.user.id, username: invited.user.username, role: 'editor' }),
    ]);
    expect(team.invitations).toEqual([]);
    const log = (await onPage(owner, page.id, 'GET', '/api/me/activity/log')).json().data.entries;
    expect(log[0]).toMatchObject({ kind: 'member_joined', subject: `@${invited.user.username}`, actor: { id: invited.user.id } });
    expect(log[1]).toMatchObject({ kind: 'member_invited', subject: invited.email, actor: { id: owner.user.id } });
  });

  it('refuse another address, a forged, withdrawn or expired link', async () => {
    const { owner, page } = await ownerWithPage();
    const invited = uniqueEmail();
    const token = await invite(owner, page.id, invited, 'analyst');
    const other = await person();
    const wrong = await accept(other, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(teamMessages.wrongAddress(`${invited[0]}•••@example.test`));

    expect((await accept(other, 'x'.repeat(43))).json()).toMatchObject({ message: teamMessages.invitationInvalid });
    expect((await accept(other, 'short')).statusCode).toBe(400);

    const pending = (await onPage(owner, page.id, 'GET', '/api/me/team')).json().data.invitations;
    expect(pending).toEqual([expect.objectContaining({ email: invited, role: 'analyst' })]);
    const withdrawn = await onPage(owner, page.id, 'DELETE', `/api/me/team/invitations/${pending[0].id}`);
    expect(withdrawn.statusCode).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(teamMessages.invitationInvalid);

    const expiring = await person();
    const old = await invite(owner, page.id, expiring.email, 'editor');
    await t.app.db
      .updateTable('pageInvitations')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('pageId', '=', page.id)
      .execute();
    expect((await accept(expiring, old)).json()).toMatchObject({ message: teamMessages.invitationInvalid });
  });

  it('give an account with no confirmed address the invited one, confirmed (signing up with it)', async () => {
    const { owner, page } = await ownerWithPage();
    const email = uniqueEmail();
    const token = await invite(owner, page.id, email, 'editor');
    const newcomer = await createUser(t.app);
    expect((await accept(newcomer, token)).statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/api/auth/me', headers: { cookie: newcomer.cookie } })).json().data;
    expect(me).toMatchObject({ email, emailConfirmed: true });
  });

  it('refuse a second invitation to the same address, a member, and the owner’s own', async () => {
    const { owner, page } = await ownerWithPage();
    const editor = await member(owner, page.id, 'editor');
    const again = await onPage(owner, page.id, 'POST', '/api/me/team/invitations', { email: editor.email, role: 'analyst' });
    expect(again.json().message).toBe(teamMessages.alreadyMember);
    const own = await onPage(owner, page.id, 'POST', '/api/me/team/invitations', { email: owner.email, role: 'editor' });
    expect(own.json().message).toBe(teamMessages.ownAddress);
    const email = uniqueEmail();
    await invite(owner, page.id, email, 'editor');
    const twice = await onPage(owner, page.id, 'POST', '/api/me/team/invitations', { email: email.toUpperCase(), role: 'editor' });
    expect(twice.json().message).toBe(teamMessages.alreadyInvited);
    for (const payload of [
      { email: 'nope', role: 'editor' },
      { email, role: 'owner' },
      { email, role: 'editor', note: 'x' },
    ]) {
      expect((await onPage(owner, page.id, 'POST', '/api/me/team/invitations', payload)).statusCode).toBe(400);
    }
  });

  it('are limited per page and per account', async () => {
    const { owner, page } = await ownerWithPage();
    let status = 0;
    for (let sent = 0; sent <= 20 && status !== 429; sent++) {
      status = (await onPage(owner, page.id, 'POST', '/api/me/team/invitations', { email: uniqueEmail(), role: 'analyst' })).statusCode;
    }
    expect(status).toBe(429);
  });
});

/** Each role × each route, with the status written out: 2xx as allowed; 403 refused for the role. */
const PERMISSIONS: Array<{
  route: string;
  method: string;
  url: string;
  payload?: unknown;
  owner: number;
  editor: number;
  analyst: number;
}> = [
  { route: 'read the links', method: 'GET', url: '/api/links/archive', owner: 200, editor: 200, analyst: 403 },
  {
    route: 'add a link',
    method: 'POST',
    url: '/api/links',
    payload: { title: 'Shop', url: 'https://example.com/' },
    owner: 201,
    editor: 201,
    analyst: 403,
  },
  { route: 'read the look', method: 'GET', url: '/api/me/customization', owner: 200, editor: 200, analyst: 403 },
  {
    route: 'change the look',
    method: 'PUT',
    url: '/api/me/customization',
    payload: { buttonStyle: 'pill' },
    owner: 200,
    editor: 200,
    analyst: 403,
  },
  { route: 'change the profile', method: 'PATCH', url: '/api/me/profile', payload: { bio: 'Hi' }, owner: 200, editor: 200, analyst: 403 },
  { route: 'read the SEO', method: 'GET', url: '/api/me/seo', owner: 200, editor: 200, analyst: 403 },
  { route: 'read analytics', method: 'GET', url: '/api/me/analytics?days=7', owner: 200, editor: 200, analyst: 200 },
  { route: 'download analytics', method: 'GET', url: '/api/me/analytics/export?days=7', owner: 200, editor: 200, analyst: 200 },
  { route: 'read subscribers', method: 'GET', url: '/api/me/subscribers', owner: 200, editor: 200, analyst: 200 },
  { route: 'remove a subscriber', method: 'DELETE', url: '/api/me/subscribers/999999', owner: 404, editor: 404, analyst: 403 },
  { route: 'read the activity', method: 'GET', url: '/api/me/activity/log', owner: 200, editor: 200, analyst: 200 },
  { route: 'read the team', method: 'GET', url: '/api/me/team', owner: 200, editor: 200, analyst: 200 },
  {
    route: 'invite',
    method: 'POST',
    url: '/api/me/team/invitations',
    payload: { email: 'x@example.test', role: 'analyst' },
    owner: 201,
    editor: 403,
    analyst: 403,
  },
  { route: 'read the domain', method: 'GET', url: '/api/me/domain', owner: 200, editor: 403, analyst: 403 },
  { route: 'remove the domain', method: 'DELETE', url: '/api/me/domain', owner: 200, editor: 403, analyst: 403 },
  { route: 'export the page file', method: 'GET', url: '/api/me/page-export', owner: 200, editor: 200, analyst: 403 },
];

describe(`roles (${DIALECT})`, () => {
  it('allow each route as the table says, and refuse with 403 and the role’s message', async () => {
    const { owner, page } = await ownerWithPage();
    const editor = await member(owner, page.id, 'editor');
    const analyst = await member(owner, page.id, 'analyst');
    const as = { owner, editor, analyst };
    for (const row of PERMISSIONS) {
      for (const role of ['owner', 'editor', 'analyst'] as const) {
        const answer = await onPage(as[role], page.id, row.method, row.url, row.payload);
        expect(answer.statusCode, `${role}: ${row.route} ${answer.body.slice(0, 200)}`).toBe(row[role]);
        if (row[role] === 403) expect(answer.json().code, `${role}: ${row.route}`).toBe('page_role');
      }
    }
  });

  it('refuse a removed member’s next call at once, on a session and on a token', async () => {
    const { owner, page } = await ownerWithPage();
    const editor = await member(owner, page.id, 'editor');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: editor.cookie },
      payload: { name: 'Band script', scopes: ['links:write', 'links:read'], pages: [page.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().data.token;
    const byToken = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { authorization: `Bearer ${token}` },
        payload: { title: 'T', url: 'https://example.com/' },
      });
    expect((await byToken()).statusCode).toBe(201);
    expect((await onPage(editor, page.id, 'GET', '/api/me/customization')).statusCode).toBe(200);

    const removed = await onPage(owner, page.id, 'DELETE', `/api/me/team/members/${editor.user.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await mail.mailTo(editor.email, { subject: /no longer on the team/ })).text).toContain(page.username);
    const refused = await onPage(editor, page.id, 'GET', '/api/me/customization');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'page_forbidden', message: pageMessages.notYours });
    expect((await byToken()).statusCode).toBe(403);
    // Their own page is untouched.
    expect((await t.app.inject({ url: '/api/me/customization', headers: { cookie: editor.cookie } })).statusCode).toBe(200);
  });

  it('keep a token to the pages it names', async () => {
    const { owner, page } = await ownerWithPage();
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: owner.cookie },
      payload: { name: 'First page only', scopes: ['links:write'] },
    });
    const token = own.json().data.token;
    const named = (pageId?: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { authorization: `Bearer ${token}`, ...(pageId ? { [PAGE_HEADER_NAME]: String(pageId) } : {}) },
        payload: { title: 'T', url: 'https://example.com/' },
      });
    expect((await named()).statusCode).toBe(201);
    const refused = await named(page.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(pageMessages.tokenPageRefused);
    const stranger = await createUser(t.app);
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: owner.cookie },
      payload: { name: 'Other', scopes: ['links:write'], pages: [stranger.user.id] },
    });
    expect(notTheirs.statusCode).toBe(400);
  });

  it('change a role and tell the member; a member leaves; the owner cannot', async () => {
    const { owner, page } = await ownerWithPage();
    const analyst = await member(owner, page.id, 'analyst');
    expect((await onPage(analyst, page.id, 'POST', '/api/links', { title: 'x', url: 'https://example.com' })).statusCode).toBe(403);
    const promoted = await onPage(owner, page.id, 'PATCH', `/api/me/team/members/${analyst.user.id}`, { role: 'editor' });
    expect(promoted.statusCode).toBe(200);
    expect((await mail.mailTo(analyst.email, { subject: /Your role on/ })).text).toContain('You are now an editor');
    expect((await onPage(analyst, page.id, 'POST', '/api/links', { title: 'x', url: 'https://example.com' })).statusCode).toBe(201);

    const left = await t.app.inject({ method: 'DELETE', url: `/api/me/pages/${page.id}/membership`, headers: { cookie: analyst.cookie } });
    expect(left.statusCode).toBe(200);
    expect((await onPage(analyst, page.id, 'GET', '/api/me/analytics?days=7')).statusCode).toBe(403);
    const ownerLeaves = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/pages/${page.id}/membership`,
      headers: { cookie: owner.cookie },
    });
    expect(ownerLeaves.json().message).toBe(teamMessages.ownerCannotLeave);
  });

  it('move ownership only once the member accepts; the owner before stays as an editor', async () => {
    const { owner, page } = await ownerWithPage();
    await createLink(t.app, owner, { title: 'Owner’s own' });
    const editor = await member(owner, page.id, 'editor');
    await setPlan(t.app, editor.user.id, 'business');
    const offered = await onPage(owner, page.id, 'POST', '/api/me/team/ownership', { accountId: editor.user.id });
    expect(offered.statusCode, offered.body).toBe(200);
    expect((await mail.mailTo(editor.email, { subject: /offers you the page/ })).text).toContain('/dashboard?page=');
    // Still the owner's until accepted.
    expect((await onPage(editor, page.id, 'GET', '/api/me/domain')).statusCode).toBe(403);
    const accepted = await t.app.inject({ method: 'POST', url: `/api/me/pages/${page.id}/ownership`, headers: { cookie: editor.cookie } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await onPage(editor, page.id, 'GET', '/api/me/domain')).statusCode).toBe(200);
    expect((await onPage(owner, page.id, 'GET', '/api/me/domain')).statusCode).toBe(403);
    expect((await onPage(owner, page.id, 'GET', '/api/me/customization')).statusCode).toBe(200);
    // It takes its new owner's plan.
    expect((await onPage(editor, page.id, 'GET', '/api/auth/me')).json().data).toMatchObject({ plan: 'business', pageRole: 'owner' });

    const firstPage = await t.app.inject({
      method: 'POST',
      url: '/api/me/team/ownership',
      headers: { cookie: owner.cookie },
      payload: { accountId: editor.user.id },
    });
    expect(firstPage.json().message).toBe(teamMessages.firstPageNeedsAnother);
  });

  it('give away the account’s own first page: the person moves to the page they keep, signed in as before', async () => {
    const { owner, page } = await ownerWithPage();
    const firstPage = owner.user;
    await createLink(t.app, owner, { title: 'Before the move' });
    const madeToken = await t.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: owner.cookie },
      payload: { name: 'Own page', scopes: ['links:write'] },
    });
    const token = madeToken.json().data.token as string;
    const editor = await member(owner, firstPage.id, 'editor');
    await setPlan(t.app, editor.user.id, 'pro');

    const team = (await onPage(owner, firstPage.id, 'GET', '/api/me/team')).json().data;
    expect(team).toMatchObject({ canMoveOwnership: true, accountKeeps: page.username });
    const offered = await onPage(owner, firstPage.id, 'POST', '/api/me/team/ownership', { accountId: editor.user.id });
    expect(offered.statusCode, offered.body).toBe(200);
    const acceptOffer = () =>
      t.app.inject({ method: 'POST', url: `/api/me/pages/${firstPage.id}/ownership`, headers: { cookie: editor.cookie } });

    // With no other live page left to keep, the first page cannot move yet; back with its restore.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/pages/${page.id}`,
      headers: { cookie: owner.cookie },
      payload: { username: page.username },
    });
    expect(del.statusCode, del.body).toBe(200);
    const refused = await acceptOffer();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(teamMessages.ownerKeepsNoPage);
    await t.app.inject({ method: 'POST', url: `/api/me/pages/${page.id}/restore`, headers: { cookie: owner.cookie } });

    const accepted = await acceptOffer();
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The page is the new owner's, with its address, links and public page as they were.
    expect((await onPage(editor, firstPage.id, 'GET', '/api/auth/me')).json().data).toMatchObject({ pageRole: 'owner', plan: 'pro' });
    const publicPage = await t.app.inject({ url: `/${firstPage.username}` });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).toContain('Before the move');

    // The person kept their session, now on the page they keep, and stays on the page they gave as an editor.
    const me = (await t.app.inject({ url: '/api/auth/me', headers: { cookie: owner.cookie } })).json().data;
    expect(me).toMatchObject({ id: page.id, username: page.username, accountId: page.id, pageRole: 'owner', email: owner.email });
    expect((await onPage(owner, firstPage.id, 'GET', '/api/auth/me')).json().data).toMatchObject({ pageRole: 'editor' });
    expect((await onPage(owner, firstPage.id, 'GET', '/api/me/domain')).statusCode).toBe(403);
    const pages = (await t.app.inject({ url: '/api/me/pages', headers: { cookie: owner.cookie } })).json().data.pages;
    expect(pages.map((listed: { id: number; role: string }) => [listed.id, listed.role])).toEqual([
      [page.id, 'owner'],
      [firstPage.id, 'editor'],
    ]);

    // They sign in with the page they keep; the address they gave signs nobody in.
    expect(await loginAs(t.app, page.username, owner.password)).toBeTruthy();
    const oldName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: firstPage.username, password: owner.password },
    });
    expect(oldName.statusCode).toBe(401);
    const newOwnerKeepsTheirs = await t.app.inject({ url: '/api/auth/me', headers: { cookie: editor.cookie } });
    expect(newOwnerKeepsTheirs.json().data).toMatchObject({ id: editor.user.id, username: editor.user.username });

    // A token made for the account's own page keeps acting on the page it was made for, as the editor they now are.
    const viaToken = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'By token', url: 'https://example.com/' },
    });
    expect(viaToken.statusCode, viaToken.body).toBe(201);
    const links = (await t.app.inject({ url: `/api/users/${firstPage.id}/links` })).json().data;
    expect(links.map((link: { title: string }) => link.title)).toContain('By token');

    const told = await mail.mailTo(owner.email, { subject: new RegExp(`is now @${editor.user.username}`) });
    expect(told.text).toContain(`sign in with the username ${page.username}`);
  });

  it('send a page’s summary by mail to its owner and to the members who ask, each choosing for themselves', async () => {
    const { owner, page } = await ownerWithPage();
    const editor = await member(owner, page.id, 'editor');
    const analyst = await member(owner, page.id, 'analyst');
    const wish = (who: Person, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/me/pages/${page.id}/summary`, headers: { cookie: who.cookie }, payload: payload as object });
    expect((await wish(owner, { weeklySummary: true })).statusCode).toBe(200);
    expect((await wish(analyst, { weeklySummary: true })).statusCode).toBe(200);
    // How often is the owner's to choose; a stranger has no wish to make here.
    expect((await wish(analyst, { weeklySummary: true, every: 'week' })).json().message).toBe(pageMessages.cadenceIsOwners);
    const stranger = await person();
    expect((await wish(stranger, { weeklySummary: true })).statusCode).toBe(404);
    const listed = (await t.app.inject({ url: '/api/me/pages', headers: { cookie: analyst.cookie } })).json().data.pages;
    expect(listed).toContainEqual(expect.objectContaining({ id: page.id, weeklySummary: true }));

    // The next Monday morning (UTC, the page's zone).
    const monday = new Date(Date.now() + 7 * 24 * 3600_000);
    monday.setUTCHours(1, 0, 0, 0);
    while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
    await t.app.accountJobs.run(monday.getTime());
    for (const who of [owner, analyst]) expect((await mail.mailTo(who.email, { subject: /Your week/ })).text).toContain(page.username);
    await t.app.mailOutbox.idle();
    expect(mail.mailsTo(editor.email).filter((received) => /Your week/.test(received.subject))).toEqual([]);
  });
});
