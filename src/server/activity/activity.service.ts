import { ACTIVITY_LOG_PAGE, type ActivityItem, RECENT_ACTIVITY_LIMIT } from '#shared/activity.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { recentActivity } from '../journal/activity.repository.ts';

/** Entries worked out from the analytics rather than stored (new daily records of views): given by the analytics feature. */
export type DerivedActivity = (db: Db, owner: UserRow) => Promise<ActivityItem[]>;

/** The overview's Recent Activity: what was stored and what the analytics work out, newest first. */
export async function recentActivityOf(db: Db, owner: UserRow, derived: DerivedActivity): Promise<ActivityItem[]> {
  const [stored, records] = await Promise.all([recentActivity(db, owner.id, RECENT_ACTIVITY_LIMIT), derived(db, owner)]);
  return [...stored, ...records].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, RECENT_ACTIVITY_LIMIT);
}

/** A page of the page's activity log: entries older than `before` (none: the newest), and whether more are older. */
export async function activityLogOf(db: Db, page: UserRow, before?: number): Promise<{ entries: ActivityItem[]; more: boolean }> {
  const rows = await recentActivity(db, page.id, ACTIVITY_LOG_PAGE + 1, before);
  return { entries: rows.slice(0, ACTIVITY_LOG_PAGE), more: rows.length > ACTIVITY_LOG_PAGE };
}
