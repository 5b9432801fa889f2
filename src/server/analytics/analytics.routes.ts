import { sessionOrToken } from '#shared/api-tokens.ts';
import { z } from 'zod';
import { analyticsQuerySchema, analyticsReportSchema } from '#shared/analytics.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../auth/sessions.ts';
import { analyticsCsvOf, analyticsOf } from './analytics.service.ts';

const tags = ['Analytics'];

export function registerAnalyticsRoutes(app: App, db: Db): void {
  // GET /api/me/analytics?days=7|30|90
  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary: 'Views, visitors, clicks, sources, countries and devices of the last 7, 30 or 90 days',
        security: sessionOrToken('analytics:read'),
        querystring: analyticsQuerySchema,
        response: { 200: dataOf(analyticsReportSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ data: await analyticsOf(db, requireUser(request), request.query.days) }),
  );

  // GET /api/me/analytics/export?days=7|30|90: the same period as CSV.
  app.get(
    '/analytics/export',
    {
      schema: {
        tags,
        summary: 'The period as CSV: one row per day, then one per link and day with clicks',
        security: sessionOrToken('analytics:read'),
        querystring: analyticsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const { csv, from, to } = await analyticsCsvOf(db, owner, request.query.days);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="linkverse-${owner.username}-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
