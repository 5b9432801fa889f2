import { z } from 'zod';
import { activityItemSchema } from '#shared/activity.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { type DerivedActivity, recentActivityOf } from './activity.service.ts';

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
}
