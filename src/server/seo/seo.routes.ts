import type { Plan } from '#shared/constants.ts';
import type { PlanLimits } from '#shared/plans.ts';
import { sessionOrToken } from '#shared/api-tokens.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import { seoAnswerSchema, seoUpdateSchema } from '#shared/seo.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { getSeo, updateSeo } from './seo.service.ts';

const tags = ['SEO'];
const answer = dataOf(seoAnswerSchema);

export function registerSeoRoutes(app: App, db: Db, bus: ChangeBus, planLimits: Record<Plan, PlanLimits>): void {
  // GET /api/me/seo: the page's SEO settings, and whether its plan draws them.
  app.get(
    '/seo',
    {
      schema: {
        tags,
        summary: 'The page’s SEO settings (Business): search and share appearance, indexing, structured data, verification',
        security: sessionOrToken('profile:read'),
        response: { 200: answer, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await getSeo(db, requireUser(request), planLimits) }),
  );

  // PUT /api/me/seo: any of the fields; the others keep their saved values. 403 plan_feature on a plan without SEO tools.
  app.put(
    '/seo',
    {
      schema: {
        tags,
        summary: 'Save fields of the page’s SEO settings (unknown fields are refused by name)',
        security: sessionOrToken('profile:write'),
        body: seoUpdateSchema,
        response: { 200: answer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const data = await updateSeo(db, owner, request.body, planLimits);
      bus.publish(profileChange(owner));
      return { data };
    },
  );
}
