import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth.schema.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createUser } from '../helpers/factories.ts';

// Issue 54: an API error keeps its stable code, and its message (and field errors) speak the
// language of whoever asked: someone signed in, their account's (as the dashboard speaks);
// someone not signed in, their Accept-Language, which the site's pages send as their own.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe(`an error's words (${DIALECT})`, () => {
  it('follow Accept-Language for someone not signed in, the code unchanged', async () => {
    const taken = await createUser(t.app);
    const spanish = await post(
      '/api/auth/register',
      { username: taken.user.username, password: 'secret1' },
      { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
    );
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json()).toMatchObject({ code: 'username_taken', message: 'Ese nombre de usuario ya está en uso' });

    const arabic = await post('/api/auth/register', { username: 'Upper Case', password: 'secret1' }, { 'accept-language': 'ar' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json()).toEqual({
      code: 'validation_failed',
      message: 'لا يمكن أن يحتوي اسم المستخدم إلا على أحرف لاتينية صغيرة وأرقام وشرطات سفلية وشرطات',
      fieldErrors: { username: 'لا يمكن أن يحتوي اسم المستخدم إلا على أحرف لاتينية صغيرة وأرقام وشرطات سفلية وشرطات' },
    });

    // A message with a figure in it says the figure in the language's words.
    const short = await post('/api/auth/register', { username: 'shortpass', password: 'abc' }, { 'accept-language': 'de' });
    expect(short.json().message).toBe('Das Passwort muss mindestens 6 Zeichen lang sein');

    const french = await post(
      '/api/auth/login',
      { username: taken.user.username, password: 'wrong-password' },
      { 'accept-language': 'fr-CA' },
    );
    expect(french.statusCode).toBe(401);
    expect(french.json().message).toBe('Nom d’utilisateur ou mot de passe incorrect');

    const reset = await post('/api/auth/password-reset/check', { token: 'a'.repeat(43) }, { 'accept-language': 'ja' });
    expect(reset.json().message).toBe('このリンクは期限切れか、すでに使用されています');
  });

  it('stay English without a language the product speaks', async () => {
    const taken = await createUser(t.app);
    for (const header of [undefined, 'en-GB', 'xx', 'zh-TW', '*', 'q=;;', 'es;q=0']) {
      const answer = await post(
        '/api/auth/register',
        { username: taken.user.username, password: 'secret1' },
        header === undefined ? {} : { 'accept-language': header },
      );
      expect(answer.json().message, String(header)).toBe(authMessages.usernameTaken);
    }
  });

  it("follow the account's language for someone signed in, whatever the browser asks", async () => {
    const change = (cookie: string, acceptLanguage: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { cookie, 'accept-language': acceptLanguage },
        payload: { language: 'xx' },
      });
    const spanish = await createUser(t.app, { language: 'es' });
    const inSpanish = await change(spanish.cookie, 'en');
    expect(inSpanish.statusCode).toBe(400);
    expect(inSpanish.json()).toMatchObject({ code: 'validation_failed' });
    expect(inSpanish.json().message).toMatch(/^Elige uno de estos idiomas: en \(English\), es \(Español\)/);

    const english = await createUser(t.app);
    const inEnglish = await change(english.cookie, 'es');
    expect(inEnglish.json().message).toMatch(/^Please choose one of these languages: en \(English\)/);
    expect(passwordResetMessages.linkInvalid).toBe('This link has expired or was already used');
  });
});
