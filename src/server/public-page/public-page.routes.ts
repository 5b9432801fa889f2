import { z } from 'zod';
import { commonMessages, dataOf, errorResponses, tooManyAttemptsMessage } from '#shared/api.ts';
import { profileMessages, publicPageSchema } from '#shared/profile.types.ts';
import { type AppConfig, PUBLIC_API_RATE_LIMIT } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageCache } from '../http/page-cache.ts';
import { currentHolderOf, goneAccountName, isUsername } from '../users/users.service.ts';
import { isOwnPage } from '../users/page-choice.ts';
import {
  gonePageIn,
  type PublicPageReaders,
  loadPublicPage,
  notFoundPageFor,
  publicPageFor,
  publicProfileNamed,
} from './public-page.service.ts';
import { type PublicPageResponder, sendAnswer } from '../http/responder.ts';
import { preparePage } from '../http/page-cache.ts';
import { renderSharePage } from '../page-drawing/render-page.tsx';
import { inAppBrowserOf } from '../http/in-app-browser.ts';
import { viewerOf } from '../http/client-details.ts';
import { LRUCache } from 'lru-cache';
import { mediaMessages } from '#shared/media.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { runMediaJob, storedFileAsBase64 } from '../media/media.service.ts';
import type { ShareImageJob } from '../media/share-image-drawing.ts';
import { shareImageSceneOf, shareImageVersionOf } from '../page-drawing/share-image.ts';
import { AGREE_QUERY } from '#shared/content-warning.ts';
import { createHash } from 'node:crypto';
import { rateLimiter } from '../http/rate-limit.ts';
import { siteOrigin } from '../http/site-origin.ts';
import { NOT_FOUND_PAGE } from '../page-drawing/not-found-page.ts';

/** On every answer of the public API, errors included, so that another site's script can read them. */
const PUBLIC_API_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Retry-After',
  // Kept by a browser or a CDN, but asked again each time: the ETag makes that cheap.
  'cache-control': 'no-cache',
};
/** A browser asks before a GET that sends If-None-Match itself. */
const PUBLIC_API_PREFLIGHT = {
  ...PUBLIC_API_HEADERS,
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'If-None-Match',
  'access-control-max-age': '86400',
};

/** A 200 is named by its body's hash; a request that names the same answers 304 with no body. */
function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
  const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] !== etag) return done(null, payload);
  reply.status(304).removeHeader('content-type');
  done(null, '');
}

const usernameParams = z.object({ username: z.string() });
/** `?share` asks for the page's share page; campaign fields (utm_source, ref) and the rest are the event recorder's to read. */
const profileQuery = z.object({ share: z.string().optional(), [AGREE_QUERY]: z.string().optional() }).loose();

export interface PublicPageDeps {
  db: Db;
  /** The page's items and views, lent by links and analytics (services.pageReaders). */
  readers: PublicPageReaders;
  config: AppConfig;
  cache: PageCache;
  responder: PublicPageResponder;
  recorder: Services['events'];
  /** Draws the share images. */
  media: MediaProcessor;
  /** The time pages are drawn at (scheduled links). */
  clock: () => number;
  /** Which page a creator's own domain serves (issue 33), and whether a Host is the site's own; both unset without custom domains. */
  customDomains: Services['customDomains'];
  isSiteHost: Services['isSiteHost'];
}

