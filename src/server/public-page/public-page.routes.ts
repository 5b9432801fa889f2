import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '#shared/constants.ts';
import { profileMessages } from '#shared/profile.types.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { NewEvent } from '../db/schema.ts';
import type { EventRecorder } from '../analytics/event-recorder.ts';
import { deviceOf, isBot, sourceOf, visitorHash } from '../analytics/visitor.ts';
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

/** Send one of the precomputed encodings the client accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, status: number) {
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .header('ETag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

export function registerPublicPageRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  bus: ChangeBus,
  recorder: EventRecorder,
): void {
  const pages = new ProfilePageCache();
  const redirects = new Map<number, { url: string; userId: number }>();
  bus.subscribe((message) => {
    if (message.topic !== 'profile') return;
    pages.invalidate(message.userId);
    for (const [id, target] of redirects) if (target.userId === message.userId) redirects.delete(id);
  });

  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  /** A view or click, unless it comes from a bot or from the profile's owner. */
  const record = (request: FastifyRequest, kind: NewEvent['kind'], userId: number, linkId: number | null) => {
    const userAgent = request.headers['user-agent'];
    if (isBot(userAgent) || request.user?.id === userId) return;
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const referrer = request.headers.referer?.slice(0, 500) ?? null;
    recorder.record({
      kind,
      userId,
      linkId,
      createdAt: now.toISOString(),
      day,
      referrer,
      source: sourceOf(referrer ?? undefined, request.host),
      device: deviceOf(userAgent!),
      visitorHash: visitorHash(config.sessionSecret, day, request.ip, userAgent!),
    });
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply, username: string) => {
    const origin = originOf(request);
    let page = pages.get(origin, username);
    if (!page) {
      const data = isUsername(username) ? await loadPublicPage(db, username) : undefined;
      if (!data) return sendPage(request, reply, NOT_FOUND_PAGE, 404);
      page = preparePage(renderProfilePage(data, origin), data.profile.id);
      pages.set(origin, username, page);
    }
    record(request, 'view', page.userId, null);
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
      if (request.method !== 'GET' || request.url !== '/' ) return;
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
    record(request, 'click', target.userId, id);
    return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'strict-origin-when-cross-origin').redirect(target.url, 302);
  });

  // GET /api/public/{username}: the public profile as JSON.
  app.get('/api/public/:username', async (request) => {
    const { username } = parseInput(z.object({ username: z.string().trim().toLowerCase() }), request.params);
    const data = isUsername(username) ? await loadPublicPage(db, username) : undefined;
    if (!data) throw new AppError(404, profileMessages.notFound);
    return { data };
  });
}
