import { ACTIVITY_MERGE_MINUTES, type ActivityItem, type ActivityKind } from '#shared/activity.ts';
import { type Db, nowIso } from '../db/database.ts';

/**
 * Note what happened to a profile. A save of the same thing within a few
 * minutes of the last one moves that entry on instead of adding another, so a
 * busy editing session is one line, not fifty.
 */
export async function recordActivity(db: Db, userId: number, kind: ActivityKind, subject = '', at = nowIso()): Promise<void> {
  const last = await db
    .selectFrom('activity')
    .select(['id', 'kind', 'subject', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const mergeSince = new Date(Date.parse(at) - ACTIVITY_MERGE_MINUTES * 60_000).toISOString();
  if (last && last.kind === kind && last.subject === subject && last.createdAt >= mergeSince) {
    await db.updateTable('activity').set({ createdAt: at }).where('id', '=', last.id).execute();
    return;
  }
  await db.insertInto('activity').values({ userId, kind, subject, createdAt: at }).execute();
}

/** Entries that need no merging (each link's first click, told once), in one statement. */
export async function insertActivities(
  db: Db,
  entries: ReadonlyArray<{ userId: number; kind: ActivityKind; subject: string; createdAt: string }>,
) {
  if (entries.length > 0)
    await db
      .insertInto('activity')
      .values([...entries])
      .execute();
}

/** A profile's latest entries, newest first. */
export async function recentActivity(db: Db, userId: number, limit: number): Promise<ActivityItem[]> {
  const rows = await db
    .selectFrom('activity')
    .select(['id', 'kind', 'subject', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ createdAt, ...row }) => ({ ...row, at: createdAt }));
}

/** Entries older than this are deleted with the raw analytics events. */
export async function pruneActivity(db: Db, before: string): Promise<void> {
  await db.deleteFrom('activity').where('createdAt', '<', before).execute();
}
