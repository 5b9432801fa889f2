import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppRouteName } from '#shared/reserved-names.ts';
import { SESSION_COOKIE_NAME } from '#shared/constants.ts';
import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '#shared/constants.ts';
import { profileMessages } from '#shared/profile.types.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventRecorder } from '../analytics/event-recorder.ts';
import { AppError, parseInput } from '../http/errors.ts';
import { findRedirectTarget } from '../links/links.repository.ts';
import type { ChangeBus } from '../site/change-bus.ts';
import { type CachedPage, ProfilePageCache, preparePage } from './profile-page-cache.ts';
import { loadPublicPage } from './public-page.repository.ts';
import { renderProfileNotFound, renderProfilePage } from './render-page.tsx';

const NOT_FOUND_PAGE = preparePage(renderProfileNotFound(), 0);
const linkIdParams = z.object({ id: z.string().regex(/^\d{1,10}$/) });

function isUsername(segment: string): boolean {
  return segment.length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(segment);
}

/** The precomputed encoding the client accepts, best first. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  if (acceptEncoding === lastAcceptEncoding) return lastEncoding;
  lastAcceptEncoding = acceptEncoding;
  if (/\bbr\b/.test(acceptEncoding)) lastEncoding = 'br';
  else if (/\bgzip\b/.test(acceptEncoding)) lastEncoding = 'gzip';
  else lastEncoding = undefined;
  return lastEncoding;
}
// Browsers send the same few Accept-Encoding values: the last answer is nearly always the next.
let lastAcceptEncoding = '';
let lastEncoding: 'br' | 'gzip' | undefined;

const PAGE_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'Accept-Encoding' };

/** Send one of the precomputed encodings the client accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, status: number) {
  reply.status(status).headers(PAGE_HEADERS).header('ETag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(page.body(encoding ?? 'identity'));
}

/**
 * The fast path's response headers: one object per kind of answer, shared by
 * every page, whose page-specific fields are set just before writeHead (which
 * serializes them at once). One object of one shape stays hot in the CPU cache;
 * one object per page did not.
 */
function buildFastHeaders(security: OutgoingHttpHeaders) {
  const page = (encoding?: 'br' | 'gzip') => ({
    ...security,
    ...PAGE_HEADERS,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    etag: '',
    'content-length': 0,
  });
  return {
    br: page('br'),
    gzip: page('gzip'),
    identity: page(),
    notModified: { ...security, ...PAGE_HEADERS, etag: '' },
    redirect: {
      ...security,
      'cache-control': 'no-store',
      'referrer-policy': 'strict-origin-when-cross-origin',
      location: '',
      'content-length': 0,
    },
  };
}

