import { createHmac } from 'node:crypto';

// Who a visit comes from, without cookies (DESIGN.md "Analytics").

const BOT_PATTERN =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|headless|lighthouse|curl|wget|python-requests|httpclient|go-http-client|axios|node-fetch|monitor|uptime/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_PATTERN.test(userAgent);
}

export function deviceOf(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/ipad|tablet|kindle|silk/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

const SOURCES: Array<[RegExp, string]> = [
  [/(^|\.)instagram\.com$|^l\.instagram\.com$/, 'Instagram'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'X/Twitter'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'Facebook'],
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)reddit\.com$/, 'Reddit'],
];

/** The traffic source of a referrer; none or our own site counts as Direct. */
export function sourceOf(referrer: string | undefined, ownHost: string): string {
  if (!referrer) return 'Direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'Other';
  }
  if (host === ownHost.split(':')[0]) return 'Direct';
  return SOURCES.find(([pattern]) => pattern.test(host))?.[1] ?? 'Other';
}

/** A visitor id that changes every day and cannot be traced back to an address. */
export function visitorHash(secret: string, day: string, ip: string, userAgent: string): string {
  return createHmac('sha256', `${secret}:${day}`).update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}
