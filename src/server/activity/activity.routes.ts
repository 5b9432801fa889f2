import { z } from 'zod';
import { type ActivityItem, RECENT_ACTIVITY_LIMIT, activityItemSchema } from '#shared/activity.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { UserRow } from '../db/schema.ts';
import { recentActivity } from './activity.repository.ts';

/** Entries worked out from the analytics rather than stored (new daily records of views): given by the analytics feature. */
export type DerivedActivity = (db: Db, owner: UserRow) => Promise<ActivityItem[]>;

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
      const [stored, records] = await Promise.all([recentActivity(db, owner.id, RECENT_ACTIVITY_LIMIT), viewRecordsOf(db, owner)]);
      const data = [...stored, ...records].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, RECENT_ACTIVITY_LIMIT);
      return { data };
    },
  );
}
