import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/account.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';
import { MAIL_MAX_ATTEMPTS } from '#server/mail/mail-outbox.ts';
import { pruneOutbox } from '#server/mail/mail-outbox.repository.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '#server/config.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createUser, loginAs, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { campaignValueOf } from '#shared/analytics.ts';
import sharp from 'sharp';
import { DAY_MS } from '#shared/constants.ts';
import { addDays, daysBetween, instantOfWallTime, localDayOf } from '#shared/time-zone.ts';
import { MailServer, linkIn, tokenIn } from '../helpers/mail-server.ts';

// Mail for real: the site speaks SMTP to a real server (smtp-server) on a local
// port, and the tests read what arrived and follow its links.

const ORIGIN = 'http://links.example.test';
const mail = new MailServer();
let t: TestApp;

const mailConfig = (smtpUrl: string) => ({
  mail: { delivery: 'smtp' as const, smtpUrl, from: 'Linkverse <no-reply@links.example.test>', origin: ORIGIN },
});

beforeAll(async () => {
  await mail.start();
  // Link checks on (nothing is checked within a test: their first run is minutes away), for the summary's broken links.
  t = await createTestApp({ config: { ...mailConfig(mail.url), linkChecks: { enabled: true, allowLoopback: false } } });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

/** A day as English mail writes it (issue 54: days follow the recipient's language): 'Nov 23, 2026'. */
const writtenDay = (day: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
const uniqueEmail = () => `${uniqueUsername('mail')}@example.test`;
const setEmail = (user: SignedInUser, email: string, app = t.app) =>
  app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: user.cookie }, payload: { email } });
const confirm = (token: string, app = t.app) => app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
const forgot = (identifier: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { identifier } });
const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });

/** A user with a confirmed address, through the real confirmation mail. */
async function userWithConfirmedEmail(app = t.app): Promise<SignedInUser & { email: string }> {
  const user = await createUser(app);
  const email = uniqueEmail();
  expect((await setEmail(user, email, app)).statusCode).toBe(200);
  const received = await mail.mailTo(email, { subject: /Confirm your email/ });
  expect((await confirm(tokenIn(linkIn(received, '/confirm-email')), app)).statusCode).toBe(200);
  return { ...user, email };
}

describe(`email addresses (${DIALECT})`, () => {
  it('are confirmed through a link mailed to them: unconfirmed until then, and the link works once', async () => {
    const user = await createUser(t.app);
    const email = uniqueEmail();
    const saved = await setEmail(user, email);
    expect(saved.json().data).toMatchObject({ email, emailConfirmed: false });

    const received = await mail.mailTo(email, { subject: /Confirm your email/ });
    expect(received.from).toContain('no-reply@links.example.test');
    expect(received.text).toContain(user.user.username);
    expect(received.text).toContain(ORIGIN);
    expect(received.html).toContain('Confirm email');
    const link = linkIn(received, '/confirm-email');
    expect(link.origin).toBe(ORIGIN);
    // The token rides in the fragment, and only its hash is stored.
    const token = tokenIn(link);
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await t.app.db.selectFrom('emailConfirmations').select('id').where('userId', '=', user.user.id).execute();
    expect(stored.map((row) => row.id)).not.toContain(token);
    // Sent mail keeps no body (it held the link).
    await t.app.mailOutbox.idle();
    const outbox = await t.app.db.selectFrom('mailOutbox').select(['textBody', 'sentAt']).where('recipient', '=', email).execute();
    expect(outbox).toEqual([{ textBody: '', sentAt: expect.any(String) }]);

    expect((await me(user.cookie)).json().data.emailConfirmed).toBe(false);
    const confirmed = await confirm(token);
    expect(confirmed.json()).toEqual({ data: { confirmed: true, email } });
    expect((await me(user.cookie)).json().data.emailConfirmed).toBe(true);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'confirm_link_invalid', message: accountMessages.confirmLinkInvalid });
    expect((await confirm('forged-token-that-was-never-issued')).json().message).toBe(accountMessages.confirmLinkInvalid);
  });

  it('a link for an address since replaced confirms nothing', async () => {
    const user = await createUser(t.app);
    const first = uniqueEmail();
    await setEmail(user, first);
    const firstLink = linkIn(await mail.mailTo(first), '/confirm-email');
    await setEmail(user, uniqueEmail());
    expect((await confirm(tokenIn(firstLink))).statusCode).toBe(400);
    expect((await me(user.cookie)).json().data.emailConfirmed).toBe(false);
  });

  it('changing a confirmed address tells the old one, and the new one is unconfirmed until its own link', async () => {
    const user = await userWithConfirmedEmail();
    const next = uniqueEmail();
    expect((await setEmail(user, next)).json().data).toMatchObject({ email: next, emailConfirmed: false });
    const notice = await mail.mailTo(user.email, { subject: /email was changed/ });
    expect(notice.text).toContain(next);
    expect(notice.text).toContain(user.user.username);
    await mail.mailTo(next, { subject: /Confirm your email/ });
    // The same address again (another case) keeps its confirmation and sends nothing.
    const user2 = await userWithConfirmedEmail();
    const before = mail.received.length;
    expect((await setEmail(user2, user2.email.toUpperCase())).json().data.emailConfirmed).toBe(true);
    await t.app.mailOutbox.idle();
    expect(mail.received.length).toBe(before);
  });

  it('the confirmation can be sent again, not for a confirmed address or none', async () => {
    const user = await createUser(t.app);
    const resend = () => t.app.inject({ method: 'POST', url: '/api/me/email/confirmation', headers: { cookie: user.cookie } });
    expect((await resend()).json()).toEqual({ code: 'no_email', message: accountMessages.noEmail });
    const email = uniqueEmail();
    await setEmail(user, email);
    expect((await resend()).json()).toEqual({ data: { sentTo: email } });
    await t.app.mailOutbox.idle();
    await mail.mailTo(email);
    const links = mail.mailsTo(email).map((received) => tokenIn(linkIn(received, '/confirm-email')));
    expect(links.length).toBe(2);
    expect((await confirm(links[1]!)).statusCode).toBe(200);
    expect((await resend()).json().code).toBe('already_confirmed');
  });
});

