import { describe, expect, it } from 'vitest';
import { inAppBrowserOf } from '#server/http/in-app-browser.ts';
import { cachedOriginFor } from '#server/http/page-cache.ts';

// Each app's browser as it names itself (issue 31): user agents as the apps send them.
const IN_APPS: Array<[string, string, 'android' | 'ios']> = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,3; iOS 17_5; en_US; en; scale=3.00; 1290x2796; 604563925)',
    'Instagram',
    'ios',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.119 Mobile Safari/537.36 Instagram 321.0.0.39.106 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 577210397)',
    'Instagram',
    'android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/456.0.0.34.110;FBBV/580026318;FBDV/iPhone14,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]',
    'Facebook',
    'ios',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.178 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/450.0.0.44.109;]',
    'Facebook',
    'android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_33.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en WKWebView/1 BytedanceWebview/d8a21c6',
    'TikTok',
    'ios',
  ],
  [
    'Mozilla/5.0 (Linux; Android 12; SM-A515F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 trill_330404 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/33.4.4 ByteLocale/en ByteFullLocale/en Region/ID BytedanceWebview/d8a21c6',
    'TikTok',
    'android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.74.0.36 (like Safari/8617.1.17.10.8, panda)',
    'Snapchat',
    'ios',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36 LinkedInApp/4.1.881',
    'LinkedIn',
    'android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.8962',
    'LinkedIn',
    'ios',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; Pixel 6a Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 TwitterAndroid',
    'X',
    'android',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.12',
    'X',
    'ios',
  ],
];

const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  // A page about Instagram is not Instagram's browser.
  'Mozilla/5.0 (X11; Linux x86_64) InstagramBot-ish crawler',
];

describe('in-app browsers', () => {
  it.each(IN_APPS.map(([userAgent, app, platform]) => ({ userAgent, app, platform })))(
    "knows $app's browser on $platform",
    ({ userAgent, app, platform }) => {
      expect(inAppBrowserOf(userAgent)).toEqual({ app, platform });
    },
  );

  it('leaves browsers of the visitor’s own choosing alone', () => {
    for (const userAgent of [...BROWSERS, undefined, '']) expect(inAppBrowserOf(userAgent)).toBeUndefined();
  });

  it('keeps each app’s page apart from the plain page in the cache', () => {
    const origin = 'https://links.example';
    expect(cachedOriginFor(origin, undefined)).toBe(origin);
    const instagram = cachedOriginFor(origin, { app: 'Instagram', platform: 'ios' });
    expect(new Set([origin, instagram, cachedOriginFor(origin, { app: 'Instagram', platform: 'android' })]).size).toBe(3);
  });
});
