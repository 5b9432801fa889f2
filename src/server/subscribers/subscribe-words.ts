// The pages a visitor meets around a page's sign-up form (issue 54), in the
// page's language: what the form answers, the mail that confirms, and where
// its links lead.

export const subscribeWords = {
  backToUser: /*i18n*/ { id: 'subscribe.backToUser', message: 'Back to @{username}' },
  openPage: /*i18n*/ { id: 'subscribe.openPage', message: 'Open the page' },
  checkAddress: /*i18n*/ { id: 'subscribe.checkAddress', message: 'Check the address' },
  invalidEmail: /*i18n*/ { id: 'subscribe.invalidEmail', message: 'Please enter a valid email address' },
  tryAgain: /*i18n*/ { id: 'subscribe.tryAgain', message: 'Try again' },
  noSignup: /*i18n*/ { id: 'subscribe.noSignup', message: 'No sign-up here' },
  noSignupLead: /*i18n*/ { id: 'subscribe.noSignupLead', message: 'This page has no sign-up form.' },
  checkInbox: /*i18n*/ { id: 'subscribe.checkInbox', message: 'Check your inbox' },
  checkInboxLead: /*i18n*/ {
    id: 'subscribe.checkInboxLead',
    message: 'If the address is right, a link to confirm your sign-up to {name} is on its way. It works for {days} days.',
  },
  onTheList: /*i18n*/ { id: 'subscribe.onTheList', message: "You're on the list" },
  onTheListLead: /*i18n*/ {
    id: 'subscribe.onTheListLead',
    message: '{name} will see your address. This site sends no mail, so it is kept as unconfirmed.',
  },
  listFull: /*i18n*/ { id: 'subscribe.listFull', message: 'The list is full' },
  listFullLead: /*i18n*/ { id: 'subscribe.listFullLead', message: 'This sign-up list is full for now.' },
  tooMany: /*i18n*/ { id: 'subscribe.tooMany', message: 'Too many tries' },
  tooManyLead: /*i18n*/ {
    id: 'subscribe.tooManyLead',
    message: 'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  alreadySignedUp: /*i18n*/ { id: 'subscribe.alreadySignedUp', message: "You're already signed up" },
  nothingMore: /*i18n*/ { id: 'subscribe.nothingMore', message: 'Nothing more to do.' },
  linkExpired: /*i18n*/ { id: 'subscribe.linkExpired', message: 'This link has expired' },
  linkExpiredLead: /*i18n*/ {
    id: 'subscribe.linkExpiredLead',
    message:
      'This link has expired or was already used. Confirmation links work for {days} days; sign up again on the page to get a new one.',
  },
  confirmTitle: /*i18n*/ { id: 'subscribe.confirmTitle', message: 'Confirm your sign-up to {name}' },
  confirmLead: /*i18n*/ { id: 'subscribe.confirmLead', message: '{name} will see your address as confirmed.' },
  confirmButton: /*i18n*/ { id: 'subscribe.confirmButton', message: 'Confirm my sign-up' },
  signedUp: /*i18n*/ { id: 'subscribe.signedUp', message: "You're signed up" },
  signedUpLead: /*i18n*/ {
    id: 'subscribe.signedUpLead',
    message: '{name} sees your address as confirmed. The link in the mail removes it whenever you like.',
  },
  notOnList: /*i18n*/ { id: 'subscribe.notOnList', message: 'Not on the list' },
  notOnListLead: /*i18n*/ { id: 'subscribe.notOnListLead', message: 'This address is not on the list (any more).' },
  leaveTitle: /*i18n*/ { id: 'subscribe.leaveTitle', message: "Leave {name}'s list?" },
  leaveLead: /*i18n*/ { id: 'subscribe.leaveLead', message: "Your address is removed from {name}'s list at once." },
  removeButton: /*i18n*/ { id: 'subscribe.removeButton', message: 'Remove my address' },
  removed: /*i18n*/ { id: 'subscribe.removed', message: 'Your address is removed' },
  removedLead: /*i18n*/ { id: 'subscribe.removedLead', message: 'It is no longer on this list.' },
  mailLine: /*i18n*/ {
    id: 'subscribe.mailLine',
    message: 'Someone, hopefully you, gave this address to the sign-up form on {address}.',
  },
  mailConsent: /*i18n*/ { id: 'subscribe.mailConsent', message: 'What you agree to, in {name}\'s words: "{consent}"' },
  mailWithin: /*i18n*/ {
    id: 'subscribe.mailWithin',
    message:
      'Confirm within {days, plural, one {# day} other {# days}} and {name} will see your address as confirmed. Until then, and if you never do, it is removed.',
  },
  mailFootnote: /*i18n*/ {
    id: 'subscribe.mailFootnote',
    message: 'Not you, or changed your mind? Ignore this mail, or remove your address now: {url}',
  },
} as const;