describe(`changes to how an account signs in (${DIALECT})`, () => {
  it('are told to the confirmed address: the app turned on, new recovery codes, the app turned off', async () => {
    const user = await userWithConfirmedEmail();
    const post = (url: string, payload: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });
    const { secret } = (await post('/api/me/two-factor/totp')).json().data;
    const code = (at: number) =>
      new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
    expect((await post('/api/me/two-factor/totp/confirm', { code: code(Date.now()) })).statusCode).toBe(200);
    const on = await mail.mailTo(user.email, { subject: /How you sign in to Linkverse changed/ });
    expect(on.text).toContain('Two-factor sign-in was turned on');
    expect(on.text).toContain('If you did not do this');
    expect((await post('/api/me/two-factor/recovery-codes', { password: user.password })).statusCode).toBe(200);
    expect((await mail.mailTo(user.email, { subject: /How you sign in/, nth: 1 })).text).toContain('New recovery codes were made');
    expect((await post('/api/me/two-factor/off', { password: user.password, code: code(Date.now() + 30_000) })).statusCode).toBe(200);
    expect((await mail.mailTo(user.email, { subject: /How you sign in/, nth: 2 })).text).toContain('turned off');
  });
});

describe(`forgot password (${DIALECT})`, () => {
  it('mails a 30-minute link to the confirmed address, by username or address, that sets a new password and signs out everywhere', async () => {
    const user = await userWithConfirmedEmail();
    const other = await loginAs(t.app, user.user.username);
    const answer = await forgot(user.user.username);
    expect(answer.json()).toEqual({ data: { message: passwordResetMessages.linkOnItsWay } });
    const received = await mail.mailTo(user.email, { subject: /Reset your/ });
    expect(received.text).toContain('30 minutes');
    const link = linkIn(received, '/reset-password');
    expect(link.origin).toBe(ORIGIN);
    const row = await t.app.db
      .selectFrom('passwordResetTokens')
      .select(['createdAt', 'expiresAt'])
      .where('userId', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(30 * 60_000);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token: tokenIn(link), newPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    await loginAs(t.app, user.user.username, 'brand-new-pass');

    // By the address, in any case.
    await forgot(user.email.toUpperCase());
    await mail.mailTo(user.email, { subject: /Reset your/, nth: 1 });
  });

  it('answers the same for an unknown name, an unconfirmed address and a real account, and mails only the real one', async () => {
    const unconfirmed = await createUser(t.app);
    const unconfirmedEmail = uniqueEmail();
    await setEmail(unconfirmed, unconfirmedEmail);
    await mail.mailTo(unconfirmedEmail);
    const answers = await Promise.all([
      forgot('nobody-here'),
      forgot(unconfirmed.user.username),
      forgot(unconfirmedEmail),
      forgot('x@nowhere.test'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: { message: passwordResetMessages.linkOnItsWay } });
    }
    await t.app.mailOutbox.idle();
    expect(mail.mailsTo(unconfirmedEmail).filter((m) => /Reset your/.test(m.subject))).toEqual([]);
  });

  it('mails one account 3 links an hour however it is named: three by username and three by address give three', async () => {
    const site = await createTestApp({
      config: {
        ...mailConfig(mail.url),
        authRateLimit: { ...DEFAULT_AUTH_RATE_LIMIT, forgotPasswordPerIp: { max: 100, timeWindowMs: 60_000 } },
      },
    });
    try {
      const user = await userWithConfirmedEmail(site.app);
      for (const identifier of [
        user.user.username,
        user.user.username,
        user.user.username,
        user.email,
        user.email.toUpperCase(),
        user.email,
      ]) {
        expect((await forgot(identifier, site.app)).statusCode).toBe(200);
      }
      await site.app.mailOutbox.idle();
      expect(mail.mailsTo(user.email).filter((received) => /Reset your/.test(received.subject))).toHaveLength(3);
      const links = await site.app.db.selectFrom('passwordResetTokens').select('id').where('userId', '=', user.user.id).execute();
      expect(links).toHaveLength(3);
    } finally {
      await site.close();
    }
  });

  it('is rate-limited per address and per account, whether or not the account exists', async () => {
    const limited = await createTestApp({
      config: {
        ...mailConfig(mail.url),
        authRateLimit: {
          loginPerIp: { max: 100, timeWindowMs: 60_000 },
          loginPerUsername: { max: 100, timeWindowMs: 60_000 },
          registerPerIp: { max: 100, timeWindowMs: 60_000 },
          forgotPasswordPerIp: { max: 5, timeWindowMs: 60_000 },
          forgotPasswordPerAccount: { max: 2, timeWindowMs: 60_000 },
          confirmationMailPerAccount: { max: 3, timeWindowMs: 60_000 },
        },
      },
    });
    try {
      expect((await forgot('someone', limited.app)).statusCode).toBe(200);
      expect((await forgot('SOMEONE', limited.app)).statusCode).toBe(200);
      const third = await forgot('someone', limited.app);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect((await forgot('another', limited.app)).statusCode).toBe(200);
      expect((await forgot('third-name', limited.app)).statusCode).toBe(200);
      expect((await forgot('fourth-name', limited.app)).statusCode).toBe(429);

      // Sending one's confirmation link again has its own counter, apart from password resets.
      const user = await createUser(limited.app);
      await limited.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { cookie: user.cookie },
        payload: { email: uniqueEmail() },
      });
      const resend = () => limited.app.inject({ method: 'POST', url: '/api/me/email/confirmation', headers: { cookie: user.cookie } });
      for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
      expect((await resend()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe(`the weekly summary (${DIALECT})`, () => {
  // The test's week, written as the one that ends on Sunday 29 November 2026, moves on by whole weeks to the
  // next one to come: the mail it queues expires three days after its Monday, by the real clock.
  const weeks = Math.max(0, Math.ceil((Date.now() - Date.parse('2026-11-29T00:00:00Z')) / (7 * DAY_MS)));
  const later = (instant: string) => new Date(Date.parse(instant) + weeks * 7 * DAY_MS).toISOString();
  const laterDay = (day: string) => addDays(day, weeks * 7);

  it("goes once, on the profile's Monday, with last week's views, visitors, clicks and top links", async () => {
    const user = await userWithConfirmedEmail();
    const cookie = user.cookie;
    const on = await t.app.inject({ method: 'PUT', url: '/api/me/weekly-summary', headers: { cookie }, payload: { weeklySummary: true } });
    expect(on.json().data.weeklySummary).toBe(true);
    await t.app.db.updateTable('users').set({ timeZone: 'Asia/Tokyo' }).where('id', '=', user.user.id).execute();
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie },
      payload: { title: 'My shop', url: 'https://shop.example' },
    });
    const linkId = String(link.json().data.id);
    // The daily checks found its address gone on two days in a row, from Wednesday evening (UTC), Thursday in Tokyo.
    await t.app.db
      .insertInto('linkChecks')
      .values({
        linkId: Number(linkId),
        url: 'https://shop.example/',
        nextCheckAt: later('2026-11-28T20:00:00.000Z'),
        checkedAt: later('2026-11-27T20:00:00.000Z'),
        failures: 2,
        failingSince: later('2026-11-25T20:00:00.000Z'),
        reason: 'http',
        httpStatus: 404,
      })
      .execute();
    // Monday 2026-11-30 in Tokyo: last week is 11-23 to 11-29; the week before 11-16 to 11-22.
    const rows = [
      { day: laterDay('2026-11-23'), kind: 'view', dimension: 'total', value: '', visits: 30, uniques: 20 },
      { day: laterDay('2026-11-29'), kind: 'view', dimension: 'total', value: '', visits: 12, uniques: 8 },
      { day: laterDay('2026-11-24'), kind: 'click', dimension: 'total', value: '', visits: 9, uniques: 7 },
      { day: laterDay('2026-11-24'), kind: 'click', dimension: 'link', value: linkId, visits: 9, uniques: 7 },
      { day: laterDay('2026-11-18'), kind: 'view', dimension: 'total', value: '', visits: 21, uniques: 15 },
      { day: laterDay('2026-11-18'), kind: 'click', dimension: 'total', value: '', visits: 3, uniques: 3 },
      // Outside both weeks: not counted.
      { day: laterDay('2026-11-30'), kind: 'view', dimension: 'total', value: '', visits: 500, uniques: 400 },
    ] as const;
    await t.app.db
      .insertInto('analyticsDaily')
      .values(rows.map((row) => ({ ...row, userId: user.user.id })))
      .execute();

    // Sunday evening in Tokyo: nothing yet.
    await t.app.accountJobs.run(Date.parse(later('2026-11-29T10:00:00Z')));
    await t.app.mailOutbox.idle();
    expect(mail.mailsTo(user.email).filter((m) => /Your week/.test(m.subject))).toEqual([]);

    // Monday 01:00 in Tokyo.
    await t.app.accountJobs.run(Date.parse(later('2026-11-29T16:00:00Z')));
    const summary = await mail.mailTo(user.email, { subject: /Your week/ });
    expect(summary.subject).toBe('Your week on Linkverse: 42 views, 9 clicks');
    expect(summary.text).toContain(`from ${writtenDay(laterDay('2026-11-23'))} to ${writtenDay(laterDay('2026-11-29'))}`);
    expect(summary.text).toContain('Views: 42 (+100% on the week before), from 28 unique visitors.');
    expect(summary.text).toContain('Link clicks: 9 (+200% on the week before).');
    expect(summary.text).toContain('Most clicked: My shop (9).');
    expect(summary.html).toContain('My shop (9)');
    expect(summary.text).toContain(`A link looks broken: My shop: Looks broken (404 since ${writtenDay(laterDay('2026-11-26'))}).`);

    // Once a week: later that Monday, nothing more.
    await t.app.accountJobs.run(Date.parse(later('2026-11-30T05:00:00Z')));
    await t.app.mailOutbox.idle();
    expect(mail.mailsTo(user.email).filter((m) => /Your week/.test(m.subject)).length).toBe(1);
  });

  it('needs a confirmed address, and is off by default', async () => {
    const user = await createUser(t.app);
    expect((await me(user.cookie)).json().data.weeklySummary).toBe(false);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/me/weekly-summary',
      headers: { cookie: user.cookie },
      payload: { weeklySummary: true },
    });
    expect(on.statusCode).toBe(400);
    expect(on.json().message).toBe(accountMessages.weeklySummaryNeedsEmail);
  });
});

describe(`the analytics report by mail, Business's premium analytics (${DIALECT})`, () => {
  const putSummary = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/me/weekly-summary', headers: { cookie }, payload });

  it('goes on the 1st for the month before, with every figure beside the period before, its campaigns escaped, and a chart', async () => {
    const user = await userWithConfirmedEmail();
    await setPlan(t.app, user.user.id, 'business');
    const on = await putSummary(user.cookie, { weeklySummary: true, every: 'month' });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ weeklySummary: true, summaryEvery: 'month' });
    await t.app.db.updateTable('users').set({ timeZone: 'Europe/Paris' }).where('id', '=', user.user.id).execute();
    // This month in Paris, reported on the 1st of the next (the mail expires three days after it, by the real clock).
    const first = `${localDayOf(Date.now(), 'Europe/Paris').slice(0, 7)}-01`;
    const next = `${addDays(first, 32).slice(0, 7)}-01`;
    const last = addDays(next, -1);
    const length = daysBetween(first, last).length;
    const campaign = campaignValueOf('newsletter', 'email', '<script>alert(1)</script>');
    const rows = [
      { day: addDays(first, 1), kind: 'view', dimension: 'total', value: '', visits: 40, uniques: 30 },
      { day: addDays(first, 27), kind: 'view', dimension: 'total', value: '', visits: 20, uniques: 10 },
      { day: addDays(first, 1), kind: 'click', dimension: 'total', value: '', visits: 12, uniques: 8 },
      { day: addDays(first, 1), kind: 'view', dimension: 'source', value: 'Instagram', visits: 45, uniques: 30 },
      { day: addDays(first, 27), kind: 'view', dimension: 'source', value: 'Direct', visits: 15, uniques: 10 },
      { day: addDays(first, 1), kind: 'view', dimension: 'campaign', value: campaign, visits: 25, uniques: 20 },
      { day: addDays(first, 1), kind: 'click', dimension: 'campaign', value: campaign, visits: 6, uniques: 5 },
      // Fridays 18:00 to 19:00 (the hour's value names its weekday), and Fridays 09:00.
      { day: addDays(first, 1), kind: 'view', dimension: 'hour', value: '4 18', visits: 33, uniques: 25 },
      { day: addDays(first, 27), kind: 'view', dimension: 'hour', value: '4 09', visits: 20, uniques: 10 },
      // In the days of the same length before the month.
      { day: addDays(first, -15), kind: 'view', dimension: 'total', value: '', visits: 30, uniques: 20 },
      { day: addDays(first, -15), kind: 'click', dimension: 'total', value: '', visits: 12, uniques: 9 },
      // After the month: not in it.
      { day: next, kind: 'view', dimension: 'total', value: '', visits: 999, uniques: 900 },
    ] as const;
    await t.app.db
      .insertInto('analyticsDaily')
      .values(rows.map((row) => ({ ...row, userId: user.user.id })))
      .execute();

    // The month's last evening in Paris: not yet the 1st.
    await t.app.accountJobs.run(instantOfWallTime(`${last}T23:30`, 'Europe/Paris'));
    await t.app.mailOutbox.idle();
    expect(mail.mailsTo(user.email).filter((m) => /Your month/.test(m.subject))).toEqual([]);

    // The 1st, 00:30 in Paris.
    await t.app.accountJobs.run(instantOfWallTime(`${next}T00:30`, 'Europe/Paris'));
    const report = await mail.mailTo(user.email, { subject: /Your month/ });
    expect(report.subject).toBe('Your month on Linkverse: 60 views, 12 clicks');
    expect(report.text).toContain(
      `Here is how ${ORIGIN}/${user.user.username} did from ${writtenDay(first)} to ${writtenDay(last)} (Europe/Paris time).`,
    );
    expect(report.text).toContain(`Views: 60 (+100% on the ${length} days before), from 40 unique visitors.`);
    expect(report.text).toContain(`Link clicks: 12 (no change on the ${length} days before). 20% of visitors clicked a link.`);
    expect(report.text).toContain('Where visitors came from: Instagram 75%, Direct 25%.');
    expect(report.text).toContain('Campaigns: newsletter / email / <script>alert(1)</script> (25 views, 6 clicks).');
    expect(report.text).toContain('Busiest hour: Fridays 18:00 to 19:00 (33 views).');
    // In the HTML the campaign a visitor named is text, never markup.
    expect(report.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(report.html).not.toContain('<script>');
    // The chart: a PNG attached to the mail and shown by its cid.
    expect(report.attachments).toHaveLength(1);
    const [chart] = report.attachments;
    expect(chart).toMatchObject({ filename: 'analytics.png', contentType: 'image/png' });
    expect(report.html).toContain(`src="cid:${chart!.cid}"`);
    expect(await sharp(chart!.content).metadata()).toMatchObject({ format: 'png', width: 1120, height: 440 });

    // Once a month.
    await t.app.accountJobs.run(instantOfWallTime(`${next}T10:00`, 'Europe/Paris'));
    await t.app.mailOutbox.idle();
    expect(mail.mailsTo(user.email).filter((m) => /Your month/.test(m.subject))).toHaveLength(1);
  });

  it('is monthly on Business only; a monthly choice kept from Business goes weekly, without a chart, on another plan', async () => {
    const user = await userWithConfirmedEmail();
    await setPlan(t.app, user.user.id, 'pro');
    const refused = await putSummary(user.cookie, { weeklySummary: true, every: 'month' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'plan_feature',
      message: 'A monthly report by mail, with a chart, comes with Business. See Pricing for how to upgrade.',
      fieldErrors: { every: 'A monthly report by mail, with a chart, comes with Business. See Pricing for how to upgrade.' },
    });
    for (const payload of [
      { weeklySummary: true, every: 'daily' },
      { weeklySummary: true, every: ['month'] },
    ]) {
      expect((await putSummary(user.cookie, payload)).statusCode).toBe(400);
    }

    await setPlan(t.app, user.user.id, 'business');
    expect((await putSummary(user.cookie, { weeklySummary: true, every: 'month' })).statusCode).toBe(200);
    await setPlan(t.app, user.user.id, 'pro');
    // The next Monday (UTC): Pro's weekly summary, as text.
    const today = new Date().toISOString().slice(0, 10);
    const monday = addDays(today, 7 - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    await t.app.accountJobs.run(Date.parse(`${monday}T08:00:00Z`));
    const weekly = await mail.mailTo(user.email, { subject: /Your week/ });
    expect(weekly.attachments).toEqual([]);
    expect(weekly.text).toContain('You get this because you turned on the weekly summary.');
    // The choice is kept, and comes back with the plan.
    expect((await me(user.cookie)).json().data.summaryEvery).toBe('month');
  });
});

describe(`the outbox (${DIALECT})`, () => {
  it('keeps mail through a restart while the mail server is down, and sends it when both are back', async () => {
    const down = new MailServer();
    await down.start();
    const port = down.port;
    await down.stop();
    // A site whose mail server is down: the link is queued, the attempt fails, nothing is lost.
    const first = await createTestApp({ config: mailConfig(`smtp://127.0.0.1:${port}`) });
    const user = await createUser(first.app);
    const email = uniqueEmail();
    await first.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: user.cookie }, payload: { email } });
    await first.app.mailOutbox.idle();
    const queued = await first.app.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ sentAt: null, givenUpAt: null, attempts: 1 });
    expect(queued.lastError).toBeTruthy();
    const second = await createTestApp({ shareDatabaseWith: first, config: mailConfig(`smtp://127.0.0.1:${port}`) });
    await first.app.close();

    // The server restarts; the mail server comes back on its port; the retry is due (the clock moved on).
    const back = await new MailServer().start(port);
    try {
      await second.app.mailOutbox.deliverDue(Date.now() + 60_000);
      const received = await back.mailTo(email, { subject: /Confirm your email/ });
      expect(linkIn(received, '/confirm-email').origin).toBe(ORIGIN);
    } finally {
      await second.close();
      await first.close();
      await back.stop();
    }
  });

  it('gives a mail up after its last attempt, and never sends one whose link expired', async () => {
    const down = new MailServer();
    await down.start();
    await down.stop();
    const site = await createTestApp({ config: mailConfig(`smtp://127.0.0.1:${down.port}`) });
    try {
      const at = new Date().toISOString();
      const expiresAt = new Date(Date.now() + 365 * 24 * 3600_000).toISOString();
      await site.app.db
        .insertInto('mailOutbox')
        .values({ recipient: 'a@example.test', subject: 's', textBody: 't', htmlBody: 'h', createdAt: at, sendAfter: at, expiresAt })
        .execute();
      await site.app.mailOutbox.idle();
      let now = Date.now();
      for (let attempt = 0; attempt < MAIL_MAX_ATTEMPTS + 2; attempt++) {
        now += 2 * 3600_000;
        await site.app.mailOutbox.deliverDue(now);
      }
      const row = await site.app.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('recipient', '=', 'a@example.test')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null, givenUpAt: expect.any(String), textBody: '' });

      await site.app.db
        .insertInto('mailOutbox')
        .values({ recipient: 'b@example.test', subject: 's', textBody: 't', htmlBody: 'h', createdAt: at, sendAfter: at, expiresAt: at })
        .execute();
      await site.app.mailOutbox.deliverDue(Date.now() + 1000);
      const expired = await site.app.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('recipient', '=', 'b@example.test')
        .executeTakeFirstOrThrow();
      expect(expired).toMatchObject({ attempts: 0, givenUpAt: expect.any(String), lastError: 'expired before it could be sent' });
    } finally {
      await site.close();
    }
  });
});

