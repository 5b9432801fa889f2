import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_CONFIRM_DAYS, subscriberMessages } from '#shared/subscribers.ts';
import { DAY_MS } from '#shared/constants.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, uniqueUsername } from '../helpers/factories.ts';
import { MailServer, linkIn } from '../helpers/mail-server.ts';

// Subscribers (issue 31): the page's sign-up form, double opt-in through a real
// SMTP server (smtp-server on a local port), the creator's list and its CSV,
// and the rate limits, on a site with mail and on one without.

const ORIGIN = 'http://links.example.test';
const mail = new MailServer();
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  await mail.start();
  t = await createTestApp({
    config: {
      publicUrl: ORIGIN,
      mail: { delivery: 'smtp' as const, smtpUrl: mail.url, from: 'Linkverse <no-reply@links.example.test>', origin: ORIGIN },
    },
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await mail.stop();
});

const CONSENT = 'Monthly news about my shows. Leave any time.';

async function creatorWithForm(app = t.app): Promise<SignedInUser> {
  const creator = await createUser(app, { displayName: 'Mia Stone' });
  const on = await app.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    headers: { cookie: creator.cookie },
    payload: { subscribeForm: true, subscribeConsent: CONSENT },
  });
  expect(on.statusCode, on.body).toBe(200);
  return creator;
}

/** What the page's form sends: urlencoded fields, from the page itself. */
const signUp = (username: string, fields: Record<string, string>, app = t.app, ip = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: `/${username}/subscribe`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
    remoteAddress: ip,
    payload: new URLSearchParams(fields).toString(),
  });

const listOf = async (creator: SignedInUser, app = t.app) => {
  const response = await app.inject({ url: '/api/me/subscribers', headers: { cookie: creator.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const uniqueEmail = () => `${uniqueUsername('fan')}@example.test`;

/** A visitor's link, followed as a browser would: the page asks, its button posts. */
async function follow(link: URL, app = t.app) {
  const page = await app.inject({ url: `${link.pathname}${link.search}` });
  const form = /<form method="post" action="([^"]+)"><input type="hidden" name="token" value="([^"]+)">/.exec(page.body);
  return {
    page,
    post: form
      ? () => app.inject({ method: 'POST', url: form[1]!, headers: { origin: 'http://localhost:80' }, payload: { token: form[2]! } })
      : undefined,
  };
}

describe(`subscribers, with mail (${DIALECT})`, () => {
  it("shows the form with the creator's consent line, and only when it has one", async () => {
    const creator = await creatorWithForm();
    const page = await t.app.inject({ url: `/${creator.user.username}` });
    expect(page.body).toMatch(new RegExp(`<form class="lv-signup"[^>]* action="/${creator.user.username}/subscribe" method="post">`));
    expect(page.body).toContain(CONSENT);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: creator.cookie },
      payload: { subscribeConsent: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(subscriberMessages.consentRequired);
    await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: creator.cookie }, payload: { subscribeForm: false } });
    expect((await t.app.inject({ url: `/${creator.user.username}` })).body).not.toContain('lv-signup');
    // The consent line stays for when the form comes back.
    expect((await t.app.inject({ url: '/api/me/profile', headers: { cookie: creator.cookie } })).json().data.subscribeConsent).toBe(
      CONSENT,
    );
  });

  it('confirms by the link in the mail (double opt-in), and unsubscribes by the other', async () => {
    const creator = await creatorWithForm();
    const email = uniqueEmail();
    const sent = await signUp(creator.user.username, { email: `  ${email.toUpperCase()} `, website: '' });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toContain('text/html');
    expect(sent.body).toContain('Check your inbox');
    expect((await listOf(creator)).subscribers).toMatchObject([{ email, status: 'pending', consent: CONSENT, confirmedAt: null }]);

    const letter = await mail.mailTo(email, { subject: /Confirm your sign-up to Mia Stone/ });
    expect(letter.text).toContain(`"${CONSENT}"`);
    // Opening the link (as a mail scanner would) confirms nothing; its button does.
    const confirmation = await follow(linkIn(letter, `/${creator.user.username}/subscribe/confirm`));
    expect(confirmation.page.body).toContain('Confirm your sign-up to Mia Stone');
    expect((await listOf(creator)).subscribers[0].status).toBe('pending');
    const confirmed = await confirmation.post!();
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You&#39;re signed up');
    const list = await listOf(creator);
    expect(list).toMatchObject({ total: 1, confirmed: 1, doubleOptIn: true });
    expect(list.subscribers[0].status).toBe('confirmed');
    // Twice: already done.
    expect((await confirmation.post!()).body).toContain('You&#39;re already signed up');

    const leaving = await follow(linkIn(letter, `/${creator.user.username}/unsubscribe`));
    expect(leaving.page.body).toContain('Leave Mia Stone&#39;s list?');
    expect((await leaving.post!()).body).toContain('Your address is removed');
    expect((await listOf(creator)).total).toBe(0);
    expect((await follow(linkIn(letter, `/${creator.user.username}/unsubscribe`))).page.statusCode).toBe(404);
  });

  it('keeps one entry per address and answers the same whether it was there or not', async () => {
    const creator = await creatorWithForm();
    const email = uniqueEmail();
    const first = await signUp(creator.user.username, { email });
    const again = await signUp(creator.user.username, { email: email.toUpperCase() });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect((await listOf(creator)).total).toBe(1);
    // A pending address asked again gets a fresh link; the first one stops working.
    const firstLetter = await mail.mailTo(email, { subject: /Confirm/ });
    const secondLetter = await mail.mailTo(email, { subject: /Confirm/, nth: 1 });
    expect((await follow(linkIn(firstLetter, '/subscribe/confirm'))).page.statusCode).toBe(404);
    expect((await (await follow(linkIn(secondLetter, '/subscribe/confirm'))).post!()).body).toContain('You&#39;re signed up');
  });

  it('refuses a bad address with the shared message, stores nothing for a bot, and has no form where the page has none', async () => {
    const creator = await creatorWithForm();
    const bad = await signUp(creator.user.username, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(subscriberMessages.invalidEmail);
    const bot = await signUp(creator.user.username, { email: uniqueEmail(), website: 'https://spam.example' });
    expect(bot.body).toContain('Check your inbox');
    expect((await listOf(creator)).total).toBe(0);
    const plain = await createUser(t.app);
    expect((await signUp(plain.user.username, { email: uniqueEmail() })).statusCode).toBe(404);
    expect((await signUp('nobody-here-at-all', { email: uniqueEmail() })).statusCode).toBe(404);
  });

  it('removes pending addresses nobody confirmed once their link ran out', async () => {
    const creator = await creatorWithForm();
    await signUp(creator.user.username, { email: uniqueEmail() });
    const { deleteUnconfirmedPending } = await import('#server/subscribers/subscribers.repository.ts');
    await deleteUnconfirmedPending(t.app.db, new Date(Date.now() + SUBSCRIBE_CONFIRM_DAYS * DAY_MS - 60_000).toISOString());
    expect((await listOf(creator)).total).toBe(1);
    await deleteUnconfirmedPending(t.app.db, new Date(Date.now() + SUBSCRIBE_CONFIRM_DAYS * DAY_MS + 60_000).toISOString());
    expect((await listOf(creator)).total).toBe(0);
  });

  it("exports the list as formula-safe CSV, removes entries, and never shows one creator another's list", async () => {
    const creator = await creatorWithForm();
    await signUp(creator.user.username, { email: uniqueEmail() });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: creator.cookie },
      payload: { subscribeConsent: '=HYPERLINK("http://evil.example","click")' },
    });
    const tricky = `-${uniqueUsername('x')}@example.test`;
    await signUp(creator.user.username, { email: tricky });
    const csv = await t.app.inject({ url: '/api/me/subscribers/export.csv', headers: { cookie: creator.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,status,signed_up,confirmed,consent');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^'-x_/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);

    const other = await createUser(t.app);
    expect((await listOf(other)).total).toBe(0);
    const [entry] = (await listOf(creator)).subscribers;
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/me/subscribers/${entry.id}`, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/me/subscribers/${entry.id}`, headers: { cookie: creator.cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await listOf(creator)).total).toBe(1);
    expect((await t.app.inject({ url: '/api/me/subscribers' })).statusCode).toBe(401);
  });

  it('never shows an address on the page or in the public profile', async () => {
    const creator = await creatorWithForm();
    const email = uniqueEmail();
    await signUp(creator.user.username, { email });
    expect((await t.app.inject({ url: `/${creator.user.username}` })).body).not.toContain(email);
    expect((await t.app.inject({ url: `/api/public/${creator.user.username}` })).body).not.toContain(email);
  });

  it('goes with the account', async () => {
    const creator = await creatorWithForm();
    await signUp(creator.user.username, { email: uniqueEmail() });
    await t.app.db.deleteFrom('users').where('id', '=', creator.user.id).execute();
    const left = await t.app.db.selectFrom('subscribers').select('id').where('userId', '=', creator.user.id).execute();
    expect(left).toEqual([]);
  });
});

