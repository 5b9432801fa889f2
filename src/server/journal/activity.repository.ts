import { ACTIVITY_MERGE_MINUTES, type ActivityItem, type ActivityKind } from '#shared/activity.ts';
import { type Db, nowIso } from '../db/database.ts';

/**
 * Note what happened to a profile. A save of the same thing within a few
 * minutes of the last one moves that entry on instead of adding another, so a
 * busy editing session is one line, not fifty.
 */
export async function recordActivity(db: Db, page: ActingOn, kind: ActivityKind, subject = '', at = nowIso()): Promise<void> {
  const actorId = page.actorId ?? null;
  const last = await db
    .selectFrom('activity')
    .select(['id', 'kind', 'subject', 'actorId', 'createdAt'])
    .where('userId', '=', page.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const mergeSince = new Date(Date.parse(at) - ACTIVITY_MERGE_MINUTES * 60_000).toISOString();
  if (last && last.kind === kind && last.subject === subject && last.actorId === actorId && last.createdAt >= mergeSince) {
    await db.updateTable('activity').set({ createdAt: at }).where('id', '=', last.id).execute();
    return;
  }
  await db.insertInto('activity').values({ userId: page.id, kind, subject, actorId, createdAt: at }).execute();
}

/**
 * The page a change is made on, and who makes it (issue 53): users/page-choice.ts puts the person acting on the
 * page row a request acts on; a change made by the site itself (a first click, a scheduled job) has none.
 */
export interface ActingOn {
  id: number;
  actorId?: number;
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

/** A page's latest entries, newest first, each with who made it; `before`: only entries older than that one (the log's next page). */
export async function recentActivity(db: Db, userId: number, limit: number, before?: number): Promise<ActivityItem[]> {
  let query = db
    .selectFrom('activity')
    .leftJoin('users as actor', 'actor.id', 'activity.actorId')
    .select(['activity.id', 'activity.kind', 'activity.subject', 'activity.createdAt'])
    .select(['actor.id as actorId', 'actor.username as actorUsername', 'actor.displayName as actorName'])
    .where('activity.userId', '=', userId);
  if (before !== undefined) query = query.where('activity.id', '<', before);
  const rows = await query.orderBy('activity.id', 'desc').limit(limit).execute();
  return rows.map(({ createdAt, actorId, actorUsername, actorName, ...row }) => ({
    ...row,
    at: createdAt,
    actor:
      actorId === null || actorUsername === null ? null : { id: actorId, username: actorUsername, displayName: actorName ?? actorUsername },
  }));
}

/** Entries older than this are deleted with the raw analytics events. */
export async function pruneActivity(db: Db, before: string): Promise<void> {
  await db.deleteFrom('activity').where('createdAt', '<', before).execute();
}
