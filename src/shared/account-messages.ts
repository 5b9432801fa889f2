// The words of the account's and the password reset's answers, with no schema: the page a mailed
// confirmation link opens (confirm-email-page.tsx) says them without loading the schema library.
// Their schemas are in account.ts and password-reset.ts, which export them with the rest.

import type { MailDelivery } from './mail.ts';

/** What the account's requests answer (account.ts). */
export const accountMessages = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordSame: 'The new password must differ from the current one',
  passwordChanged: 'Password changed',
  passwordChangedHint: 'Every other session was signed out; this one stays signed in.',
  sessionNotFound: 'This session has already ended',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'Every other session was signed out',
  passwordRequired: 'Please enter your password',
  passwordIncorrect: 'Password is incorrect',
  lastAdmin: 'You are the only active admin: make someone else an admin before deleting your account',
  deletionCancelled: 'Your account is kept, and your page is back online',
  mailHeld: 'This site has no mail server yet: its mail waits in the administrator’s Outbox, for them to pass on.',
  noEmail: 'Add an email in Profile Settings first',
  alreadyConfirmed: 'This address is already confirmed',
  confirmationSent: (email: string, mail: MailDelivery | undefined) =>
    mail === 'held' ? `The confirmation link for ${email} is in the administrator’s Outbox` : `Confirmation link sent to ${email}`,
  emailConfirmed: 'Email confirmed',
  confirmLinkInvalid: 'This link has expired or was already used',
  weeklySummaryNeedsEmail: 'Confirm an email address first: the summary only goes to a confirmed address',
  exportReady: 'Your data is downloading',
  noPasswordYet: 'This account has no password yet: set one under Password first.',
  passwordAlreadySet: 'This account already has a password: change it with the current one.',
  passwordSet: 'Password set: it signs in to the account too.',
} as const;

/** What setting a new password from a one-time link answers (password-reset.ts). */
export const passwordResetMessages = {
  linkInvalid: 'This link has expired or was already used',
  linkMissing: 'This page needs the link you were given: open it again from where you received it.',
  passwordReset: 'Your password was changed. Log in with the new one.',
  linkCreated: 'Reset link created',
  identifierRequired: 'Please enter your username or email',
  linkOnItsWay: 'If that account has a confirmed email, a link is on its way',
  linkHeld:
    'If that account has a confirmed email, its link is waiting in the administrator’s Outbox: this site has no mail server yet. Ask them to pass it on.',
} as const;
