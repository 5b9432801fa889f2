import { sessionOrToken } from '#shared/api-tokens.ts';
import { z } from 'zod';
import { analyticsQuerySchema, analyticsReportSchema, liveVisitorsSchema } from '#shared/analytics.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import { type AnalyticsPeriod } from '#shared/constants.ts';
import { planFeatureMessages, plansAllowing } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { planFeatureRefused } from '../http/errors.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { analyticsCsvOf, analyticsOf, liveVisitorsNow } from './analytics.service.ts';

const tags = ['Analytics'];

/** The plan's analytics: a period it does not show, or the download it does not include, is refused with what does. */
function assertPlanAllows(config: AppConfig, user: UserRow, days: AnalyticsPeriod, download: boolean): void {
  const limits = config.planLimits;
  if (!limits[user.plan].analyticsDays.includes(days)) {
    const plans = plansAllowing(limits, (plan) => plan.analyticsDays.includes(days));
    throw planFeatureRefused(planFeatureMessages.analyticsPeriod(days, plans));
  }
  if (download && !limits[user.plan].analyticsExport) {
    const plans = plansAllowing(limits, (plan) => plan.analyticsExport);
    throw planFeatureRefused(planFeatureMessages.analyticsExport(plans));
  }
}

export function registerAnalyticsRoutes(app: App, db: Db, config: AppConfig): void {
  // GET /api/me/analytics?days=7|30|90|365
  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary:
          'Views, visitors, clicks, sources and countries of the last 7, 30, 90 or 365 days; devices and each link’s rate on Pro, the comparison with the period before on Business',
        security: sessionOrToken('analytics:read'),
        querystring: analyticsQuerySchema,
        response: { 200: dataOf(analyticsReportSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      assertPlanAllows(config, owner, request.query.days, false);
      const limits = config.planLimits[owner.plan];
      const depth = { advanced: limits.advancedAnalytics, premium: limits.premiumAnalytics };
      return { data: await analyticsOf(db, owner, request.query.days, depth) };
    },
  );

  // GET /api/me/analytics/live: visitors of the last 30 minutes (premium analytics, Business); the tab asks again every 10 s.
  app.get(
    '/analytics/live',
    {
      schema: {
        tags,
        summary: 'Visitors of the last 30 minutes (Business)',
        security: sessionOrToken('analytics:read'),
        response: { 200: dataOf(liveVisitorsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      if (!config.planLimits[owner.plan].premiumAnalytics) {
        const plans = plansAllowing(config.planLimits, (plan) => plan.premiumAnalytics);
        throw planFeatureRefused(planFeatureMessages.liveVisitors(plans));
      }
      reply.header('cache-control', 'no-store');
      return { data: await liveVisitorsNow(db, owner.id) };
    },
  );

  // GET /api/me/analytics/export?days=7|30|90|365: the same period as CSV.
  app.get(
    '/analytics/export',
    {
      schema: {
        tags,
        summary: 'The period as CSV: one row per day, then one per link and day with clicks, and on Business one per campaign and day',
        security: sessionOrToken('analytics:read'),
        querystring: analyticsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      assertPlanAllows(config, owner, request.query.days, true);
      const { csv, from, to } = await analyticsCsvOf(db, owner, request.query.days, config.planLimits[owner.plan].premiumAnalytics);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="linkverse-${owner.username}-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