export function registerPublicPageRoutes(app: App, deps: PublicPageDeps): void {
  const { db, readers, config, cache, responder, recorder, clock, customDomains, isSiteHost } = deps;
  const servePage = async (request: FastifyRequest, reply: FastifyReply, username: string, agreed = false, domain?: string) => {
    const page = await publicPageFor(db, readers, cache, {
      origin: domain ? `https://${domain}` : siteOrigin(config.publicUrl, request),
      username,
      inApp: inAppBrowserOf(request.headers['user-agent']),
      now: clock(),
      agreed,
      viewerOf: () => viewerOf(request.headers['user-agent'], request.ip),
      planLimits: config.planLimits,
      address: domain && `https://${domain}/`,
    });
    if (!page) {
      // A former username, held for 30 days, sends visitors on to the new address, with the query they came with
      // (a printed QR code's ?ref=qr, a campaign's utm_ fields, ?share).
      const holder = isUsername(username) ? await currentHolderOf(db, username) : undefined;
      if (holder) {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.status(301).header('cache-control', 'no-cache').redirect(`/${holder.username}${query}`, 301);
      }
      // A deleted account's page is gone, not unknown: search engines drop it, visitors are told.
      const gone = isUsername(username) ? await goneAccountName(db, username) : undefined;
      if (gone) return sendAnswer(reply, responder.page(gonePageIn(gone.pageLanguage), 410, request.headers));
      return sendAnswer(reply, responder.page(await notFoundPageFor(db, username), 404, request.headers));
    }
    // The owner's own visits, and the team's, are not counted.
    if (!(await isOwnPage(db, request, page.userId))) recorder.recordRequest(request.raw, request.ip, page.userId, null);
    return sendAnswer(reply, responder.page(page, 200, request.headers));
  };

  /**
   * The page's share page (issue 31): not a view; a name that is no profile answers as its page would.
   * It draws only the name and address: one read of the profile, not its links, look or views.
   */
  const serveSharePage = async (request: FastifyRequest, reply: FastifyReply, username: string) => {
    const profile = await publicProfileNamed(db, username, config.planLimits);
    if (!profile) return servePage(request, reply, username);
    return sendAnswer(
      reply,
      responder.page(preparePage(renderSharePage(profile, siteOrigin(config.publicUrl, request)), profile.id), 200, request.headers),
    );
  };

  // GET /{username}: the server-rendered public page, the hot path of the product; ?share: its share page.
  app.get('/:username', { schema: { hide: true, params: usernameParams, querystring: profileQuery } }, (request, reply) => {
    const username = request.params.username.toLowerCase();
    // `/api/` reaches this route (trailing slashes are ignored); an unknown API path answers the contract's JSON.
    if (username === 'api') throw new AppError(404, 'not_found', commonMessages.notFound);
    if (request.query.share !== undefined) return serveSharePage(request, reply, username);
    return servePage(request, reply, username, request.query[AGREE_QUERY] !== undefined);
  });

  registerShareImageRoute(app, deps);

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

  // Custom domains (issue 33 §3): with PUBLIC_URL set, a request for any other host is for a creator's own domain.
  // A verified one serves its page at its root, and what the page itself uses (its links, pictures, share and
  // sign-up, the app's assets); any other host gets the site's 404, never someone's profile.
  if (customDomains && isSiteHost) {
    const PAGE_PARTS = new Set(['go', 'media', 'assets', 'fonts', 'favicon.svg']);
    // A probe names whatever host it was given: it is answered on any.
    const OPERATIONS = new Set(['/healthz', '/readyz', '/metrics']);
    app.addHook('onRequest', async (request, reply) => {
      if (isSiteHost(request.host) || OPERATIONS.has(request.url.split('?')[0]!)) return;
      const host = request.hostname.toLowerCase();
      // A name longer than a hostname can be is no one's: not asked, not remembered.
      const username = host.length <= 253 ? await customDomains.servedAt(host) : undefined;
      const path = request.url.split('?')[0]!;
      const first = path.split('/')[1] ?? '';
      if (username && (request.method === 'GET' || request.method === 'HEAD') && path === '/') {
        return servePage(request, reply, username, false, host);
      }
      // The page at its site address, asked on its own domain, is the domain's root.
      if (username && request.method === 'GET' && path === `/${username}` && path === request.url) return reply.redirect('/', 301);
      if (username && (PAGE_PARTS.has(first) || first === username)) return;
      return sendAnswer(reply, responder.page(NOT_FOUND_PAGE, 404, request.headers));
    });
  }

  registerPublicApiRoutes(app, deps);
}

