import { dataOf, errorResponses } from '#shared/api.ts';
import { uploadBytesOf } from '#shared/plans.ts';
import { planUsageSchema } from '#shared/plans.schema.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { countLinksOfUser, listLinksOfUser } from '../links/links.repository.ts';
import { toPageItem } from '../links/links.service.ts';
import { getCustomization } from '../customization/customization.service.ts';
import { lookPartsPastPlan } from '#shared/plan-look.ts';
import { linksPastPlan } from '#shared/public-profile.ts';
import { usedBytes } from '../media/media.repository.ts';
import { type ReferencedUploads, hashesOf } from '../media/media.service.ts';

export function registerPlanRoutes(app: App, db: Db, config: AppConfig, referenced: ReferencedUploads): void {
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
    async (request) => {
      const user = requireUser(request);
      const limits = config.planLimits[user.plan];
      const [items, look] = await Promise.all([listLinksOfUser(db, user.id, false), getCustomization(db, user.id)]);
      return {
        data: {
          plan: user.plan,
          links: { used: await countLinksOfUser(db, user.id), limit: limits.links },
          uploads: {
            usedBytes: await usedBytes(db, user.id, hashesOf((await referenced(db, user)).savedLooksOnly)),
            limitBytes: uploadBytesOf(config.planLimits, user),
          },
          keptOffPage: {
            links: linksPastPlan(items.map(toPageItem), limits.links).size,
            look: lookPartsPastPlan(limits, look),
          },
        },
      };
    },
  );
}
