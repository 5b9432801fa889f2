import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_COOKIE_NAME } from '#shared/constants.ts';
import type { ClientAddress } from '../http/client-address.ts';
import { variantKeyOf } from '#shared/audience.ts';
import { viewerOf } from '../http/client-details.ts';
import { type PageCache, cachedOriginFor, linkIdOf, variantName } from '../http/page-cache.ts';
import { type PublicPageResponder, writeAnswer } from '../http/responder.ts';
import { inAppBrowserOf } from '../http/in-app-browser.ts';

/** What the fast path answered: pages and redirects, and the two together. */
export interface FastPathStats {
  pages: number;
  redirects: number;
  readonly answered: number;
}

/** Counters for the fast path; `answered` is their sum, so the hot path counts each answer once. */
export function createFastPathStats(): FastPathStats {
  return {
    pages: 0,
    redirects: 0,
    get answered() {
      return this.pages + this.redirects;
    },
  };
}

/** What the fast path counts its answers with (services.events, the analytics recorder), as the fast path needs it. */
export interface RequestCounter {
  recordRequest(request: IncomingMessage, ip: string, userId: number, linkId: number | null): void;
}

/** Answers a request before Fastify routing, or returns false to let Fastify handle it. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface FastPathInputs {
  /** PUBLIC_URL: when set, the only origin pages are cached under. */
  publicUrl: string | undefined;
  /** With PUBLIC_URL set: whether a Host is the site's; a page asked on any other host is Fastify's to answer (custom domains). */
  isSiteHost?: (host: string) => boolean;
  cache: PageCache;
  responder: PublicPageResponder;
  recorder: RequestCounter;
  client: ClientAddress;
  /** False while coming-soon mode is on: then every request goes through the gate. */
  isSiteOpen: () => boolean;
  /** Counts what the fast path answered (for operators and tests: proof it answered, not Fastify). */
  stats: FastPathStats;
  /** With ACCESS_LOG on: told of every answer, as the routes' request log is. */
  accessLog?: (request: IncomingMessage, status: number) => void;
}

/**
 * The public page's hot path (decision 002). It answers from Node's request
 * event, before Fastify builds a request, exactly when all of these hold:
 * - the method is GET and the site is open (not in coming-soon mode);
 * - the request carries no session cookie (a signed-in visitor may be the owner,
 *   whose visits are not counted, or an admin: Fastify decides for them);
 * - the path is `/go/{id}` whose target is already in the cache, or `/{name}`
 *   whose page for this origin is already in the cache (only pages that went
 *   through the `/:username` route once are cached, never under an app route's
 *   name, so a hit is always a profile).
 * Everything else steps aside to Fastify: cache misses, other methods, query
 * strings, deeper paths, HEAD, signed-in visitors, coming-soon mode.
 * Behind a trusted proxy (TRUST_PROXY) the visitor's address and the origin are
 * resolved by Fastify's own rules (ClientAddress). The answer comes from the same
 * responder as the routes', byte for byte (tests/api/fast-path.test.ts).
 */
export function createFastPath({
  publicUrl,
  isSiteHost,
  cache,
  responder,
  recorder,
  client,
  isSiteOpen,
  stats,
  accessLog,
}: FastPathInputs): FastPath {
  let siteHostSeen: string | undefined;
  return (request, response) => {
    if (request.method !== 'GET' || !isSiteOpen()) return false;
    const url = request.url!;
    const headers = request.headers;
    const cookie = headers.cookie;
    if (cookie !== undefined && cookie.includes(SESSION_COOKIE_NAME)) return false;

    if (url.startsWith('/go/')) {
      const id = linkIdOf(url.slice('/go/'.length));
      const target = id === undefined ? undefined : cache.redirect(id);
      if (id === undefined || target === undefined) return false;
      recorder.recordRequest(request, client.ip(request), target.userId, id);
      writeAnswer(response, responder.redirect(target.url));
      stats.redirects += 1;
      accessLog?.(request, 302);
      return true;
    }

    // A page asked on a host that is not the site's is a custom domain's, or no one's (the last site host seen is remembered).
    if (isSiteHost !== undefined) {
      const host = headers.host;
      if (host !== siteHostSeen) {
        if (host === undefined || !isSiteHost(host)) return false;
        siteHostSeen = host;
      }
    }
    // A visitor in an app's own browser gets the page with that app's bar, cached beside the plain one.
    const origin = cachedOriginFor(publicUrl ?? client.origin(request), inAppBrowserOf(headers['user-agent']));
    const name = url.slice(1);
    let page = cache.page(origin, name);
    if (page === undefined) return false;
    // A page drawn per audience (issue 30): the drawing for this visitor's device class and country group.
    if (page.audience !== undefined) {
      page = cache.page(origin, variantName(name, variantKeyOf(page.audience, viewerOf(headers['user-agent'], client.ip(request)))));
      if (page === undefined) return false;
    }
    recorder.recordRequest(request, client.ip(request), page.userId, null);
    const answer = responder.page(page, 200, headers);
    writeAnswer(response, answer);
    stats.pages += 1;
    accessLog?.(request, answer.status);
    return true;
  };
}
