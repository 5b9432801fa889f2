import { dataOf, errorResponses } from '#shared/api.ts';
import { linkChecksResponseSchema } from '#shared/link-checks.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { brokenLinksReport } from './link-checks.service.ts';

/** What the daily link checks found about the signed-in creator's links, under /api/me. */
export function registerLinkCheckRoutes(app: App, db: Db, enabled: boolean): void {
  // GET /api/me/link-checks
  app.get(
    '/link-checks',
    {
      schema: {
        tags: ['Links'],
        summary: "The owner's links whose address failed its last two daily checks in a row, and whether this site checks links at all",
        response: { 200: dataOf(linkChecksResponseSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      if (!enabled) return { data: { enabled, broken: [] } };
      return { data: { enabled, broken: await brokenLinksReport(db, owner.id) } };
    },
  );
}
