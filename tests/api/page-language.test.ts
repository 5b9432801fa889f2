import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageMessages } from '#shared/i18n/languages.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';
import { DESKTOP } from '../helpers/user-agents.ts';

// A public page in the language its creator chose (issue 54): the page's own
// words, `<html lang>` and, for Arabic, `dir="rtl"`, on the page and on the
// pages around it (its share page, its warnings, the in-app browser's bar).
// What the creator wrote is never translated, and reads in its own direction.

const INSTAGRAM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,3; iOS 17_5; en_US)';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
});
afterAll(() => t.close());

const patch = (who: SignedInUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: who.cookie }, payload });
const page = (who: SignedInUser, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/${who.user.username}${query}`, headers });

/** Three visitors from three addresses, counted. */
async function threeViews(who: SignedInUser): Promise<void> {
  for (const remoteAddress of ['8.8.8.8', '9.9.9.9', '1.1.1.1'])
    await t.app.inject({ method: 'GET', url: `/${who.user.username}`, remoteAddress, headers: { 'user-agent': DESKTOP } });
  await t.app.events.flush();
}

describe(`a page's language (${DIALECT})`, () => {
  it('draws the page’s own words in it, and leaves the creator’s words as written', async () => {
    const creator = await createUser(t.app, { displayName: 'Nova' });
    await createLink(t.app, creator, { title: 'My new single' });
    const english = await page(creator);
    expect(english.body).toMatch(/^<!doctype html><html lang="en"><head>/);

    await threeViews(creator);
    const saved = await patch(creator, { pageLanguage: 'es', bio: 'Música y más', showViews: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: '/api/me/profile', headers: { cookie: creator.cookie } })).json().data.pageLanguage).toBe('es');
    // The cached English page was dropped with the change.
    const spanish = (await page(creator)).body;
    expect(spanish).toMatch(/^<!doctype html><html lang="es"><head>/);
    expect(spanish).toContain('aria-label="Compartir esta página"');
    expect(spanish).toContain('Creado con <strong>Linkverse</strong>');
    expect(spanish).toContain('<p class="lv-views">3 visitas</p>');
    expect(spanish).toContain('<span class="lv-link-title" dir="auto">My new single</span>');
    expect(spanish).toContain('<p class="lv-bio" dir="auto">Música y más</p>');
    expect(spanish).not.toContain('Share this page');
    const json = (await t.app.inject({ url: `/api/public/${creator.user.username}` })).json().data;
    expect(json.profile.language).toBe('es');

    // Its share page and the bar of an app's own browser speak it too.
    const share = (await page(creator, '?share')).body;
    expect(share).toMatch(/^<!doctype html><html lang="es">/);
    expect(share).toContain('<h1>Comparte la página de Nova</h1>');
    expect(share).toContain('data-copied="Enlace copiado."');
    const inApp = (await page(creator, '', { 'user-agent': INSTAGRAM_IPHONE })).body;
    expect(inApp).toContain('Estás en el navegador de Instagram.');
  });

  it('turns the page right to left in Arabic, with plurals of its own', async () => {
    const creator = await createUser(t.app, { displayName: 'Layla' });
    await createLink(t.app, creator, { title: 'English title' });
    await threeViews(creator);
    expect((await patch(creator, { pageLanguage: 'ar', showViews: true, bio: 'مرحبا' })).statusCode).toBe(200);
    const html = (await page(creator)).body;
    expect(html).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><head>/);
    expect(html).toContain('aria-label="شارك هذه الصفحة"');
    // Arabic counts in six forms: three is one of the few (3 to 10), where one and two have words of their own.
    expect(html).toContain('<p class="lv-views">3 مشاهدات</p>');
    // An English title on an Arabic page keeps its own direction.
    expect(html).toContain('<span class="lv-link-title" dir="auto">English title</span>');
    // The stylesheet mirrors through logical properties: nothing is pinned to the left or the right.
    expect(html).toContain('inset-inline-end:16px');
  });

  it('speaks it on the warning before the page, and before a marked link', async () => {
    const creator = await createUser(t.app, { displayName: 'Kai' });
    const marked = await createLink(t.app, creator, { title: 'Gallery', url: 'https://gallery.example', contentWarning: '18' });
    expect((await patch(creator, { pageLanguage: 'de', contentWarning: 'sensitive' })).statusCode).toBe(200);
    const warning = (await page(creator)).body;
    expect(warning).toMatch(/^<!doctype html><html lang="de">/);
    expect(warning).toContain('<h1>Diese Seite kann sensible Inhalte enthalten</h1>');
    expect(warning).toContain('<meta name="description" content="Inhaltswarnung: Sensible Inhalte">');
    expect(warning).toContain('>Weiter</a>');
    const link = (await t.app.inject({ url: `/go/${marked.id}` })).body;
    expect(link).toContain('<h1>Dieser Link ist für Personen ab 18 Jahren</h1>');
    expect(link).toContain('Zurück zur Seite von Kai');
  });

  it('answers the sign-up form and its links in it', async () => {
    const creator = await createUser(t.app, { displayName: 'Lía' });
    const consent = 'Noticias una vez al mes.';
    expect((await patch(creator, { pageLanguage: 'es', subscribeForm: true, subscribeConsent: consent })).statusCode).toBe(200);
    const post = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/${creator.user.username}/subscribe`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email }).toString(),
      });
    const bad = await post('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^<!doctype html><html lang="es">/);
    expect(bad.body).toContain('<h1>Revisa la dirección</h1>');
    expect(bad.body).toContain('Escribe una dirección de correo válida');
    // This site sends no mail: the address is kept, unconfirmed, and the visitor is told so.
    const kept = await post('fan@example.com');
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toContain('<h1>Ya estás en la lista</h1>');
    expect(kept.body).toContain('Volver a la página de Lía');
    const expired = await t.app.inject({ url: `/${creator.user.username}/subscribe/confirm?token=${'x'.repeat(30)}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('<h1>Este enlace ha caducado</h1>');
    expect(expired.body).toContain('funcionan durante 7 días');
    const leaving = await t.app.inject({ url: `/${creator.user.username}/unsubscribe?token=${'x'.repeat(30)}` });
    expect(leaving.body).toContain('<h1>No está en la lista</h1>');
  });

  it('says a hidden link and a deleted page in it', async () => {
    const creator = await createUser(t.app, { displayName: 'Mika' });
    const hidden = await createLink(t.app, creator, { title: 'Soon', isActive: false });
    expect((await patch(creator, { pageLanguage: 'ja' })).statusCode).toBe(200);
    const link = await t.app.inject({ url: `/go/${hidden.id}` });
    expect(link.statusCode).toBe(404);
    expect(link.body).toMatch(/^<!doctype html><html lang="ja">/);
    expect(link.body).toContain('<h1>このリンクは利用できません</h1>');
    expect(link.body).toContain(`@${creator.user.username} さんのページを見る`);

    const leaving = await createUser(t.app, { language: 'ar' });
    const deletion = await t.app.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: leaving.cookie },
      payload: { password: leaving.password, username: leaving.user.username },
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    const gone = await page(leaving);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(gone.body).toContain('<h1>لم تعد هذه الصفحة موجودة</h1>');
    // A name nobody had is the site's, in its language.
    const unknown = await t.app.inject({ url: '/no-such-page-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('refuses a language that is not on the list, naming the choices, and keeps the one it had', async () => {
    const creator = await createUser(t.app);
    expect((await patch(creator, { pageLanguage: 'fr' })).statusCode).toBe(200);
    for (const pageLanguage of ['xx', 'EN', 'es-ES', 'en-XA', '__proto__', 'toString', '', '<script>', 7, ['es'], { code: 'es' }]) {
      const refused = await patch(creator, { pageLanguage });
      expect(refused.statusCode, JSON.stringify(pageLanguage)).toBe(400);
      expect(refused.json().message).toBe(languageMessages.unknown);
    }
    expect(languageMessages.unknown).toContain('ar (العربية)');
    expect((await page(creator)).body).toMatch(/^<!doctype html><html lang="fr">/);
    // null: back to the site's default.
    expect((await patch(creator, { pageLanguage: null })).statusCode).toBe(200);
    expect((await page(creator)).body).toMatch(/^<!doctype html><html lang="en">/);
  });
});
