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
import { type RateLimiter, rateLimiter } from '../http/rate-limit.ts';
import type { Services } from '../services.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import { type NoticeAction, renderNotice } from '../page-drawing/render-page.tsx';
import { confirmEntry, entryOfVisitorLink, listCsvOf, listOf, removeEntry, removeFromList, subscribe } from './subscribers.service.ts';
import { siteOrigin } from '../http/site-origin.ts';
import type { PageLanguage } from '#shared/i18n/languages.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { spokenLanguageOf } from '#shared/i18n/languages.ts';
import { pageNoticeWords as noticeWords } from '#profile/profile-words.ts';
import { translatorFor } from '../i18n/translators.ts';
import { pageNoticeWords } from '#profile/profile-words.ts';
import { subscribeWords as words } from './subscribe-words.ts';

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
  /** Text, in the page's language: escaped when drawn. */
  heading: string;
  lead: string;
  action: NoticeAction;
}

/** The page a visitor's request is about, and its words: these pages speak the page's language (issue 54). */
interface NoticePage {
  username: string;
  language: PageLanguage;
  t: Translate;
}

function noticePage(username: string, pageLanguage: string | null | undefined): NoticePage {
  const language = spokenLanguageOf(pageLanguage);
  return { username, language, t: translatorFor(language) };
}

async function noticePageOf(db: Db, publicProfileNamed: Services['publicProfileNamed'], username: string): Promise<NoticePage> {
  return noticePage(username, (await publicProfileNamed(db, username))?.pageLanguage);
}

/**
 * Answers a visitor with a page of the site's own (never cached, never indexed), in the page's language, with the
 * way back to the profile unless `back` is false or the page's one button already leads there.
 */
function sendNotice(reply: FastifyReply, here: NoticePage, notice: Notice, back = true): FastifyReply {
  const page = `/${here.username}`;
  const way =
    back && !('href' in notice.action && notice.action.href === page)
      ? { href: page, label: here.t(words.backToUser, { username: here.username }) }
      : undefined;
  return reply
    .status(notice.status)
    .headers(notice.headers ?? {})
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderNotice(notice.heading, notice.lead, notice.action, way, here.language));
}

/** The page a path names. Under /api/ these paths are the API's, whose unknown paths answer the contract's JSON. */
function pageNameOf(segment: string): string {
  const username = segment.toLowerCase();
  if (username === 'api') throw new AppError(404, 'not_found', commonMessages.notFound);
  return username;
}

function openPage(here: NoticePage): NoticeAction {
  return { href: `/${here.username}`, label: here.t(words.openPage) };
}

function linkInvalid(here: NoticePage): Notice {
  return {
    status: 404,
    heading: here.t(words.linkExpired),
    lead: here.t(words.linkExpiredLead, { days: SUBSCRIBE_CONFIRM_DAYS }),
    action: openPage(here),
  };
}

function alreadySignedUp(here: NoticePage): Notice {
  return { status: 200, heading: here.t(words.alreadySignedUp), lead: here.t(words.nothingMore), action: openPage(here) };
}

export interface SubscriberRouteDeps {
  db: Db;
  /** Whose page a sign-up is for (the public page lends it). */
  publicProfileNamed: Services['publicProfileNamed'];
  config: AppConfig;
  outbox: MailOutbox;
  limits?: typeof DEFAULT_SUBSCRIBE_RATE_LIMIT;
}

/** A refusal said as a page: too many tries (with Retry-After), a full list. */
function noticeOf(error: unknown, here: NoticePage): Notice {
  if (error instanceof AppError && (error.code === 'rate_limited' || error.code === 'list_full')) {
    const seconds = Number(error.options.headers?.['Retry-After'] ?? 60);
    return {
      status: error.statusCode,
      heading: here.t(error.code === 'list_full' ? words.listFull : words.tooMany),
      lead:
        error.code === 'list_full'
          ? here.t(words.listFullLead)
          : here.t(words.tooManyLead, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
      action: { href: `/${here.username}`, label: here.t(words.backToUser, { username: here.username }) },
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
    registerVisitorLinks(scope, db, (username) => noticePageOf(db, publicProfileNamed, username), linksPerVisitor);
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
      const page = await publicProfileNamed(db, username);
      const here = noticePage(username, page?.pageLanguage);
      const { t } = here;
      try {
        await perVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, here, noticeOf(error, here));
      }
      if (request.validationError) {
        return sendNotice(reply, here, {
          status: 400,
          heading: t(words.checkAddress),
          lead: t(words.invalidEmail),
          action: { href: `/${username}`, label: t(words.tryAgain) },
        });
      }
      if (!page || page.subscribeForm !== 1 || !page.subscribeConsent) {
        return sendNotice(
          reply,
          here,
          { status: 404, heading: t(words.noSignup), lead: t(words.noSignupLead), action: { href: '/', label: t(pageNoticeWords.goHome) } },
          false,
        );
      }
      const name = page.displayName || page.username;
      const back = { href: `/${username}`, label: t(noticeWords.backTo, { name }) };
      const done: Notice = outbox.delivers
        ? { status: 200, heading: t(words.checkInbox), lead: t(words.checkInboxLead, { name, days: SUBSCRIBE_CONFIRM_DAYS }), action: back }
        : { status: 200, heading: t(words.onTheList), lead: t(words.onTheListLead, { name }), action: back };
      // A bot filled the field people never see: it is told what a person would be, and nothing is kept.
      if (request.body.website) return sendNotice(reply, here, done, false);
      try {
        await perAddress(request, request.body.email);
        await subscribe(db, outbox, page, request.body.email, siteOrigin(config.publicUrl, request));
      } catch (error) {
        return sendNotice(reply, here, noticeOf(error, here));
      }
      return sendNotice(reply, here, done, false);
    },
  );
}

