import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonMessages, dataOf, deletedSchema, errorResponses, idParam, tooManyAttemptsMessage } from '#shared/api.ts';
import {
  SUBSCRIBE_CONFIRM_DAYS,
  subscribeBodySchema,
  subscriberListSchema,
  subscriberMessages,
  subscriberTokenBodySchema,
} from '#shared/subscribers.ts';
import type { AppConfig, RateLimitRule } from '../config.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { escapeHtml } from '../http/html.ts';
import { type RateLimiter, rateLimiter } from '../http/rate-limit.ts';
import type { Services } from '../services.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import { type NoticeAction, renderNotice } from '../page-drawing/render-page.tsx';
import { confirmEntry, entryOfVisitorLink, listCsvOf, listOf, removeEntry, removeFromList, subscribe } from './subscribers.service.ts';
import { siteOrigin } from '../http/site-origin.ts';

/** Sign-ups from one visitor (by address), and sent to one email address across every page: nobody's inbox fills with confirmation mail. */
export const DEFAULT_SUBSCRIBE_RATE_LIMIT = {
  perVisitor: { max: 10, timeWindowMs: 10 * 60_000 },
  perAddress: { max: 3, timeWindowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

const usernameParams = z.object({ username: z.string() });
/** A visitor's link as it arrives: a token checked by the shared schema inside, so that a bad one gets the page, not JSON. */
const tokenQuery = z.object({ token: z.string().optional() }).loose();

interface Notice {
  status: number;
  /** Retry-After, on a refusal for too many tries. */
  headers?: Record<string, string>;
  heading: string;
  lead: string;
  action: NoticeAction;
}

/** Answers a visitor with a page of the site's own (never cached, never indexed), with the way back to the profile. */
function sendNotice(reply: FastifyReply, username: string | undefined, notice: Notice): FastifyReply {
  const page = username ? `/${escapeHtml(username)}` : undefined;
  // The way back, unless the page's one button already leads there.
  const back =
    page && !('href' in notice.action && notice.action.href === page)
      ? { href: page, label: `Back to @${escapeHtml(username!)}` }
      : undefined;
  return reply
    .status(notice.status)
    .headers(notice.headers ?? {})
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderNotice(notice.heading, notice.lead, notice.action, back));
}

/** The page a path names. Under /api/ these paths are the API's, whose unknown paths answer the contract's JSON. */
function pageNameOf(segment: string): string {
  const username = segment.toLowerCase();
  if (username === 'api') throw new AppError(404, 'not_found', commonMessages.notFound);
  return username;
}

const HOME: NoticeAction = { href: '/', label: 'Go to Linkverse' };
const LINK_INVALID: Omit<Notice, 'action'> = {
  status: 404,
  heading: 'This link has expired',
  lead: `${subscriberMessages.linkExpired}. Confirmation links work for ${SUBSCRIBE_CONFIRM_DAYS} days; sign up again on the page to get a new one.`,
};

export interface SubscriberRouteDeps {
  db: Db;
  /** Whose page a sign-up is for (the public page lends it). */
  publicProfileNamed: Services['publicProfileNamed'];
  config: AppConfig;
  outbox: MailOutbox;
  limits?: typeof DEFAULT_SUBSCRIBE_RATE_LIMIT;
}

/** A refusal said as a page: too many tries (with Retry-After), a full list. */
function noticeOf(error: unknown, username: string): Notice {
  if (error instanceof AppError && (error.code === 'rate_limited' || error.code === 'list_full')) {
    const back = { href: `/${escapeHtml(username)}`, label: `Back to @${escapeHtml(username)}` };
    return {
      status: error.statusCode,
      heading: error.code === 'list_full' ? 'The list is full' : 'Too many tries',
      lead: escapeHtml(error.message),
      action: back,
      headers: error.options.headers,
    };
  }
  throw error;
}

/**
 * The visitor's side (issue 31): the page's sign-up form posts here, and the
 * links in the confirmation mail come back here. Plain forms and pages of the
 * site's own, so that all of it works without script. A form sends
 * urlencoded fields: only these routes read them.
 */
export async function registerSubscribeRoutes(
  app: App,
  { db, publicProfileNamed, config, outbox, limits = DEFAULT_SUBSCRIBE_RATE_LIMIT }: SubscriberRouteDeps,
): Promise<void> {
  const perVisitor = rateLimiter(app, 'subscribe-visitor', limits.perVisitor, tooManyAttemptsMessage);
  const perAddress = rateLimiter(app, 'subscribe-address', limits.perAddress, tooManyAttemptsMessage);
  const linksPerVisitor = rateLimiter(app, 'subscriber-links-visitor', { max: 30, timeWindowMs: 10 * 60_000 }, tooManyAttemptsMessage);

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    registerSignUpForm(scope, { db, publicProfileNamed, config, outbox }, { perVisitor, perAddress });
    registerVisitorLinks(scope, db, linksPerVisitor);
  });
}

