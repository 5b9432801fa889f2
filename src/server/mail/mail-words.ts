// The words of every mail the site sends (issue 54), in the recipient's
// language: a person's own, or for a page's subscriber the page's. Lingui
// messages, extracted by `npm run i18n:extract` and translated in
// src/shared/i18n/catalogs. What a person wrote (a page's name, a consent
// line, link titles) goes in as a value and is never translated.

export const mailWords = {
  figures: /*i18n*/ {
    id: 'mail.figures',
    message: '{views, plural, one {# view} other {# views}}, {clicks, plural, one {# click} other {# clicks}}',
  },

  confirmSubject: /*i18n*/ { id: 'mail.confirmSubject', message: 'Confirm your email for {site}' },
  confirmLine: /*i18n*/ {
    id: 'mail.confirmLine',
    message: 'Hi {username}, confirm that this address is yours to use it for password resets and the weekly summary.',
  },
  confirmAction: /*i18n*/ { id: 'mail.confirmAction', message: 'Confirm email' },
  confirmFootnote: /*i18n*/ {
    id: 'mail.confirmFootnote',
    message:
      'The link works once, for {hours, plural, one {# hour} other {# hours}}. If you did not ask for it, ignore this mail: the address stays unconfirmed.',
  },

  emailChangedSubject: /*i18n*/ { id: 'mail.emailChangedSubject', message: 'Your {site} email was changed' },
  emailChangedTo: /*i18n*/ {
    id: 'mail.emailChangedTo',
    message: 'The email of the account {username} was changed to {address}. This address will get no more mail from us.',
  },
  emailRemoved: /*i18n*/ {
    id: 'mail.emailRemoved',
    message: 'The email of the account {username} was removed. This address will get no more mail from us.',
  },
  emailChangedNotYou: /*i18n*/ {
    id: 'mail.emailChangedNotYou',
    message: 'If you did not do this, sign in and change your password, then sign out the other sessions in Account.',
  },

  resetSubject: /*i18n*/ { id: 'mail.resetSubject', message: 'Reset your {site} password' },
  resetLine: /*i18n*/ {
    id: 'mail.resetLine',
    message: 'Someone asked to reset the password of the account {username}. If it was you, set a new one here.',
  },
  resetAction: /*i18n*/ { id: 'mail.resetAction', message: 'Set a new password' },
  resetFootnote: /*i18n*/ {
    id: 'mail.resetFootnote',
    message:
      'The link works once, for {minutes, plural, one {# minute} other {# minutes}}, and signs out every session. If you did not ask for it, ignore this mail: your password stays as it is.',
  },

  periodSubject: /*i18n*/ {
    id: 'mail.periodSubject',
    message: '{period, select, month {Your month on {site}: {figures}} other {Your week on {site}: {figures}}}',
  },
  periodIntro: /*i18n*/ { id: 'mail.periodIntro', message: 'Here is how {address} did from {from} to {to}.' },
  periodIntroZone: /*i18n*/ { id: 'mail.periodIntroZone', message: 'Here is how {address} did from {from} to {to} ({zone} time).' },
  viewsLine: /*i18n*/ {
    id: 'mail.viewsLine',
    message: 'Views: {views} ({change}), from {visitors, plural, one {# unique visitor} other {# unique visitors}}.',
  },
  clicksLine: /*i18n*/ { id: 'mail.clicksLine', message: 'Link clicks: {clicks} ({change}).' },
  conversionLine: /*i18n*/ { id: 'mail.conversionLine', message: '{rate} of visitors clicked a link.' },
  mostClicked: /*i18n*/ { id: 'mail.mostClicked', message: 'Most clicked: {links}.' },
  noClicks: /*i18n*/ {
    id: 'mail.noClicks',
    message: '{period, select, month {No link was clicked this month.} other {No link was clicked this week.}}',
  },
  brokenLinks: /*i18n*/ {
    id: 'mail.brokenLinks',
    message: '{count, plural, one {A link looks broken: {links}.} other {Some links look broken: {links}.}}',
  },
  brokenLink: /*i18n*/ {
    id: 'mail.brokenLink',
    message:
      '{title}: Looks broken ({reason, select, http {{status}} timeout {timed out} dns {address not found} tls {certificate error} connection {no connection} redirects {too many redirects} private {private address} other {redirects off the web}} since {since})',
  },
  sources: /*i18n*/ { id: 'mail.sources', message: 'Where visitors came from: {sources}.' },
  campaigns: /*i18n*/ { id: 'mail.campaigns', message: 'Campaigns: {campaigns}.' },
  busiestHour: /*i18n*/ {
    id: 'mail.busiestHour',
    message:
      'Busiest hour: {weekday, select, monday {Mondays} tuesday {Tuesdays} wednesday {Wednesdays} thursday {Thursdays} friday {Fridays} saturday {Saturdays} other {Sundays}} {from} to {to} ({views, plural, one {# view} other {# views}}).',
  },
  chartAlt: /*i18n*/ { id: 'mail.chartAlt', message: 'Views and clicks each day from {from} to {to}' },
  analyticsAction: /*i18n*/ { id: 'mail.analyticsAction', message: 'Open your analytics' },
  summaryFootnote: /*i18n*/ {
    id: 'mail.summaryFootnote',
    message: 'You get this because you turned on the weekly summary. Turn it off in Account.',
  },
  reportFootnote: /*i18n*/ {
    id: 'mail.reportFootnote',
    message:
      '{period, select, month {You get this because you turned on the monthly report. Change it or turn it off in Account.} other {You get this because you turned on the weekly report. Change it or turn it off in Account.}}',
  },
  noChange: /*i18n*/ { id: 'mail.noChange', message: 'no change' },
  newThis: /*i18n*/ { id: 'mail.newThis', message: '{period, select, month {new this month} other {new this week}}' },
  noChangeOnBefore: /*i18n*/ {
    id: 'mail.noChangeOnBefore',
    message: '{days, select, week {no change on the week before} other {no change on the {days} days before}}',
  },
  changeOnBefore: /*i18n*/ {
    id: 'mail.changeOnBefore',
    message: '{days, select, week {{percent} on the week before} other {{percent} on the {days} days before}}',
  },

  signInSubject: /*i18n*/ { id: 'mail.signInSubject', message: 'How you sign in to {site} changed' },
  signInLine: /*i18n*/ { id: 'mail.signInLine', message: 'For the account {username}: {change}' },
  signInNotYou: /*i18n*/ {
    id: 'mail.signInNotYou',
    message:
      'If you did not do this, sign in and change your password at once, then check Account: its sessions, two-factor sign-in and passkeys.',
  },
  totpOn: /*i18n*/ {
    id: 'mail.totpOn',
    message: 'Two-factor sign-in was turned on: signing in now asks for a code from an authenticator app.',
  },
  totpOff: /*i18n*/ { id: 'mail.totpOff', message: 'Two-factor sign-in was turned off: signing in now asks for the password alone.' },
  recoveryCodes: /*i18n*/ { id: 'mail.recoveryCodes', message: 'New recovery codes were made: the earlier ones no longer work.' },
  passkeyAdded: /*i18n*/ { id: 'mail.passkeyAdded', message: 'A passkey was added: it signs in to the account.' },
  passkeyRemoved: /*i18n*/ { id: 'mail.passkeyRemoved', message: 'A passkey was removed: it no longer signs in.' },
  ssoLinked: /*i18n*/ {
    id: 'mail.ssoLinked',
    message: 'A single sign-on provider was linked: signing in through it opens the account.',
  },
  ssoUnlinked: /*i18n*/ {
    id: 'mail.ssoUnlinked',
    message: 'A single sign-on provider was unlinked: it no longer signs in to the account.',
  },
  factorsRemoved: /*i18n*/ {
    id: 'mail.factorsRemoved',
    message:
      "An administrator removed the account's authenticator app, recovery codes and passkeys: the password alone signs in until they are set up again.",
  },

  inviteSubject: /*i18n*/ { id: 'mail.inviteSubject', message: '{inviter} invited you to {page} on {site}' },
  inviteLine: /*i18n*/ {
    id: 'mail.inviteLine',
    message:
      '{role, select, analyst {{inviter} invited you to join the team of {page} ({address}) as an analyst: you will read its analytics and subscribers.} other {{inviter} invited you to join the team of {page} ({address}) as an editor: you will change everything on the page but its domain, its team and deleting it.}}',
  },
  inviteHow: /*i18n*/ {
    id: 'mail.inviteHow',
    message: 'Accept while signed in with an account whose address is this one, or sign up with it.',
  },
  inviteAction: /*i18n*/ { id: 'mail.inviteAction', message: 'See the invitation' },
  inviteFootnote: /*i18n*/ {
    id: 'mail.inviteFootnote',
    message:
      'The link works once, for {days, plural, one {# day} other {# days}}, and only for this address. If you do not know {inviter}, ignore this mail.',
  },
  roleSubject: /*i18n*/ { id: 'mail.roleSubject', message: 'Your role on {page} changed' },
  roleLine: /*i18n*/ {
    id: 'mail.roleLine',
    message:
      '{role, select, analyst {You are now an analyst of {page} ({address}): you may read its analytics and subscribers.} other {You are now an editor of {page} ({address}): you may change everything on the page but its domain, its team and deleting it.}}',
  },
  removalSubject: /*i18n*/ { id: 'mail.removalSubject', message: 'You are no longer on the team of {page}' },
  removalLine: /*i18n*/ {
    id: 'mail.removalLine',
    message:
      'The owner of {page} ({address}) removed you from its team. The page no longer shows in your dashboard; your own pages are as they were.',
  },
  movedSubject: /*i18n*/ { id: 'mail.movedSubject', message: "{page} is now {to}'s page" },
  movedLine: /*i18n*/ {
    id: 'mail.movedLine',
    message: '{to} accepted your offer: {page} ({address}) is theirs now, and you stay on its team as an editor.',
  },
  movedAccountKeeps: /*i18n*/ {
    id: 'mail.movedAccountKeeps',
    message:
      'Your account keeps {kept} as its first page. From now on you sign in with the username {username}, and the same password, passkeys and second factors; your sessions, purchases and other pages are as they were.',
  },
  offerSubject: /*i18n*/ { id: 'mail.offerSubject', message: '{from} offers you the page {page}' },
  offerLine: /*i18n*/ {
    id: 'mail.offerLine',
    message:
      "{from} offers to make you the owner of {page} ({address}). If you accept, the page counts toward your plan's pages and takes your plan; {from} stays on its team as an editor.",
  },
  offerAction: /*i18n*/ { id: 'mail.offerAction', message: 'Answer in your dashboard' },
} as const;
