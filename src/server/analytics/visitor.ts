import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { REFERRER_ADDRESS_MAX } from '#shared/analytics.ts';

// Who a visit comes from, without cookies and without keeping the address
// (DESIGN.md "Analytics"): bots by the maintained isbot list; device, browser
// and country as for a session (http/client-details.ts).

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

const SEARCH_ENGINES: Array<[RegExp, string]> = [
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.[a-z.]+$/, 'Yahoo'],
  [/(^|\.)yandex\.[a-z.]+$|(^|\.)ya\.ru$/, 'Yandex'],
  [/(^|\.)baidu\.com$/, 'Baidu'],
  [/(^|\.)ecosia\.org$/, 'Ecosia'],
  [/(^|\.)search\.brave\.com$/, 'Brave Search'],
];

const NETWORKS: Array<[RegExp, string]> = [
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'X/Twitter'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/, 'Facebook'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)(reddit\.com|redd\.it)$/, 'Reddit'],
  ...SEARCH_ENGINES,
];

/** utm_source values as campaigns write them, by the source they name. */
const UTM_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  ig: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'X/Twitter',
  x: 'X/Twitter',
  youtube: 'YouTube',
  yt: 'YouTube',
  facebook: 'Facebook',
  fb: 'Facebook',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  // The site's own QR codes (issue 31).
  qr: 'QR code',
};

/** Every source a visit can have besides a host: 'Other' hosts are kept by name and grouped when shown. */
export const DIRECT = 'Direct';

/**
 * The traffic source of a visit: utm_source when the link carried one, else the
 * referrer's network or search engine, else its host; no referrer, or our own
 * site, is Direct.
 */
export function sourceOf(referrer: string | undefined, ownHost: string, utmSource?: string): string {
  const campaign = utmSource?.trim().toLowerCase();
  if (campaign) {
    const named = UTM_NAMES[campaign] ?? NETWORKS.find(([pattern]) => pattern.test(campaign))?.[1];
    if (named) return named;
    const cleaned = campaign.replace(/[^\w.\- ]/g, '').slice(0, 40);
    if (cleaned) return cleaned;
  }
  if (!referrer) return DIRECT;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return DIRECT;
  }
  if (!host || host === ownHost.split(':')[0]!.toLowerCase()) return DIRECT;
  return NETWORKS.find(([pattern]) => pattern.test(host))?.[1] ?? host.replace(/^www\./, '').slice(0, 100);
}

/**
 * The full referring address (premium analytics): host and path as the referrer
 * sent them, without the scheme, query or fragment (which can carry what is
 * personal to the visitor), at most REFERRER_ADDRESS_MAX characters; '' for no
 * referrer, one that is not a web address, or our own site.
 */
export function referrerAddressOf(referrer: string | undefined, ownHost: string): string {
  if (!referrer) return '';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '';
  }
  const host = url.hostname.toLowerCase();
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !host || host === ownHost.split(':')[0]!.toLowerCase()) return '';
  const path = url.pathname === '/' ? '' : url.pathname;
  let address = `${host}${path}`;
  try {
    address = decodeURI(address);
  } catch {
    // Kept as sent when it is not valid percent-encoding.
  }
  return Array.from(address.replace(/\p{Cc}/gu, ''))
    .slice(0, REFERRER_ADDRESS_MAX)
    .join('');
}

/** Whether a request is a prefetch or prerender (browsers say so in Sec-Purpose or Purpose): not a visit. */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'] ?? headers['x-moz'];
  return purpose !== undefined && /prefetch|prerender|preview/i.test(String(purpose));
}

/** A visitor id: changes every day with the day's salt, and cannot be traced back to an address once the salt is gone. */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHmac('sha256', salt).update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}
