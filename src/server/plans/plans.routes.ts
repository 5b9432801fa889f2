import { dataOf, errorResponses } from '#shared/api.ts';
import { uploadBytesOf } from '#shared/plans.ts';
import { planUsageSchema } from '#shared/plans.schema.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../auth/sessions.ts';
import { countLinksOfUser } from '../links/links.repository.ts';
import { usedBytes } from '../media/media.repository.ts';
import { type ReferencedUploads, hashesOf } from '../media/media.service.ts';

export function registerPlanRoutes(app: App, db: Db, config: AppConfig, referenced: ReferencedUploads): void {
  // GET /api/me/limits: the plan's limits (after PLAN_LIMITS overrides) and current use.
  app.get(
    '/limits',
    {
      schema: {
        tags: ['Plans'],
        summary: "The signed-in user's plan limits and what is used",
        response: { 200: dataOf(planUsageSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const limits = config.planLimits[user.plan];
      return {
        data: {
          plan: user.plan,
          links: { used: await countLinksOfUser(db, user.id), limit: limits.links },
          uploads: {
            usedBytes: await usedBytes(db, user.id, hashesOf((await referenced(db, user)).savedLooksOnly)),
            limitBytes: uploadBytesOf(config.planLimits, user),
          },
        },
      };
    },
  );
}
