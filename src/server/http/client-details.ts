import geoip from 'geoip-country';
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';
import type { Device } from '#shared/analytics.ts';
import type { Viewer } from '#shared/audience.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';

// What the server may say of a client without keeping its address: device and
// browser by ua-parser-js, the country by the GeoLite2 data shipped in
// geoip-country (looked up in memory, never over the network; only the code is
// kept). Analytics counts visits with them; the Account section shows sessions.

/** Device class and browser name of a user agent, parsed once (ua-parser-js); an unknown browser is 'Other'. */
export function agentOf(userAgent: string): { device: Device; browser: string } {
  const parsed = new UAParser(userAgent);
  const type = parsed.getDevice().type;
  const device = type === 'tablet' ? 'tablet' : type === 'mobile' || type === 'wearable' ? 'mobile' : 'desktop';
  return { device, browser: parsed.getBrowser().name?.slice(0, 40) ?? 'Other' };
}

/** The ISO country code of an address, or '' when it has none (private ranges, unknown). */
export function countryOf(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  try {
    return geoip.lookup(address)?.country ?? '';
  } catch {
    return '';
  }
}

/** Device classes by user agent: a page's visitors send a few agents again and again, and parsing one is the costly part. */
const deviceClasses = new LRUCache<string, Viewer['device']>({ max: MEMORY_BOUNDS.deviceClasses });

/** The visitor a page is drawn for (issue 30): phones and tablets are 'mobile', and where they are. */
export function viewerOf(userAgent: string | undefined, ip: string): Viewer {
  let device = userAgent ? deviceClasses.get(userAgent) : 'desktop';
  if (device === undefined) {
    device = agentOf(userAgent!).device === 'desktop' ? 'desktop' : 'mobile';
    // Browsers' agents are a few hundred characters: a longer one is parsed each time, never kept.
    if (userAgent!.length <= 512) deviceClasses.set(userAgent!, device);
  }
  return { device, country: countryOf(ip) };
}