/**
 * Serves cached pages and redirects straight from Node's request event, before
 * Fastify routing, when nothing about the request needs more: a GET with no
 * session cookie whose page or link target is already in memory. The answer is
 * byte for byte what the Fastify route sends (security headers included).
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

export function registerPublicPageRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  bus: ChangeBus,
  recorder: EventRecorder,
  /** False while coming-soon mode is on: then every request goes through the gate. */
  isSiteOpen: () => boolean,
): { fastPath: FastPath } {
  const pages = new ProfilePageCache();
  const redirects = new Map<number, { url: string; userId: number }>();
  bus.subscribe((message) => {
    if (message.topic !== 'profile') return;
    pages.invalidate(message.userId);
    for (const [id, target] of redirects) if (target.userId === message.userId) redirects.delete(id);
  });

  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  /** Count a view, or a click when there is a link (both paths come here; bots are left out when the window is written). */
  const count = (userId: number, linkId: number | null, request: IncomingMessage, ip: string, host: string) =>
    recorder.record(userId, linkId, request.socket, ip, host, request.headers['user-agent'], request.headers.referer);

  /** The owner's own visits are not counted. */
  const recordRequest = (request: FastifyRequest, userId: number, linkId: number | null) => {
    if (request.user?.id !== userId) count(userId, linkId, request.raw, request.ip, request.host);
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply, username: string) => {
    const origin = originOf(request);
    let page = pages.get(origin, username);
    if (!page) {
      const data = isUsername(username) ? await loadPublicPage(db, username) : undefined;
      if (!data) return sendPage(request, reply, NOT_FOUND_PAGE, 404);
      page = preparePage(renderProfilePage(data, origin), data.profile.id);
      // Never cached under an app route's name, so a cached page is never mistaken for one.
      if (!isAppRouteName(username)) pages.set(origin, username, page);
      // The page's links are the likely next requests: know their targets already.
      for (const link of data.links) redirects.set(link.id, { url: link.url, userId: data.profile.id });
    }
    recordRequest(request, page.userId, null);
    if (!fastHeaders) captureSecurityHeaders(reply);
    return sendPage(request, reply, page, 200);
  };
  // GET /{username}: the server-rendered public page, the hot path of the product.
  app.get('/:username', (request, reply) => {
    const { username } = request.params as { username: string };
    return servePage(request, reply, username.toLowerCase());
  });

  // With BASE_DOMAIN, {username}.{BASE_DOMAIN}/ is that profile (spec 001 §2).
  if (config.baseDomain) {
    const suffix = `.${config.baseDomain}`;
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.url !== '/') return;
      const host = request.host.toLowerCase();
      if (!host.endsWith(suffix)) return;
      const label = host.slice(0, -suffix.length);
      if (!label || label === 'www' || label.includes('.')) return;
      return servePage(request, reply, label);
    });
  }

  // GET /go/{linkId}: count the click, then 302 to the stored URL; nothing else ever.
  app.get('/go/:id', async (request, reply) => {
    const parsed = linkIdParams.safeParse(request.params);
    const id = parsed.success ? Number(parsed.data.id) : 0;
    let target = redirects.get(id);
    if (!target && id > 0 && id < 2 ** 31) {
      target = await findRedirectTarget(db, id);
      if (target) redirects.set(id, target);
    }
    if (!target) return sendPage(request, reply, NOT_FOUND_PAGE, 404);
    recordRequest(request, target.userId, id);
    return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'strict-origin-when-cross-origin').redirect(target.url, 302);
  });

  // GET /api/public/{username}: the public profile as JSON.
  app.get('/api/public/:username', async (request) => {
    const { username } = parseInput(z.object({ username: z.string().trim().toLowerCase() }), request.params);
    const data = isUsername(username) ? await loadPublicPage(db, username) : undefined;
    if (!data) throw new AppError(404, profileMessages.notFound);
    return { data };
  });

  // The fast path needs the origin and the visitor's address without Fastify's
  // proxy logic, so it is off behind a trusted proxy.
  const fastPathUsable = config.trustProxy === false;
  // The headers every response gets (helmet's), taken from the first page Fastify
  // sends: the fast path only serves pages that went through Fastify once.
  let fastHeaders: ReturnType<typeof buildFastHeaders> | undefined;
  const captureSecurityHeaders = (reply: FastifyReply) => {
    const own = new Set(['content-type', 'content-length', 'content-encoding', 'cache-control', 'etag', 'vary']);
    fastHeaders = buildFastHeaders(Object.fromEntries(Object.entries(reply.getHeaders()).filter(([name]) => !own.has(name.toLowerCase()))));
  };

  /** http://{host}, remembered for the last host seen (nearly always the same one). */
  let lastHost = '';
  let lastOrigin = '';
  const originOfHost = (host: string) => {
    if (host !== lastHost) {
      lastHost = host;
      lastOrigin = `http://${host}`;
    }
    return lastOrigin;
  };

  const fastPath: FastPath = (request, response) => {
    if (!fastHeaders || !fastPathUsable || request.method !== 'GET' || !isSiteOpen()) return false;
    const url = request.url!;
    const headers = request.headers;
    const cookie = headers.cookie;
    if (cookie !== undefined && cookie.includes(SESSION_COOKIE_NAME)) return false;
    const host = headers.host ?? '';

    if (url.startsWith('/go/')) {
      const id = /^\/go\/(\d{1,10})$/.exec(url)?.[1];
      const linkId = id === undefined ? 0 : Number(id);
      const target = redirects.get(linkId);
      if (!target) return false;
      count(target.userId, linkId, request, request.socket.remoteAddress ?? '', host);
      const answer = fastHeaders.redirect;
      answer.location = target.url;
      response.writeHead(302, answer);
      response.end();
      return true;
    }

    // Only names that went through the /:username route, and are not app routes,
    // are cached: a hit is a profile's page.
    const page = pages.get(config.publicUrl ?? originOfHost(host), url.slice(1));
    if (page === undefined) return false;
    count(page.userId, null, request, request.socket.remoteAddress ?? '', host);
    if (headers['if-none-match'] === page.etag) {
      const answer = fastHeaders.notModified;
      answer.etag = page.etag;
      response.writeHead(304, answer);
      response.end();
      return true;
    }
    const encoding = encodingFor(headers['accept-encoding']) ?? 'identity';
    const body = page.body(encoding);
    const answer = fastHeaders[encoding];
    answer.etag = page.etag;
    answer['content-length'] = body.length;
    response.writeHead(200, answer);
    response.end(body);
    return true;
  };

  return { fastPath };
}
