import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/constants.ts';
import { PAGE_HEADER_NAME } from '#shared/page-roles.ts';
import { LANGUAGE_CHOICES, languageMessages } from '#shared/i18n/languages.ts';
import { addDays } from '#shared/time-zone.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { MailServer, linkIn, tokenIn } from '../helpers/mail-server.ts';

// A person's language (issue 54): chosen at sign-up (the form suggests the
// browser's) and in Account; their mail is in it, and so are the words of
// their pages that have no language of their own. Mail goes for real, through
// SMTP to a local server.

const ORIGIN = 'http://links.example.test';
const mail = new MailServer();
let t: TestApp;

beforeAll(async () => {
  await mail.start();
  t = await createTestApp({
    config: {
      mail: { delivery: 'smtp', smtpUrl: mail.url, from: 'Linkverse <no-reply@links.example.test>', origin: ORIGIN },
      // On for the summary's broken links (none is checked within a test: the first run is minutes away).
      linkChecks: { enabled: true, allowLoopback: false },
    },
  });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const patch = (who: SignedInUser, payload: Record<string, unknown>, pageId?: number) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    headers: { cookie: who.cookie, ...(pageId ? { [PAGE_HEADER_NAME]: String(pageId) } : {}) },
    payload,
  });
const me = (who: SignedInUser) => t.app.inject({ url: '/api/auth/me', headers: { cookie: who.cookie } });
const htmlLangOf = async (username: string) =>
  /^<!doctype html><html lang="([^"]+)"/.exec((await t.app.inject({ url: `/${username}` })).body)?.[1];
const uniqueEmail = () => `${uniqueUsername('lang')}@example.test`;

/** The user's address, confirmed through the mail it is sent, whose subject is given in the user's language. */
async function confirmAddress(who: SignedInUser, subject: RegExp): Promise<string> {
  const email = uniqueEmail();
  expect((await patch(who, { email })).statusCode).toBe(200);
  const received = await mail.mailTo(email, { subject });
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-email',
        payload: { token: tokenIn(linkIn(received, '/confirm-email')) },
      })
    ).statusCode,
  ).toBe(200);
  return email;
}

describe(`a person's language (${DIALECT})`, () => {
  it('is chosen at sign-up, changed in Account, and spoken by their page while it has none of its own', async () => {
    const creator = await createUser(t.app, { language: 'es' });
    expect(creator.user.language).toBe('es');
    expect((await t.app.inject({ url: '/api/me/profile', headers: { cookie: creator.cookie } })).json().data).toMatchObject({
      language: 'es',
      pageLanguage: null,
    });
    expect(await htmlLangOf(creator.user.username)).toBe('es');

    // Changed in Account: the page follows at once (its cached copy is dropped).
    const changed = await patch(creator, { language: 'ar' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(creator)).json().data.language).toBe('ar');
    expect((await t.app.inject({ url: `/${creator.user.username}` })).body).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);

    // A language of the page's own wins over the person's, and null gives the page back to it.
    expect((await patch(creator, { pageLanguage: 'fr' })).statusCode).toBe(200);
    expect((await patch(creator, { language: 'de' })).statusCode).toBe(200);
    expect(await htmlLangOf(creator.user.username)).toBe('fr');
    expect((await patch(creator, { pageLanguage: null })).statusCode).toBe(200);
    expect(await htmlLangOf(creator.user.username)).toBe('de');

    // Without one at sign-up (an older client, the API): English.
    const plain = await createUser(t.app);
    expect(plain.user.language).toBe('en');
    expect(await htmlLangOf(plain.user.username)).toBe('en');
  });

  it("is spoken by the account's further pages, and changing it redraws them", async () => {
    const creator = await createUser(t.app, { language: 'ja' });
    await setPlan(t.app, creator.user.id, 'pro');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/me/pages',
      headers: { cookie: creator.cookie },
      payload: { username: uniqueUsername('page') },
    });
    expect(made.statusCode, made.body).toBe(201);
    const further = made.json().data as { id: number; username: string };
    expect(await htmlLangOf(further.username)).toBe('ja');
    // The person's language stays theirs when the call acts on the further page.
    expect((await patch(creator, { language: 'tr' }, further.id)).statusCode).toBe(200);
    expect(await htmlLangOf(further.username)).toBe('tr');
    expect(await htmlLangOf(creator.user.username)).toBe('tr');

    // The dashboard's previews speak what the page speaks: for the owner, and for a member of another language
    // (let into the team here by its row: the invitation has tests of its own).
    const onFurther = (who: SignedInUser) =>
      t.app.inject({ url: '/api/auth/me', headers: { cookie: who.cookie, [PAGE_HEADER_NAME]: String(further.id) } });
    expect((await onFurther(creator)).json().data).toMatchObject({ language: 'tr', pageSpeaks: 'tr' });
    const member = await createUser(t.app, { language: 'fr' });
    await t.app.db
      .insertInto('pageMembers')
      .values({ pageId: further.id, accountId: member.user.id, role: 'editor', createdAt: new Date().toISOString() })
      .execute();
    expect((await onFurther(member)).json().data).toMatchObject({ pageRole: 'editor', language: 'fr', pageSpeaks: 'tr' });
    expect((await me(member)).json().data).toMatchObject({ language: 'fr', pageSpeaks: 'fr' });
  });

  it('refuses a language that is not on the list, at sign-up and in Account, naming the choices', async () => {
    const creator = await createUser(t.app, { language: 'id' });
    for (const language of ['xx', 'EN', 'pt', 'en-XA', '__proto__', '', null, 7, ['es']]) {
      const refused = await patch(creator, { language });
      expect(refused.statusCode, JSON.stringify(language)).toBe(400);
      // Said in the account's language (Indonesian here), the choices named as the list names them.
      expect(refused.json()).toMatchObject({
        code: 'validation_failed',
        message: `Pilih salah satu bahasa berikut: ${LANGUAGE_CHOICES}`,
      });
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: uniqueUsername(), password: 'a-long-password', language },
      });
      expect(signUp.statusCode, JSON.stringify(language)).toBe(400);
      expect(signUp.json().message).toBe(languageMessages.unknown);
    }
    expect((await me(creator)).json().data.language).toBe('id');
  });
});

