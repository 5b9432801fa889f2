// The public page's own words (issue 54): everything a visitor reads on a
// creator's page that the creator did not write, in the language the creator
// chose for the page. Each is a Lingui message, extracted by
// `npm run i18n:extract`, translated in src/shared/i18n/catalogs. What the
// creator wrote (name, bio, link titles, blocks) is never translated. The
// English is the product's as it was, word for word (an apostrophe before a
// letter is plain text in ICU).

export const profileWords = {
  share: /*i18n*/ { id: 'page.share', message: 'Share this page' },
  shareNav: /*i18n*/ { id: 'page.shareNav', message: 'Share' },
  verified: /*i18n*/ { id: 'page.verified', message: 'Verified' },
  newLink: /*i18n*/ { id: 'page.newLink', message: 'New' },
  updated: /*i18n*/ { id: 'page.updated', message: 'Updated {date}' },
  views: /*i18n*/ { id: 'page.views', message: '{count, plural, one {# view} other {# views}}' },
  profileOf: /*i18n*/ { id: 'page.profileOf', message: "{name}'s profile" },
  noLinks: /*i18n*/ { id: 'page.noLinks', message: 'No links available yet' },
  noLinksHint: /*i18n*/ { id: 'page.noLinksHint', message: 'Links will appear here when added' },
  play: /*i18n*/ { id: 'page.play', message: 'Play “{title}” ({provider})' },
  providerPlayer: /*i18n*/ { id: 'page.providerPlayer', message: '{provider} player' },
  providerVideo: /*i18n*/ { id: 'page.providerVideo', message: '{provider} video' },
  signupFrom: /*i18n*/ { id: 'page.signupFrom', message: 'Get updates from {name}' },
  signupLabel: /*i18n*/ { id: 'page.signupLabel', message: 'Get updates by email' },
  signupPlaceholder: /*i18n*/ { id: 'page.signupPlaceholder', message: 'you@example.com' },
  signupButton: /*i18n*/ { id: 'page.signupButton', message: 'Subscribe' },
  signupTrap: /*i18n*/ { id: 'page.signupTrap', message: 'Leave empty' },
  music: /*i18n*/ { id: 'page.music', message: 'Music' },
  musicOf: /*i18n*/ { id: 'page.musicOf', message: "Music on {name}'s page" },
  playMusic: /*i18n*/ { id: 'page.playMusic', message: 'Play music' },
  pauseMusic: /*i18n*/ { id: 'page.pauseMusic', message: 'Pause music' },
  poweredBy: /*i18n*/ { id: 'page.poweredBy', message: 'Powered by {product}' },
  sensitive: /*i18n*/ { id: 'page.sensitive', message: 'Sensitive content' },
  discord: /*i18n*/ { id: 'page.discord', message: 'Discord: {status}' },
  discordOnline: /*i18n*/ { id: 'page.discordOnline', message: 'Online' },
  discordIdle: /*i18n*/ { id: 'page.discordIdle', message: 'Idle' },
  discordBusy: /*i18n*/ { id: 'page.discordBusy', message: 'Do not disturb' },
  discordOffline: /*i18n*/ { id: 'page.discordOffline', message: 'Offline' },
} as const;

/** The words of the pages around a creator's page: its share page, its warning, the in-app browser's bar. */
export const pageNoticeWords = {
  shareTitle: /*i18n*/ { id: 'notice.shareTitle', message: "Share {name}'s page" },
  shareOn: /*i18n*/ { id: 'notice.shareOn', message: 'Share on' },
  shareNative: /*i18n*/ { id: 'notice.shareNative', message: 'Share…' },
  copyLink: /*i18n*/ { id: 'notice.copyLink', message: 'Copy link' },
  linkCopied: /*i18n*/ { id: 'notice.linkCopied', message: 'Link copied.' },
  copyFailed: /*i18n*/ { id: 'notice.copyFailed', message: 'The link could not be copied.' },
  emailTarget: /*i18n*/ { id: 'notice.emailTarget', message: 'Email' },
  backTo: /*i18n*/ { id: 'notice.backTo', message: "Back to {name}'s page" },
  onSite: /*i18n*/ { id: 'notice.onSite', message: '{name} on Linkverse' },
  shareImageAlt: /*i18n*/ { id: 'notice.shareImageAlt', message: "{name}'s page on Linkverse" },
  warningDescription: /*i18n*/ { id: 'notice.warningDescription', message: 'Content warning: {label}' },
  warningAgeHeading: /*i18n*/ {
    id: 'notice.warningAgeHeading',
    message: '{what, select, link {This link is for people {age} or older} other {This page is for people {age} or older}}',
  },
  warningAgeLead: /*i18n*/ {
    id: 'notice.warningAgeLead',
    message:
      '{what, select, link {{name} marked this link {age}+. Continue only if you are {age} or older.} other {{name} marked this page {age}+. Continue only if you are {age} or older.}}',
  },
  warningSensitiveHeading: /*i18n*/ {
    id: 'notice.warningSensitiveHeading',
    message: '{what, select, link {This link may contain sensitive content} other {This page may contain sensitive content}}',
  },
  warningSensitiveLead: /*i18n*/ {
    id: 'notice.warningSensitiveLead',
    message:
      '{what, select, link {{name} marked this link as sensitive. Continue only if you want to see it.} other {{name} marked this page as sensitive. Continue only if you want to see it.}}',
  },
  continue: /*i18n*/ { id: 'notice.continue', message: 'Continue' },
  leave: /*i18n*/ { id: 'notice.leave', message: 'Leave' },
  inAppOpen: /*i18n*/ { id: 'notice.inAppOpen', message: 'Open in your browser' },
  inAppYouAreIn: /*i18n*/ { id: 'notice.inAppYouAreIn', message: "You are in {app}'s browser." },
  inAppHow: /*i18n*/ { id: 'notice.inAppHow', message: 'To use your own, tap ••• at the top and choose to open in the browser.' },
  inAppClose: /*i18n*/ { id: 'notice.inAppClose', message: 'Close this bar' },
  inAppCopied: /*i18n*/ { id: 'notice.inAppCopied', message: 'Link copied. Paste it in your browser.' },
  goHome: /*i18n*/ { id: 'notice.goHome', message: 'Go to Linkverse' },
  goneHeading: /*i18n*/ { id: 'notice.goneHeading', message: 'This page is gone' },
  goneLead: /*i18n*/ { id: 'notice.goneLead', message: 'The account behind this page was deleted by its owner.' },
  linkHidden: /*i18n*/ { id: 'notice.linkHidden', message: 'This link is not available' },
  linkHiddenLead: /*i18n*/ { id: 'notice.linkHiddenLead', message: 'Its owner has hidden it for now.' },
  seePage: /*i18n*/ { id: 'notice.seePage', message: "See @{username}'s page" },
  comingSoon: /*i18n*/ { id: 'notice.comingSoon', message: 'Coming soon' },
  comingSoonMessage: /*i18n*/ {
    id: 'notice.comingSoonMessage',
    message: 'We are working on something incredible for you. Get ready to be amazed!',
  },
  adminLogin: /*i18n*/ { id: 'notice.adminLogin', message: 'Admin login' },
} as const;