/** POST /{username}/subscribe: the page's sign-up form, a plain form that works without script. */
function registerSignUpForm(
  scope: App,
  { db, publicProfileNamed, config, outbox }: SubscriberRouteDeps,
  { perVisitor, perAddress }: { perVisitor: RateLimiter; perAddress: RateLimiter },
): void {
  // POST /{username}/subscribe: the page's sign-up form.
  scope.post(
    '/:username/subscribe',
    { attachValidation: true, schema: { hide: true, params: usernameParams, body: subscribeBodySchema } },
    async (request, reply) => {
      const username = pageNameOf(request.params.username);
      try {
        await perVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, username, noticeOf(error, username));
      }
      if (request.validationError) {
        const message = request.validationError.message || subscriberMessages.invalidEmail;
        return sendNotice(reply, username, {
          status: 400,
          heading: 'Check the address',
          lead: escapeHtml(message),
          action: { href: `/${escapeHtml(username)}`, label: 'Try again' },
        });
      }
      const page = await publicProfileNamed(db, username);
      if (!page || page.subscribeForm !== 1 || !page.subscribeConsent) {
        return sendNotice(reply, undefined, {
          status: 404,
          heading: 'No sign-up here',
          lead: 'This page has no sign-up form.',
          action: HOME,
        });
      }
      const name = escapeHtml(page.displayName || page.username);
      const done: Notice = outbox.delivers
        ? {
            status: 200,
            heading: 'Check your inbox',
            lead: `If the address is right, a link to confirm your sign-up to ${name} is on its way. It works for ${SUBSCRIBE_CONFIRM_DAYS} days.`,
            action: { href: `/${escapeHtml(username)}`, label: `Back to ${name}'s page` },
          }
        : {
            status: 200,
            heading: "You're on the list",
            lead: `${name} will see your address. This site sends no mail, so it is kept as unconfirmed.`,
            action: { href: `/${escapeHtml(username)}`, label: `Back to ${name}'s page` },
          };
      // A bot filled the field people never see: it is told what a person would be, and nothing is kept.
      if (request.body.website) return sendNotice(reply, undefined, done);
      try {
        await perAddress(request, request.body.email);
        await subscribe(db, outbox, page, request.body.email, siteOrigin(config.publicUrl, request));
      } catch (error) {
        return sendNotice(reply, username, noticeOf(error, username));
      }
      return sendNotice(reply, undefined, done);
    },
  );
}

