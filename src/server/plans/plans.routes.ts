import { dataOf, errorResponses } from '#shared/api.ts';
import { planUsageSchema } from '#shared/plans.schema.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { ReferencedUploads } from '../media/media.service.ts';
import type { PageReaders } from '../services.ts';
import { planUsageOf } from './plans.service.ts';

export function registerPlanRoutes(app: App, db: Db, config: AppConfig, readers: PageReaders & { referenced: ReferencedUploads }): void {
  // GET /api/me/limits: the plan's limits (after PLAN_LIMITS overrides) and current use.
  app.get(
    '/limits',
    {
      schema: {
        tags: ['Plans'],
        summary: "The signed-in user's plan limits, what is used, and what the plan leaves off the page",
        response: { 200: dataOf(planUsageSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await planUsageOf(db, config, readers, requireUser(request)) }),
  );
}
