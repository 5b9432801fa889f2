import { z } from 'zod';
import { dataOf, errorResponses, idParam, tooManyAttemptsMessage } from '#shared/api.ts';
import { createPageSchema, deletePageSchema, pageSummaryMailSchema, pageSummarySchema, pagesAnswerSchema } from '#shared/pages.ts';
import { pageMessages } from '#shared/page-roles.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { requireAccount } from '../http/who-is-asking.ts';
import { type NewPageParts, createPage, deletePage, listPages, restorePage, setPageSummaryMail } from './pages.service.ts';

const tags = ['Pages'];
const pageParams = z.object({ id: idParam(pageMessages.notFound) });
/** New pages an account may make in an hour: a burst of a plan's worth, not a name-squatting script. */
const NEW_PAGES_PER_HOUR = { max: 20, timeWindowMs: 3600_000 };

/** The account's pages, under /api/me/pages: they act on the person, whatever page a call names. */
export function registerPageRoutes(app: App, db: Db, config: AppConfig, bus: ChangeBus, parts: NewPageParts): void {
  const newPagesPerAccount = rateLimiter(app, 'new-page', NEW_PAGES_PER_HOUR, tooManyAttemptsMessage);

  // GET /api/me/pages
  app.get(
    '/pages',
    {
      schema: {
        tags,
        summary: 'The pages the signed-in person may act on (their own, then those they were let into), with the plan’s number',
        response: { 200: dataOf(pagesAnswerSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listPages(db, requireAccount(request), config.planLimits) }),
  );

  // POST /api/me/pages {username, start, copyFrom}
  app.post(
    '/pages',
    {
      schema: {
        tags,
        summary: 'Make a page at a free address: empty, or with the look of another of the person’s pages',
        body: createPageSchema,
        response: { 201: dataOf(pageSummarySchema), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      await newPagesPerAccount(request, String(account.id));
      return reply.status(201).send({ data: await createPage(db, account, request.body, parts) });
    },
  );

  // DELETE /api/me/pages/{id} {username}
  app.delete(
    '/pages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a further page the account owns: offline at once, removed for good after the grace period, restorable until then',
        params: pageParams,
        body: deletePageSchema,
        response: { 200: dataOf(z.object({ deleteAfter: z.string() })), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { page, deleteAfter } = await deletePage(
        db,
        requireAccount(request),
        request.params.id,
        request.body,
        config.accountDeletionGraceDays,
      );
      bus.publish(profileChange(page));
      return { data: { deleteAfter } };
    },
  );

  // PUT /api/me/pages/{id}/summary {weeklySummary, every}
  app.put(
    '/pages/:id/summary',
    {
      schema: {
        tags,
        summary: 'Your own wish for a page’s summary by mail: its owner also chooses how often (monthly on premium analytics)',
        params: pageParams,
        body: pageSummaryMailSchema,
        response: { 200: dataOf(z.object({ weeklySummary: z.boolean() })), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setPageSummaryMail(db, requireAccount(request), request.params.id, request.body, config.planLimits);
      return { data: { weeklySummary: request.body.weeklySummary } };
    },
  );

  // POST /api/me/pages/{id}/restore
  app.post(
    '/pages/:id/restore',
    {
      schema: {
        tags,
        summary: 'Take a deleted page back within its grace period',
        params: pageParams,
        response: { 200: dataOf(z.object({ restored: z.literal(true) })), ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const page = await restorePage(db, requireAccount(request), request.params.id);
      bus.publish(profileChange(page));
      return { data: { restored: true as const } };
    },
  );
}