/** The links in the confirmation mail: each asks first (GET), then acts (POST), so that a mail scanner changes nothing. */
function registerVisitorLinks(scope: App, db: Db, linksPerVisitor: RateLimiter): void {
  // GET /{username}/subscribe/confirm?token=…: the link in the mail asks first, so that a mail scanner opening it confirms nothing.
  scope.get(
    '/:username/subscribe/confirm',
    { schema: { hide: true, params: usernameParams, querystring: tokenQuery } },
    async (request, reply) => {
      const username = pageNameOf(request.params.username);
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, username, noticeOf(error, username));
      }
      const entry = await entryOfVisitorLink(db, username, request.query.token);
      if (entry?.status === 'confirmed') {
        return sendNotice(reply, username, {
          status: 200,
          heading: "You're already signed up",
          lead: 'Nothing more to do.',
          action: { href: `/${escapeHtml(username)}`, label: 'Open the page' },
        });
      }
      if (!entry || entry.status !== 'pending' || !entry.confirmBefore || entry.confirmBefore <= nowIso()) {
        return sendNotice(reply, username, { ...LINK_INVALID, action: { href: `/${escapeHtml(username)}`, label: 'Open the page' } });
      }
      const name = escapeHtml(entry.displayName || entry.username);
      return sendNotice(reply, undefined, {
        status: 200,
        heading: `Confirm your sign-up to ${name}`,
        lead: `${name} will see your address as confirmed.`,
        action: { post: `/${username}/subscribe/confirm`, fields: { token: String(request.query.token) }, label: 'Confirm my sign-up' },
      });
    },
  );

  // POST /{username}/subscribe/confirm {token}
  scope.post(
    '/:username/subscribe/confirm',
    { attachValidation: true, schema: { hide: true, params: usernameParams, body: subscriberTokenBodySchema } },
    async (request, reply) => {
      const username = pageNameOf(request.params.username);
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, username, noticeOf(error, username));
      }
      const entry = request.validationError ? undefined : await entryOfVisitorLink(db, username, request.body.token);
      if (!entry || !(await confirmEntry(db, entry.id))) {
        if (entry?.status === 'confirmed') {
          return sendNotice(reply, username, {
            status: 200,
            heading: "You're already signed up",
            lead: 'Nothing more to do.',
            action: { href: `/${escapeHtml(username)}`, label: 'Open the page' },
          });
        }
        return sendNotice(reply, username, { ...LINK_INVALID, action: { href: `/${escapeHtml(username)}`, label: 'Open the page' } });
      }
      const name = escapeHtml(entry.displayName || entry.username);
      return sendNotice(reply, undefined, {
        status: 200,
        heading: "You're signed up",
        lead: `${name} sees your address as confirmed. The link in the mail removes it whenever you like.`,
        action: { href: `/${escapeHtml(username)}`, label: `Back to ${name}'s page` },
      });
    },
  );

  // GET /{username}/unsubscribe?token=…: asks first, as the confirmation does.
  scope.get(
    '/:username/unsubscribe',
    { schema: { hide: true, params: usernameParams, querystring: tokenQuery } },
    async (request, reply) => {
      const username = pageNameOf(request.params.username);
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, username, noticeOf(error, username));
      }
      const entry = await entryOfVisitorLink(db, username, request.query.token);
      if (!entry) {
        return sendNotice(reply, username, {
          status: 404,
          heading: 'Not on the list',
          lead: 'This address is not on the list (any more).',
          action: { href: `/${escapeHtml(username)}`, label: 'Open the page' },
        });
      }
      const name = escapeHtml(entry.displayName || entry.username);
      return sendNotice(reply, username, {
        status: 200,
        heading: `Leave ${name}'s list?`,
        lead: `Your address is removed from ${name}'s list at once.`,
        action: { post: `/${username}/unsubscribe`, fields: { token: String(request.query.token) }, label: 'Remove my address' },
      });
    },
  );

  // POST /{username}/unsubscribe {token}
  scope.post(
    '/:username/unsubscribe',
    { attachValidation: true, schema: { hide: true, params: usernameParams, body: subscriberTokenBodySchema } },
    async (request, reply) => {
      const username = pageNameOf(request.params.username);
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, username, noticeOf(error, username));
      }
      const entry = request.validationError ? undefined : await entryOfVisitorLink(db, username, request.body.token);
      if (entry) await removeEntry(db, entry.id);
      return sendNotice(reply, username, {
        status: 200,
        heading: 'Your address is removed',
        lead: 'It is no longer on this list.',
        action: { href: `/${escapeHtml(username)}`, label: 'Open the page' },
      });
    },
  );
}

const tags = ['Subscribers'];

/** The creator's side, under /api/me: the list, its CSV, removing an entry. */
export function registerSubscriberRoutes(app: App, db: Db, outbox: MailOutbox): void {
  // GET /api/me/subscribers
  app.get(
    '/subscribers',
    {
      schema: {
        tags,
        summary: "The newest addresses the page's sign-up form gathered, and how many in all",
        response: { 200: dataOf(subscriberListSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      return { data: { ...(await listOf(db, owner)), doubleOptIn: outbox.delivers } };
    },
  );

  // GET /api/me/subscribers/export.csv
  app.get(
    '/subscribers/export.csv',
    {
      schema: {
        tags,
        summary: 'Every address on the list as CSV (email, status, when, the consent line agreed to)',
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const csv = await listCsvOf(db, owner);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${owner.username}-subscribers.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  // DELETE /api/me/subscribers/{id}
  app.delete(
    '/subscribers/:id',
    {
      schema: {
        tags,
        summary: 'Remove an address from the list',
        params: z.object({ id: idParam(subscriberMessages.notFound) }),
        response: { 200: deletedSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await removeFromList(db, requireUser(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );
}
