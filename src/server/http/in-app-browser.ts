// Which app's built-in browser a page is opened in (issue 31): Instagram,
// Facebook, TikTok, Snapchat, LinkedIn and X open links in a browser of their
// own, which keeps visitors' sign-ins, autofill and tabs out of reach. Known
// from the user agent, as each app writes it. The tokens are the apps' own,
// checked against the lists of inapp-spy (github.com/shalanah/inapp-spy) and
// of whatismybrowser.com's user-agent database:
// - Instagram: "Instagram 309.0.0.24.109" on iOS and Android;
// - Facebook and Messenger: "FBAN/FBIOS", "FBAV/…" on iOS, "FB_IAB/FB4A" on Android;
// - TikTok: "musical_ly_…", "trill_…" (its Asian build) and "BytedanceWebview";
// - Snapchat: "Snapchat/12.…";
// - LinkedIn: "LinkedInApp/9.…" (on iOS "[LinkedInApp]/9.…");
// - X: "TwitterAndroid", and "Twitter for iPhone" / "Twitter for iPad" where the
//   app still names itself (its iOS browser is Safari's own view, which cannot
//   be told apart from Safari, and offers its own way out).

/** The platform decides the way out: Android opens another app by an intent address, iOS only by the app's own menu. */
export type InAppPlatform = 'android' | 'ios' | 'other';

export interface InAppBrowser {
  /** The app, as analytics names it. */
  app: string;
  platform: InAppPlatform;
}

const IN_APP_BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bInstagram \d/, 'Instagram'],
  [/\bFBAN\/|\bFBAV\/|\bFB_IAB\//, 'Facebook'],
  [/\bmusical_ly|\btrill_\d|\bBytedanceWebview\//, 'TikTok'],
  [/\bSnapchat\/\d/, 'Snapchat'],
  [/\bLinkedInApp\b/, 'LinkedIn'],
  [/\bTwitterAndroid\b|\bTwitter for iP(?:hone|ad)\b/, 'X'],
];

/** Every app's tokens in one pattern: most visitors are in no app, and pay for one test. */
const ANY_APP = new RegExp(IN_APP_BROWSERS.map(([pattern]) => pattern.source).join('|'));

/** The in-app browser a user agent belongs to, or undefined for a browser of the visitor's own choosing. */
export function inAppBrowserOf(userAgent: string | undefined): InAppBrowser | undefined {
  if (userAgent === undefined || !ANY_APP.test(userAgent)) return undefined;
  const app = IN_APP_BROWSERS.find(([pattern]) => pattern.test(userAgent))![1];
  const platform = /\bAndroid\b/.test(userAgent) ? 'android' : /\b(?:iPhone|iPad|iPod)\b/.test(userAgent) ? 'ios' : 'other';
  return { app, platform };
}