describe(`subscribers, without mail (${DIALECT})`, () => {
  it('keeps the address unconfirmed, and says so to the visitor and the creator', async () => {
    const creator = await creatorWithForm(bare.app);
    const email = uniqueEmail();
    const sent = await signUp(creator.user.username, { email }, bare.app);
    expect(sent.body).toContain('This site sends no mail, so it is kept as unconfirmed.');
    const list = await listOf(creator, bare.app);
    expect(list).toMatchObject({ total: 1, confirmed: 0, doubleOptIn: false });
    expect(list.subscribers[0]).toMatchObject({ email, status: 'unconfirmed' });
    expect(mail.mailsTo(email)).toEqual([]);
  });
});

describe(`subscribers, rate limits (${DIALECT})`, () => {
  it('limits sign-ups per visitor and per address, with a page that says when to try again', async () => {
    const limited = await createTestApp({
      realRateLimits: true,
      config: {
        subscribeRateLimit: { perVisitor: { max: 4, timeWindowMs: 60_000 }, perAddress: { max: 2, timeWindowMs: 60_000 } },
      },
    });
    try {
      const creator = await creatorWithForm(limited.app);
      const email = uniqueEmail();
      // One address, from several visitors: two tries.
      expect((await signUp(creator.user.username, { email }, limited.app, '198.51.100.1')).statusCode).toBe(200);
      expect((await signUp(creator.user.username, { email }, limited.app, '198.51.100.2')).statusCode).toBe(200);
      const third = await signUp(creator.user.username, { email }, limited.app, '198.51.100.3');
      expect(third.statusCode).toBe(429);
      expect(third.body).toContain('Too many tries');
      expect(third.headers['retry-after']).toBeDefined();
      // One visitor, many addresses: four tries.
      for (let index = 0; index < 4; index += 1) {
        expect((await signUp(creator.user.username, { email: uniqueEmail() }, limited.app, '198.51.100.9')).statusCode).toBe(200);
      }
      expect((await signUp(creator.user.username, { email: uniqueEmail() }, limited.app, '198.51.100.9')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
