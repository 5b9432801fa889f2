import type { MessageDescriptor, Values } from '@lingui/core';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_CHANGE_COOLDOWN_DAYS,
  USERNAME_MAX_LENGTH,
} from '../constants.ts';
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

/** A part of an English message, by the pattern that finds it, as the value `name`. */
const valueIn = (name: string, pattern: RegExp) => (english: string) => {
  const value = pattern.exec(english)?.[1];
  return value === undefined ? undefined : { [name]: value };
};
/** A count an English message names ("in 5 minutes", "in 1 day"), as the number `name`, for its plural. */
const countIn = (name: string, pattern: RegExp) => (english: string) => {
  const count = pattern.exec(english)?.[1];
  return count === undefined ? undefined : { [name]: Number(count) };
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
    read: valueIn('provider', /^(.+)'s answer could not be checked, so nobody was signed in\. Please try again\.$/),
  },
  {
    descriptor: /*i18n*/ {
      id: 'message.sso.unreachable',
      message: '{provider} could not be reached just now. Please try again in a minute.',
    },
    read: valueIn('provider', /^(.+) could not be reached just now\. Please try again in a minute\.$/),
  },
  // accountMessages, and what Account's cards say of their changes (web/features/account/use-account.ts)
  word(/*i18n*/ { id: 'message.account.currentPasswordRequired', message: 'Please enter your current password' }),
  word(/*i18n*/ { id: 'message.account.currentPasswordIncorrect', message: 'Current password is incorrect' }),
  word(/*i18n*/ { id: 'message.account.newPasswordSame', message: 'The new password must differ from the current one' }),
  word(/*i18n*/ { id: 'message.account.passwordChanged', message: 'Password changed' }),
  word(/*i18n*/ { id: 'message.account.passwordChangedHint', message: 'Every other session was signed out; this one stays signed in.' }),
  word(/*i18n*/ { id: 'message.account.sessionNotFound', message: 'This session has already ended' }),
  word(/*i18n*/ { id: 'message.account.sessionEnded', message: 'Session ended' }),
  word(/*i18n*/ { id: 'message.account.otherSessionsEnded', message: 'Every other session was signed out' }),
  word(/*i18n*/ { id: 'message.account.passwordRequired', message: 'Please enter your password' }),
  word(/*i18n*/ { id: 'message.account.passwordIncorrect', message: 'Password is incorrect' }),
  word(
    /*i18n*/ {
      id: 'message.account.lastAdmin',
      message: 'You are the only active admin: make someone else an admin before deleting your account',
    },
  ),
  word(/*i18n*/ { id: 'message.account.deletionCancelled', message: 'Your account is kept, and your page is back online' }),
  word(
    /*i18n*/ {
      id: 'message.account.mailHeld',
      message: 'This site has no mail server yet: its mail waits in the administrator’s Outbox, for them to pass on.',
    },
  ),
  word(/*i18n*/ { id: 'message.account.noEmail', message: 'Add an email in Profile Settings first' }),
  word(/*i18n*/ { id: 'message.account.alreadyConfirmed', message: 'This address is already confirmed' }),
  {
    descriptor: /*i18n*/ {
      id: 'message.account.confirmationHeld',
      message: 'The confirmation link for {email} is in the administrator’s Outbox',
    },
    read: valueIn('email', /^The confirmation link for (.+) is in the administrator’s Outbox$/),
  },
  {
    descriptor: /*i18n*/ { id: 'message.account.confirmationSent', message: 'Confirmation link sent to {email}' },
    read: valueIn('email', /^Confirmation link sent to (.+)$/),
  },
  word(/*i18n*/ { id: 'message.account.confirmationHint', message: 'Open the link in it within 24 hours.' }),
  word(
    /*i18n*/ {
      id: 'message.account.weeklySummaryNeedsEmail',
      message: 'Confirm an email address first: the summary only goes to a confirmed address',
    },
  ),
  word(/*i18n*/ { id: 'message.account.exportReady', message: 'Your data is downloading' }),
  word(/*i18n*/ { id: 'message.account.noPasswordYet', message: 'This account has no password yet: set one under Password first.' }),
  word(
    /*i18n*/ { id: 'message.account.passwordAlreadySet', message: 'This account already has a password: change it with the current one.' },
  ),
  word(/*i18n*/ { id: 'message.account.passwordSet', message: 'Password set: it signs in to the account too.' }),
  word(/*i18n*/ { id: 'message.account.passwordFailed', message: 'Your password could not be changed. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.sessionFailed', message: 'The session could not be ended. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.otherSessionsFailed', message: 'The other sessions could not be signed out. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.linkFailed', message: 'The link could not be sent. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.settingFailed', message: 'The setting could not be saved. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.summaryOff', message: 'Summary by email off' }),
  word(/*i18n*/ { id: 'message.account.summaryWaits', message: 'Saved: it goes once you turn it on' }),
  word(/*i18n*/ { id: 'message.account.monthlyOn', message: 'Monthly report on' }),
  word(/*i18n*/ { id: 'message.account.monthlyHint', message: 'It arrives on the 1st, with the month before’s figures and a chart.' }),
  word(/*i18n*/ { id: 'message.account.weeklyOn', message: 'Weekly summary on' }),
  word(/*i18n*/ { id: 'message.account.weeklyHint', message: 'It arrives on Mondays, with the week before’s views and clicks.' }),
  word(/*i18n*/ { id: 'message.account.languageFailed', message: 'Your language could not be saved. Please try again.' }),
  {
    descriptor: /*i18n*/ { id: 'message.account.languageSaved', message: 'Language saved: {language}' },
    read: valueIn('language', /^Language saved: (.+)$/),
  },
  word(/*i18n*/ { id: 'message.account.exportFailed', message: 'The export could not be made. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.deleteFailed', message: 'Your account could not be deleted. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.tokenFailed', message: 'The token could not be made. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.revokeFailed', message: 'The token could not be revoked. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.providerFailed', message: 'The provider could not be reached. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.unlinkFailed', message: 'The sign-in could not be unlinked. Please try again.' }),
  word(/*i18n*/ { id: 'message.account.setPasswordFailed', message: 'The password could not be set. Please try again.' }),
  word(/*i18n*/ { id: 'message.common.typedUsernameMismatch', message: 'Type the username exactly as shown to confirm' }),
  word(/*i18n*/ { id: 'message.common.undo', message: 'Undo' }),
  // twoFactorMessages, as Account meets them
  word(
    /*i18n*/ {
      id: 'message.twoFactor.alreadyOn',
      message: 'Two-factor sign-in is already on. Turn it off first to move it to another app.',
    },
  ),
  word(/*i18n*/ { id: 'message.twoFactor.notSetUp', message: 'Start the setup first: scan the QR code, then enter a code.' }),
  word(/*i18n*/ { id: 'message.twoFactor.notOn', message: 'Two-factor sign-in is not on.' }),
  word(/*i18n*/ { id: 'message.twoFactor.turnedOn', message: 'Two-factor sign-in is on' }),
  word(/*i18n*/ { id: 'message.twoFactor.turnedOff', message: 'Two-factor sign-in is off' }),
  word(/*i18n*/ { id: 'message.twoFactor.newRecoveryCodes', message: 'New recovery codes made: the old ones no longer work' }),
  word(
    /*i18n*/ {
      id: 'message.twoFactor.adminNeedsSecondFactor',
      message: 'This site asks every admin for a second factor. Set up an authenticator app in Account to open the control center.',
    },
  ),
  word(
    /*i18n*/ {
      id: 'message.twoFactor.removedByAdmin',
      message: 'Second factors removed: the user signs in with the password alone until they set one up again.',
    },
  ),
  word(/*i18n*/ { id: 'message.twoFactor.startFailed', message: 'The setup could not start. Please try again.' }),
  word(/*i18n*/ { id: 'message.twoFactor.checkFailed', message: 'The code could not be checked. Please try again.' }),
  word(/*i18n*/ { id: 'message.twoFactor.offFailed', message: 'Two-factor sign-in could not be turned off. Please try again.' }),
  word(/*i18n*/ { id: 'message.twoFactor.codesFailed', message: 'New codes could not be made. Please try again.' }),
  // passkeyMessages, as Account meets them
  word(/*i18n*/ { id: 'message.passkey.nameMissing', message: 'Please name the passkey (the device or password manager it lives in)' }),
  // (their figures read from their English: passkeys.ts holds the schemas, which nothing here imports)
  {
    descriptor: /*i18n*/ { id: 'message.passkey.nameTooLong', message: "A passkey's name cannot exceed {max} characters" },
    read: valueIn('max', /^A passkey's name cannot exceed (\d+) characters$/),
  },
  {
    descriptor: /*i18n*/ { id: 'message.passkey.tooMany', message: 'An account keeps at most {max} passkeys. Remove one first.' },
    read: valueIn('max', /^An account keeps at most (\d+) passkeys\. Remove one first\.$/),
  },
  word(/*i18n*/ { id: 'message.passkey.notFound', message: 'Passkey not found' }),
  word(/*i18n*/ { id: 'message.passkey.notYours', message: 'This passkey belongs to another account.' }),
  word(/*i18n*/ { id: 'message.passkey.added', message: 'Passkey added' }),
  word(/*i18n*/ { id: 'message.passkey.removed', message: 'Passkey removed' }),
  word(/*i18n*/ { id: 'message.passkey.alreadyHere', message: 'This device already holds a passkey for your account.' }),
  // profileSettingsMessages, as the Profile tab meets them
  word(/*i18n*/ { id: 'message.profile.bioTooLong', message: 'Bio cannot exceed {max} characters' }, { max: BIO_MAX_LENGTH }),
  word(/*i18n*/ { id: 'message.profile.invalidEmail', message: 'Please enter a valid email address' }),
  word(/*i18n*/ { id: 'message.profile.invalidTheme', message: 'Please choose dark or light' }),
  word(/*i18n*/ { id: 'message.profile.invalidProfileImage', message: 'Please upload the profile picture first' }),
  word(/*i18n*/ { id: 'message.profile.noChanges', message: 'Nothing to update' }),
  word(/*i18n*/ { id: 'message.profile.invalidTimeZone', message: 'Please choose a time zone from the list' }),
  word(/*i18n*/ { id: 'message.profile.settingsSaved', message: 'Settings saved' }),
  word(/*i18n*/ { id: 'message.profile.usernameChanged', message: 'Username changed' }),
  word(
    /*i18n*/ {
      id: 'message.profile.usernameChangedHint',
      message: 'You can change it again in {days, plural, one {# day} other {# days}}.',
    },
    {
      days: USERNAME_CHANGE_COOLDOWN_DAYS,
    },
  ),
  {
    descriptor: /*i18n*/ {
      id: 'message.profile.usernameLocked',
      message: 'You can change your username again in {days, plural, one {# day} other {# days}}.',
    },
    read: countIn('days', /^You can change your username again in (\d+) days?\.$/),
  },
  word(/*i18n*/ { id: 'message.profile.sameUsername', message: 'This is already your username' }),
  word(
    /*i18n*/ {
      id: 'message.profile.usernameUrlNotice',
      message: 'Changing your username changes your profile URL. The old address redirects to the new one for 30 days.',
    },
  ),
  // mediaMessages, as the picture's upload meets them
  word(/*i18n*/ { id: 'message.media.notAnImage', message: 'Please upload an image file (PNG, JPG, SVG)' }),
  word(/*i18n*/ { id: 'message.media.iconTooLarge', message: 'Image must be smaller than 1MB' }),
  word(/*i18n*/ { id: 'message.media.selectAnImage', message: 'Error: Please select an image file' }),
  word(/*i18n*/ { id: 'message.media.imageTooLarge', message: 'Error: Image is too large (max 5MB)' }),
  word(/*i18n*/ { id: 'message.media.readFailed', message: 'Error reading file. Please try again.' }),
  word(
    /*i18n*/ {
      id: 'message.media.cannotDecode',
      message: 'Error: This image could not be read. It may be damaged; please try another file.',
    },
  ),
  word(/*i18n*/ { id: 'message.media.saveFailed', message: 'Error saving profile picture. Please try again.' }),
  word(/*i18n*/ { id: 'message.media.noImageSelected', message: 'No image selected.' }),
  word(/*i18n*/ { id: 'message.media.profilePictureUpdated', message: 'Profile picture updated successfully!' }),
  word(/*i18n*/ { id: 'message.media.processingFailed', message: 'Failed to process image' }),
  word(/*i18n*/ { id: 'message.media.busy', message: 'Many uploads are being processed right now. Please try again in a moment.' }),
  word(/*i18n*/ { id: 'message.media.noFile', message: 'No file was uploaded' }),
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
    read: countIn('minutes', /^Too many attempts\. Please try again in (\d+) minutes?\.$/),
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
