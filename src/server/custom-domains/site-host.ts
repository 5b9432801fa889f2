import { isIP } from 'node:net';

/**
 * Whether a request's host (a Host header, port and all) is the site itself
 * rather than a creator's own domain: PUBLIC_URL's host and its subdomains
 * (www.), a BASE_DOMAIN address, or a name no custom domain can have: a single
 * label (localhost, a container's service name) or an IP address (health
 * checks, the server's own tests).
 */
export function siteHostTest(siteHost: string, baseDomain: string | undefined): (host: string) => boolean {
  return (host) => {
    const name = host
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[(.*)\]$/, '$1');
    if (name === siteHost || name.endsWith(`.${siteHost}`) || !name.includes('.') || isIP(name) !== 0) return true;
    return baseDomain !== undefined && (name === baseDomain || name.endsWith(`.${baseDomain}`));
  };
}