/** GET /{username}/og.png: the page's share image, drawn by the media worker and kept in memory by version. */
function registerShareImageRoute(app: App, { db, readers, config, media, clock }: PublicPageDeps): void {
  // Drawn share images by profile and version: a page shared in a busy chat is drawn once.
  const shareImages = new LRUCache<string, Buffer>({ maxSize: MEMORY_BOUNDS.shareImageBytes, sizeCalculation: (png) => png.length });

  // GET /{username}/og.png: the page's share image (issue 31), drawn by the media worker (bounded as uploads are) from the
  // page's look; `?v=` names the version the page's tags point to, which never changes and may be kept for good.
  app.get(
    '/:username/og.png',
    { schema: { hide: true, params: usernameParams, querystring: z.object({ v: z.string().max(40).optional() }).loose() } },
    async (request, reply) => {
      const username = request.params.username.toLowerCase();
      if (username === 'api') throw new AppError(404, 'not_found', commonMessages.notFound);
      const page = await loadPublicPage(db, readers, username, clock(), undefined, config.planLimits);
      // A page behind a warning has no share image: its tags name none, and nothing of it is drawn for a preview.
      if (!page || page.profile.contentWarning) throw new AppError(404, 'not_found', profileMessages.notFound);
      const scene = shareImageSceneOf(page);
      const version = shareImageVersionOf(scene);
      const key = `${page.profile.id}:${version}`;
      let png = shareImages.get(key);
      if (!png) {
        const job: ShareImageJob = { scene, picture: await storedFileAsBase64(db, scene.picture) };
        png = (
          await runMediaJob(media, 'share-image', Buffer.from(JSON.stringify(job)), { id: page.profile.id }, mediaMessages.cannotDecode)
        ).data;
        shareImages.set(key, png);
      }
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', request.query.v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('etag', `"${version}"`)
        .send(png);
    },
  );
}

/** The public read API under /api/public (issue 32): the page as JSON, for any site, rate-limited per address. */
function registerPublicApiRoutes(app: App, { db, readers, config, clock }: PublicPageDeps): void {
  const publicApiPerIp = rateLimiter(app, 'public-api-ip', config.publicApiRateLimit ?? PUBLIC_API_RATE_LIMIT, tooManyAttemptsMessage);

  // The public read API (issue 32): any site's page may read it (CORS, GET only, no credentials).
  app.options('/api/public/:username', { schema: { hide: true } }, async (_request, reply) =>
    reply.status(204).headers(PUBLIC_API_PREFLIGHT).send(),
  );

  // GET /api/public/{username}: the public profile as JSON.
  app.get(
    '/api/public/:username',
    {
      schema: {
        tags: ['Public profiles'],
        summary: 'A public profile and its live links and blocks, as the page shows them (stable)',
        description:
          'Stable: fields are only ever added, never renamed or removed. Any site may read it from a browser (`Access-Control-Allow-Origin: *`, GET only, no credentials). ' +
          'Every answer carries an `ETag`; send it back as `If-None-Match` and an unchanged profile answers `304 Not Modified` with no body. ' +
          'Links shown only on some devices or in some countries are drawn for the reader, as the page is. At most 300 reads a minute from one address.',
        params: z.object({ username: z.string().trim().toLowerCase().max(100) }),
        response: { 200: dataOf(publicPageSchema), ...errorResponses(404, 410, 429) },
      },
      onSend: withEtag,
    },
    async (request, reply) => {
      reply.headers(PUBLIC_API_HEADERS);
      await publicApiPerIp(request, request.ip);
      const data = await loadPublicPage(
        db,
        readers,
        request.params.username,
        clock(),
        () => viewerOf(request.headers['user-agent'], request.ip),
        config.planLimits,
      );
      if (!data && (await goneAccountName(db, request.params.username))) {
        throw new AppError(410, 'account_deleted', profileMessages.gone);
      }
      if (!data) throw new AppError(404, 'not_found', profileMessages.notFound);
      return { data };
    },
  );
}
