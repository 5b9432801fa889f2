import type { MessageDescriptor, Values } from '@lingui/core';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '../constants.ts';
import { LANGUAGE_CHOICES } from './languages.ts';
import type { Translate } from './translate.ts';

// The product's messages (refusals, confirmations) in every language (issue 54). The messages stay English
// where they are written (authMessages and the others: the spec's words, which zod and the routes use); each
// has its words here, whose English says it exactly (a test holds them to it), so that a message can be said
// in another language from its English: by the server, in an error's `message` and `fieldErrors`, and by a
// form, for what it checked itself. Nothing here imports a schema: the sign-in forms load zod only when used.
// A message without words here is said in English.

interface MessageWord {
  descriptor: MessageDescriptor;
  values?: Values;
  /** A message with a part of its own (a count of minutes, a provider's name): its values, read from its English. */
  read?: (english: string) => Values | undefined;
}

const word = (descriptor: MessageDescriptor, values?: Values): MessageWord => ({ descriptor, values });

/** The minutes an English "Please try again in 5 minutes." names. */
const minutesIn = (pattern: RegExp) => (english: string) => {
  const minutes = pattern.exec(english)?.[1];
  return minutes === undefined ? undefined : { minutes: Number(minutes) };
};
/** The provider an English message names first. */
const providerIn = (pattern: RegExp) => (english: string) => {
  const provider = pattern.exec(english)?.[1];
  return provider === undefined ? undefined : { provider };
};

