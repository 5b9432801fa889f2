import { isIP } from 'node:net';

/**
 * Whether a request's host (a Host header, port and all) is the site itself
 * rather than a creator's own domain: PUBLIC_URL's host, a BASE_DOMAIN
 * address, or a machine-local name (localhost, an IP address: health checks and
 * the server's own tests).
 */
export function siteHostTest(siteHost: string, baseDomain: string | undefined): (host: string) => boolean {
  return (host) => {
    const name = host
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[(.*)\]$/, '$1');
    if (name === siteHost || name === 'localhost' || isIP(name) !== 0) return true;
    return baseDomain !== undefined && (name === baseDomain || name.endsWith(`.${baseDomain}`));
  };
}