describe(`mail in the recipient's language (${DIALECT})`, () => {
  it('confirms an address and resets a password in Spanish, and right to left in Arabic', async () => {
    const spanish = await createUser(t.app, { language: 'es' });
    const email = uniqueEmail();
    expect((await patch(spanish, { email })).statusCode).toBe(200);
    const confirmation = await mail.mailTo(email, { subject: /Confirma tu correo/ });
    expect(confirmation.subject).toBe('Confirma tu correo en Linkverse');
    expect(confirmation.text).toContain(`Hola, ${spanish.user.username}: confirma que esta dirección es tuya`);
    expect(confirmation.text).toContain('durante 24 horas');
    expect(confirmation.html).toMatch(/^<!doctype html><html lang="es" dir="ltr">/);
    expect(confirmation.html).toContain('>Confirmar correo</a>');
    expect(confirmation.text).not.toMatch(/Confirm email|The link works/);
    // The link opens the page in the mail's language.
    expect(linkIn(confirmation, '/confirm-email').pathname).toBe('/es/confirm-email');

    const arabic = await createUser(t.app, { language: 'ar' });
    const address = await confirmAddress(arabic, /أكّد بريدك الإلكتروني/);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { identifier: address } })).statusCode).toBe(
      200,
    );
    const reset = await mail.mailTo(address, { subject: /كلمة مرورك/ });
    expect(reset.subject).toBe('أعد تعيين كلمة مرورك في Linkverse');
    expect(reset.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    // Thirty minutes, in Arabic's own plural form (11 to 99 take the singular).
    expect(reset.text).toContain('لمدة 30 دقيقة');
    expect(linkIn(reset, '/reset-password').origin).toBe(ORIGIN);
    expect(linkIn(reset, '/reset-password').pathname).toBe('/ar/reset-password');
  });

  it('tells a change of sign-in in the language chosen since, and the summary in French figures and days', async () => {
    const creator = await createUser(t.app);
    const email = await confirmAddress(creator, /Confirm your email/);
    expect((await patch(creator, { language: 'fr' })).statusCode).toBe(200);
    const cookie = creator.cookie;
    const post = (url: string, payload: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const { secret } = (await post('/api/me/two-factor/totp')).json().data;
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    expect((await post('/api/me/two-factor/totp/confirm', { code })).statusCode).toBe(200);
    const told = await mail.mailTo(email, { subject: /Votre façon de vous connecter/ });
    expect(told.text).toContain(`Pour le compte ${creator.user.username} : La connexion en deux étapes a été activée`);
    expect(told.text).toContain('Si ce n’était pas vous');

    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/me/weekly-summary', headers: { cookie }, payload: { weeklySummary: true } }))
        .statusCode,
    ).toBe(200);
    // The week that ends on the Sunday before the next Monday to come; views counted on its first day.
    const weeks = Math.max(0, Math.ceil((Date.now() - Date.parse('2026-11-29T00:00:00Z')) / (7 * DAY_MS)));
    const monday = Date.parse('2026-11-30T01:00:00Z') + weeks * 7 * DAY_MS;
    const first = addDays('2026-11-23', weeks * 7);
    await t.app.db
      .insertInto('analyticsDaily')
      .values([
        { userId: creator.user.id, day: first, kind: 'view', dimension: 'total', value: '', visits: 1234, uniques: 1000 },
        { userId: creator.user.id, day: first, kind: 'click', dimension: 'total', value: '', visits: 1, uniques: 1 },
      ])
      .execute();
    // A link the daily checks found timing out since the week's third day.
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie },
      payload: { title: 'Boutique', url: 'https://shop.example' },
    });
    const failingSince = `${addDays(first, 2)}T12:00:00.000Z`;
    await t.app.db
      .insertInto('linkChecks')
      .values({
        linkId: link.json().data.id,
        url: 'https://shop.example/',
        nextCheckAt: new Date(monday + DAY_MS).toISOString(),
        checkedAt: new Date(monday - DAY_MS).toISOString(),
        failures: 2,
        failingSince,
        reason: 'timeout',
        httpStatus: null,
      })
      .execute();
    await t.app.accountJobs.run(monday);
    const summary = await mail.mailTo(email, { subject: /Votre semaine/ });
    // French groups thousands with a narrow space: the figures are written the language's way (Intl).
    const figure = new Intl.NumberFormat('fr');
    expect(summary.subject).toBe(`Votre semaine sur Linkverse : ${figure.format(1234)} vues, 1 clic`);
    const day = new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(summary.text).toContain(
      `du ${day.format(Date.parse(`${first}T00:00:00Z`))} au ${day.format(Date.parse(`${addDays(first, 6)}T00:00:00Z`))}`,
    );
    expect(summary.text).toContain(`par ${figure.format(1000)} visiteurs uniques`);
    expect(summary.text).toContain('nouveau cette semaine');
    const since = day.format(Date.parse(`${addDays(first, 2)}T00:00:00Z`));
    expect(summary.text).toContain(`Un lien semble cassé : Boutique : semble cassé (délai dépassé depuis le ${since}).`);
    expect(summary.html).toMatch(/^<!doctype html><html lang="fr" dir="ltr">/);
    expect(summary.text).not.toMatch(/Views|Link clicks|weekly summary|Looks broken|timed out/);
  });
});