/** The links in the confirmation mail: each asks first (GET), then acts (POST), so that a mail scanner changes nothing. */
function registerVisitorLinks(
  scope: App,
  db: Db,
  pageNamed: (username: string) => Promise<NoticePage>,
  linksPerVisitor: RateLimiter,
): void {
  // GET /{username}/subscribe/confirm?token=…: the link in the mail asks first, so that a mail scanner opening it confirms nothing.
  scope.get(
    '/:username/subscribe/confirm',
    { schema: { hide: true, params: usernameParams, querystring: tokenQuery } },
    async (request, reply) => {
      const here = await pageNamed(pageNameOf(request.params.username));
      const { username, t } = here;
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, here, noticeOf(error, here));
      }
      const entry = await entryOfVisitorLink(db, username, request.query.token);
      if (entry?.status === 'confirmed') return sendNotice(reply, here, alreadySignedUp(here));
      if (!entry || entry.status !== 'pending' || !entry.confirmBefore || entry.confirmBefore <= nowIso()) {
        return sendNotice(reply, here, linkInvalid(here));
      }
      const name = entry.displayName || entry.username;
      return sendNotice(
        reply,
        here,
        {
          status: 200,
          heading: t(words.confirmTitle, { name }),
          lead: t(words.confirmLead, { name }),
          action: { post: `/${username}/subscribe/confirm`, fields: { token: String(request.query.token) }, label: t(words.confirmButton) },
        },
        false,
      );
    },
  );

  // POST /{username}/subscribe/confirm {token}
  scope.post(
    '/:username/subscribe/confirm',
    { attachValidation: true, schema: { hide: true, params: usernameParams, body: subscriberTokenBodySchema } },
    async (request, reply) => {
      const here = await pageNamed(pageNameOf(request.params.username));
      const { username, t } = here;
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, here, noticeOf(error, here));
      }
      const entry = request.validationError ? undefined : await entryOfVisitorLink(db, username, request.body.token);
      if (!entry || !(await confirmEntry(db, entry.id))) {
        return sendNotice(reply, here, entry?.status === 'confirmed' ? alreadySignedUp(here) : linkInvalid(here));
      }
      const name = entry.displayName || entry.username;
      return sendNotice(
        reply,
        here,
        {
          status: 200,
          heading: t(words.signedUp),
          lead: t(words.signedUpLead, { name }),
          action: { href: `/${username}`, label: t(noticeWords.backTo, { name }) },
        },
        false,
      );
    },
  );

  // GET /{username}/unsubscribe?token=…: asks first, as the confirmation does.
  scope.get(
    '/:username/unsubscribe',
    { schema: { hide: true, params: usernameParams, querystring: tokenQuery } },
    async (request, reply) => {
      const here = await pageNamed(pageNameOf(request.params.username));
      const { username, t } = here;
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, here, noticeOf(error, here));
      }
      const entry = await entryOfVisitorLink(db, username, request.query.token);
      if (!entry) {
        return sendNotice(reply, here, { status: 404, heading: t(words.notOnList), lead: t(words.notOnListLead), action: openPage(here) });
      }
      const name = entry.displayName || entry.username;
      return sendNotice(reply, here, {
        status: 200,
        heading: t(words.leaveTitle, { name }),
        lead: t(words.leaveLead, { name }),
        action: { post: `/${username}/unsubscribe`, fields: { token: String(request.query.token) }, label: t(words.removeButton) },
      });
    },
  );

  // POST /{username}/unsubscribe {token}
  scope.post(
    '/:username/unsubscribe',
    { attachValidation: true, schema: { hide: true, params: usernameParams, body: subscriberTokenBodySchema } },
    async (request, reply) => {
      const here = await pageNamed(pageNameOf(request.params.username));
      try {
        await linksPerVisitor(request, request.ip);
      } catch (error) {
        return sendNotice(reply, here, noticeOf(error, here));
      }
      const entry = request.validationError ? undefined : await entryOfVisitorLink(db, here.username, request.body.token);
      if (entry) await removeEntry(db, entry.id);
      return sendNotice(reply, here, {
        status: 200,
        heading: here.t(words.removed),
        lead: here.t(words.removedLead),
        action: openPage(here),
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
