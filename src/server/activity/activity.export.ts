import type { ExportPart } from '../services.ts';
import { recentActivity } from '../journal/activity.repository.ts';

/** Recent Activity entries in the export: all the profile keeps (it is pruned with the raw events). */
const ACTIVITY_LIMIT = 10_000;

export const activityExport: ExportPart = {
  described: [['activity.json', 'the Recent Activity feed']],
  filesOf: async (db, user) => ({ 'activity.json': { json: await recentActivity(db, user.id, ACTIVITY_LIMIT) } }),
};
