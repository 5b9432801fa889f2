import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../scripts/catalogs.ts';
import { LANGUAGE_CODES } from '#shared/i18n/languages.ts';
import { translatorOf } from '#shared/i18n/translate.ts';
import { messageTranslator } from '#shared/i18n/message-words.ts';
import { authMessages } from '#shared/auth.schema.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { ssoMessages } from '#shared/single-sign-on.ts';
import { commonMessages, tooManyAttemptsMessage } from '#shared/api.ts';
import { accountMessages } from '#shared/account.ts';
import { passkeyMessages } from '#shared/passkeys.ts';
import { languageMessages } from '#shared/i18n/languages.ts';
import { TYPED_USERNAME_MISMATCH } from '#shared/typed-username.ts';
import { profileSettingsMessages } from '#shared/profile-settings.ts';
import { mediaMessages } from '#shared/media.ts';
import { NETWORK_ERROR_MESSAGE } from '#web/lib/api.ts';

// Issue 54: the messages of signing in and signing up, said in every language from their
// English, as the server answers someone not signed in and the forms say what they check.

const english = translatorOf('en', compileCatalog('en'));
const sayIn = (language: string) => messageTranslator(english, translatorOf(language, compileCatalog(language)));

const SIGN_IN_MESSAGES = [
  ...Object.values(authMessages),
  ...Object.values(passwordResetMessages).filter((message) => message !== passwordResetMessages.linkCreated),
  ...[twoFactorMessages.codeMissing, twoFactorMessages.codeInvalid, twoFactorMessages.codeReused],
  ...[twoFactorMessages.recoveryMissing, twoFactorMessages.recoveryInvalid, twoFactorMessages.challengeExpired],
  ...[ssoMessages.unknownProvider, ssoMessages.expired, ssoMessages.notStartedHere, ssoMessages.callbackMissing],
  ssoMessages.unchecked('Acme ID'),
  ssoMessages.unreachable('Acme ID'),
  ...[commonMessages.signInRequired, commonMessages.invalidInput, commonMessages.serverError, commonMessages.databaseUnavailable],
  NETWORK_ERROR_MESSAGE,
  tooManyAttemptsMessage(1),
  tooManyAttemptsMessage(600),
];

/** What Account and the Profile tab say and answer (issue 54: the dashboard in the account's language). */
const ACCOUNT_MESSAGES = [
  ...Object.values(accountMessages).filter((message) => typeof message === 'string'),
  accountMessages.confirmationSent('nova@example.com', 'smtp'),
  accountMessages.confirmationSent('nova@example.com', 'held'),
  ...Object.values(twoFactorMessages),
  ...Object.values(passkeyMessages),
  languageMessages.unknown,
  TYPED_USERNAME_MISMATCH,
  ...Object.values(profileSettingsMessages).filter((message) => typeof message === 'string'),
  profileSettingsMessages.usernameLocked(1),
  profileSettingsMessages.usernameLocked(45),
  ...[mediaMessages.selectAnImage, mediaMessages.imageTooLarge, mediaMessages.readFailed, mediaMessages.cannotDecode],
  ...[mediaMessages.saveFailed, mediaMessages.noImageSelected, mediaMessages.profilePictureUpdated, mediaMessages.busy],
];

describe("the messages' words", () => {
  it.each(LANGUAGE_CODES.filter((language) => language !== 'en'))('say every sign-in message in %s', (language) => {
    const say = sayIn(language);
    for (const message of SIGN_IN_MESSAGES) expect(say(message), message).not.toBe(message);
  });

  it.each(LANGUAGE_CODES.filter((language) => language !== 'en'))('say every message of Account in %s', (language) => {
    const say = sayIn(language);
    for (const message of ACCOUNT_MESSAGES) expect(say(message), message).not.toBe(message);
  });

  it('say each one in English exactly as it is written, its figures and names in place', () => {
    expect(sayIn('en')(authMessages.passwordTooShort)).toBe(authMessages.passwordTooShort);
    const spanish = sayIn('es');
    expect(spanish(authMessages.passwordTooShort)).toBe('La contraseña debe tener al menos 6 caracteres');
    expect(spanish(tooManyAttemptsMessage(600))).toBe('Demasiados intentos. Vuelve a intentarlo en 10 minutos.');
    expect(spanish(tooManyAttemptsMessage(30))).toBe('Demasiados intentos. Vuelve a intentarlo en 1 minuto.');
    expect(sayIn('ar')(tooManyAttemptsMessage(120))).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقتين.');
    expect(sayIn('fr')(ssoMessages.unreachable('Acme ID'))).toBe('Acme ID est injoignable pour le moment. Réessayez dans une minute.');
    expect(spanish(profileSettingsMessages.usernameLocked(1))).toBe('Podrás volver a cambiar tu nombre de usuario dentro de 1 día.');
    expect(spanish(passkeyMessages.tooMany)).toBe('Una cuenta guarda como máximo 20 llaves de acceso. Quita una primero.');
    expect(sayIn('de')(accountMessages.confirmationSent('nova@example.com', 'smtp'))).toBe('Bestätigungslink an nova@example.com gesendet');
  });

  it('leave a message without words, or a user’s own text, as it is', () => {
    const say = sayIn('de');
    for (const text of ['Something only the creator wrote', '', 'Username is required ', authMessages.usernameRequired.toUpperCase()])
      expect(say(text)).toBe(text);
  });
});