describe(`a site without SMTP (${DIALECT})`, () => {
  it('holds its mail in the admin Outbox: shown to admins only, with links that work, and gone once they expire', async () => {
    const plain = await createTestApp();
    try {
      const app = plain.app;
      expect((await app.inject({ url: '/api/site/features' })).json().data).toMatchObject({ mail: 'held', accountDeletionGraceDays: 30 });
      const admin = await createAdmin(app);
      const outbox = async () => {
        const answer = await app.inject({ url: '/api/admin/outbox', headers: { cookie: admin.cookie } });
        expect(answer.statusCode).toBe(200);
        return answer.json().mails as Array<{ to: string; subject: string; text: string; expiresAt: string }>;
      };

      // A new address: its confirmation link waits in the Outbox, and works.
      const user = await createUser(app);
      const email = uniqueEmail();
      expect((await setEmail(user, email, app)).json().data.emailConfirmed).toBe(false);
      const [confirmation] = await outbox();
      expect(confirmation).toMatchObject({ to: email, subject: expect.stringMatching(/Confirm your email/) });
      expect(linkIn(confirmation!, '/confirm-email').origin).toBe(`http://localhost:${plain.config.port}`);
      expect((await confirm(tokenIn(linkIn(confirmation!, '/confirm-email')), app)).statusCode).toBe(200);

      // Forgot password says where the link is, and the link in the Outbox sets a new password.
      const asked = await forgot(user.user.username, app);
      expect(asked.json()).toEqual({ data: { message: passwordResetMessages.linkHeld } });
      await app.mailOutbox.idle();
      const reset = (await outbox()).find((mail) => /Reset your/.test(mail.subject))!;
      expect(reset.to).toBe(email);
      expect(reset.text).toContain('30 minutes');
      const changed = await app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token: tokenIn(linkIn(reset, '/reset-password')), newPassword: 'held-mail-pass' },
      });
      expect(changed.statusCode).toBe(200);
      await loginAs(app, user.user.username, 'held-mail-pass');

      // Nobody but an admin reads it; nothing is handed to a mail server, even one set up later.
      const again = await loginAs(app, user.user.username, 'held-mail-pass');
      expect((await app.inject({ url: '/api/admin/outbox', headers: { cookie: again } })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);
      expect(await app.mailOutbox.deliverDue()).toBe(0);
      const rows = await app.db.selectFrom('mailOutbox').selectAll().execute();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) expect(row).toMatchObject({ heldAt: expect.any(String), sentAt: null, attempts: 0 });

      // A mail whose link expired leaves the list, and the hourly prune deletes it.
      const past = new Date(Date.now() - 1000).toISOString();
      await app.db.updateTable('mailOutbox').set({ expiresAt: past }).where('recipient', '=', email).execute();
      expect((await outbox()).filter((mail) => mail.to === email)).toEqual([]);
      await pruneOutbox(app.db, past, new Date().toISOString());
      expect(await app.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', email).execute()).toEqual([]);
    } finally {
      await plain.close();
    }
    expect((await t.app.inject({ url: '/api/site/features' })).json().data.mail).toBe('smtp');
    // With SMTP there is nothing held: the Outbox is empty.
    const admin = await createAdmin(t.app);
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: admin.cookie } })).json()).toEqual({ mails: [] });
  });
});