export const MESSAGE_WORDS: readonly MessageWord[] = [
  // authMessages (spec 000 §5)
  word(/*i18n*/ { id: 'message.auth.usernameRequired', message: 'Username is required' }),
  word(/*i18n*/ { id: 'message.auth.usernameTooLong', message: 'Username cannot exceed {max} characters' }, { max: USERNAME_MAX_LENGTH }),
  word(
    /*i18n*/ {
      id: 'message.auth.usernameCharacters',
      message: 'Username can only contain lowercase letters, numbers, underscores, and hyphens',
    },
  ),
  word(
    /*i18n*/ { id: 'message.auth.displayNameTooLong', message: 'Display name cannot exceed {max} characters' },
    {
      max: DISPLAY_NAME_MAX_LENGTH,
    },
  ),
  word(/*i18n*/ { id: 'message.auth.passwordRequired', message: 'Password is required' }),
  word(
    /*i18n*/ { id: 'message.auth.passwordTooShort', message: 'Password must be at least {min} characters' },
    { min: PASSWORD_MIN_LENGTH },
  ),
  word(/*i18n*/ { id: 'message.auth.passwordTooLong', message: 'Password cannot exceed {max} characters' }, { max: PASSWORD_MAX_LENGTH }),
  word(/*i18n*/ { id: 'message.auth.passwordsDontMatch', message: "Passwords don't match" }),
  word(/*i18n*/ { id: 'message.auth.termsRequired', message: 'You must accept the terms and conditions' }),
  word(/*i18n*/ { id: 'message.auth.invalidCredentials', message: 'Invalid username or password' }),
  word(/*i18n*/ { id: 'message.auth.usernameTaken', message: 'Username is already taken' }),
  word(/*i18n*/ { id: 'message.auth.usernameReserved', message: 'This username is reserved. Please choose another one.' }),
  word(/*i18n*/ { id: 'message.auth.accountDeactivated', message: 'This account has been deactivated' }),
  // passwordResetMessages, and the confirmation link's
  word(/*i18n*/ { id: 'message.reset.linkInvalid', message: 'This link has expired or was already used' }),
  word(
    /*i18n*/ {
      id: 'message.reset.linkMissing',
      message: 'This page needs the link you were given: open it again from where you received it.',
    },
  ),
  word(/*i18n*/ { id: 'message.reset.passwordReset', message: 'Your password was changed. Log in with the new one.' }),
  word(/*i18n*/ { id: 'message.reset.identifierRequired', message: 'Please enter your username or email' }),
  word(/*i18n*/ { id: 'message.reset.linkOnItsWay', message: 'If that account has a confirmed email, a link is on its way' }),
  word(
    /*i18n*/ {
      id: 'message.reset.linkHeld',
      message:
        'If that account has a confirmed email, its link is waiting in the administrator’s Outbox: this site has no mail server yet. Ask them to pass it on.',
    },
  ),
  word(/*i18n*/ { id: 'message.account.emailConfirmed', message: 'Email confirmed' }),
  // twoFactorMessages, as signing in meets them
  word(/*i18n*/ { id: 'message.twoFactor.codeMissing', message: 'Please enter the 6-digit code from your authenticator app' }),
  word(
    /*i18n*/ {
      id: 'message.twoFactor.codeInvalid',
      message: 'That code is not right. Check the time on your phone and try the newest code.',
    },
  ),
  word(/*i18n*/ { id: 'message.twoFactor.codeReused', message: 'That code was already used. Wait for the next one and enter it.' }),
  word(/*i18n*/ { id: 'message.twoFactor.recoveryMissing', message: 'Please enter one of your recovery codes' }),
  word(/*i18n*/ { id: 'message.twoFactor.recoveryInvalid', message: 'That recovery code is not right, or was already used.' }),
  word(/*i18n*/ { id: 'message.twoFactor.challengeExpired', message: 'Signing in took too long. Please enter your password again.' }),
  // passkeyMessages, as signing in meets them
  word(/*i18n*/ { id: 'message.passkey.ceremonyExpired', message: 'That took too long. Please try again.' }),
  word(/*i18n*/ { id: 'message.passkey.notVerified', message: 'The passkey could not be verified. Please try again.' }),
  word(
    /*i18n*/ {
      id: 'message.passkey.unknownPasskey',
      message: 'This passkey is not known here: it may have been removed. Sign in with your password.',
    },
  ),
  word(/*i18n*/ { id: 'message.passkey.cancelled', message: 'No passkey was used.' }),
  word(/*i18n*/ { id: 'message.passkey.unsupported', message: 'This browser cannot use passkeys.' }),
  word(
    /*i18n*/ {
      id: 'message.passkey.ipAddress',
      message: 'Passkeys work only when the site is opened at its name (such as localhost or links.example.com), not at an IP address.',
    },
  ),
  // ssoMessages, as signing in meets them
  word(/*i18n*/ { id: 'message.sso.unknownProvider', message: 'This site has no such sign-in provider.' }),
  word(/*i18n*/ { id: 'message.sso.expired', message: 'This sign-in has expired or was already used. Please start again.' }),
  word(
    /*i18n*/ {
      id: 'message.sso.notStartedHere',
      message: 'This sign-in was started in another browser or tab, or has expired. Please start again.',
    },
  ),
  word(/*i18n*/ { id: 'message.sso.callbackMissing', message: 'The provider sent nothing back. Please start again.' }),
  {
    descriptor: /*i18n*/ {
      id: 'message.sso.unchecked',
      message: '{provider}’s answer could not be checked, so nobody was signed in. Please try again.',
    },
    read: providerIn(/^(.+)'s answer could not be checked, so nobody was signed in\. Please try again\.$/),
  },
  {
    descriptor: /*i18n*/ {
      id: 'message.sso.unreachable',
      message: '{provider} could not be reached just now. Please try again in a minute.',
    },
    read: providerIn(/^(.+) could not be reached just now\. Please try again in a minute\.$/),
  },
  // languageMessages
  word(
    /*i18n*/ { id: 'message.language.unknown', message: 'Please choose one of these languages: {choices}' },
    { choices: LANGUAGE_CHOICES },
  ),
  // commonMessages, and the app's own word when the server cannot be reached (web/lib/api.ts)
  word(/*i18n*/ { id: 'message.common.networkError', message: 'Could not reach the server. Check your connection and try again.' }),
  word(/*i18n*/ { id: 'message.common.signInRequired', message: 'Please log in to continue' }),
  word(/*i18n*/ { id: 'message.common.crossOrigin', message: 'Cross-origin request refused' }),
  word(/*i18n*/ { id: 'message.common.notFound', message: 'Not found' }),
  word(/*i18n*/ { id: 'message.common.invalidInput', message: 'Invalid input' }),
  word(/*i18n*/ { id: 'message.common.invalidJson', message: 'Request body is not valid JSON' }),
  word(/*i18n*/ { id: 'message.common.requestTooLarge', message: 'Request is too large' }),
  word(/*i18n*/ { id: 'message.common.serverError', message: 'Something went wrong on our side. Please try again.' }),
  word(
    /*i18n*/ {
      id: 'message.common.databaseUnavailable',
      message: 'The site cannot reach its database right now. Please try again in a moment.',
    },
  ),
  {
    descriptor: /*i18n*/ {
      id: 'message.common.tooManyAttempts',
      message: 'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    },
    read: minutesIn(/^Too many attempts\. Please try again in (\d+) minutes?\.$/),
  },
];

/**
 * A message said in another language from its English (`t`, that language's words; `english`, the English ones):
 * what `english` says of an entry's words is the message it stands for. The same English when it has no words here.
 */
export function messageTranslator(english: Translate, t: Translate): (message: string) => string {
  const fixed = new Map<string, MessageWord>();
  const read: MessageWord[] = [];
  for (const entry of MESSAGE_WORDS) {
    if (entry.read) read.push(entry);
    else fixed.set(english(entry.descriptor, entry.values), entry);
  }
  return (message) => {
    const entry = fixed.get(message);
    if (entry) return t(entry.descriptor, entry.values);
    for (const candidate of read) {
      const values = candidate.read!(message);
      if (values) return t(candidate.descriptor, values);
    }
    return message;
  };
}
