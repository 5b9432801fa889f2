import type { FastifyInstance } from 'fastify';
import type { PlanUsage } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { requireUser } from '../auth/sessions.ts';
import { countLinksOfUser } from '../links/links.repository.ts';
import { usedBytes } from '../media/media.repository.ts';

export function registerLimitRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // GET /api/me/limits: the plan's limits (after PLAN_LIMITS overrides) and current use.
  app.get('/api/me/limits', async (request): Promise<{ data: PlanUsage }> => {
    const user = requireUser(request);
    const limits = config.planLimits[user.plan];
    return {
      data: {
        plan: user.plan,
        links: { used: await countLinksOfUser(db, user.id), limit: limits.links },
        uploads: { usedBytes: await usedBytes(db, user.id), limitBytes: limits.uploadBytes },
      },
    };
  });
}
