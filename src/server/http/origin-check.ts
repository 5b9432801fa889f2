import type { FastifyRequest } from 'fastify';
import type { App } from './app-types.ts';
import { commonMessages } from '#shared/api.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A webhook another service signs (Stripe's): its signature is its check, and it carries no Origin of ours. */
    signedWebhook?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuse state-changing requests that a browser sent from another site
 * (CSRF defence in depth on top of SameSite=Lax cookies). A request with an
 * Origin must match this host or PUBLIC_URL (`null`: Fetch Metadata must say
 * same-origin); without one, Fetch Metadata
 * (`Sec-Fetch-Site`) must not say cross-site. Clients that send neither
 * (curl, scripts) carry no ambient cookies, so they are let through.
 */
export function registerOriginCheck(app: App, publicUrl?: string): void {
  const publicOrigin = publicUrl ? new URL(publicUrl) : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.signedWebhook) return;
    // An API token (issue 32) is sent by a script, never by a browser on its own: no other site can make
    // a visitor's browser send it (that would need a CORS grant these routes never give).
    if (request.url.startsWith('/api/') && /^bearer(\s|$)/i.test(request.headers.authorization ?? '')) return;
    if (!isSameOrigin(request, publicOrigin)) {
      throw new AppError(403, 'cross_origin', commonMessages.crossOrigin);
    }
  });
}

function isSameOrigin(request: FastifyRequest, publicOrigin: URL | undefined): boolean {
  const origin = request.headers.origin;
  // A form posted from a page whose Referrer-Policy is no-referrer (the public
  // page's) carries `Origin: null`: then only Fetch Metadata can say it came
  // from this site, and it must say so.
  if (origin === 'null') return request.headers['sec-fetch-site'] === 'same-origin';
  if (origin) {
    if (origin === publicOrigin?.origin) return true;
    const sent = parseUrl(origin);
    // PUBLIC_URL names the site's scheme and port: its host under another one is refused.
    if (!sent || sent.hostname === publicOrigin?.hostname) return false;
    const own = parseUrl(`${request.protocol}://${request.host}`);
    // Through URL on both sides, so that default ports compare equal.
    if (!own || sent.host !== own.host) return false;
    if (sent.protocol === own.protocol) return true;
    // The same host under the other scheme is another origin (an http page must
    // not post to the https site). One exception, only while PUBLIC_URL is unset:
    // an https page behind a TLS proxy that Fastify is not told about (no
    // TRUST_PROXY), which sees every request as http.
    return !publicOrigin && sent.protocol === 'https:' && own.protocol === 'http:';
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
