import { z } from 'zod';
import { activityItemSchema, activityLogQuery } from '#shared/activity.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { type DerivedActivity, activityLogOf, recentActivityOf } from './activity.service.ts';

export function registerActivityRoutes(app: App, db: Db, viewRecordsOf: DerivedActivity): void {
  // GET /api/me/activity: the overview's Recent Activity.
  app.get(
    '/activity',
    {
      schema: {
        tags: ['Analytics'],
        summary:
          'The latest events of the profile: links added, edited or removed, profile, look and username changes, first clicks, new daily records of views',
        response: { 200: dataOf(z.array(activityItemSchema)), ...errorResponses(401) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      return { data: await recentActivityOf(db, owner, viewRecordsOf) };
    },
  );

  // GET /api/me/activity/log?before=: the page's whole log, newest first, a page of entries at a time (issue 53).
  app.get(
    '/activity/log',
    {
      schema: {
        tags: ['Analytics'],
        summary: 'Who changed what on the page, and when: links, look, profile, team and domain, newest first, 50 at a time',
        querystring: activityLogQuery,
        response: { 200: dataOf(z.object({ entries: z.array(activityItemSchema), more: z.boolean() })), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await activityLogOf(db, requireUser(request), request.query.before) }),
  );
}
