import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SessionsTable } from '../db/schema.ts';

export async function insertSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with its user, if the session exists. */
export function findSessionWithUser(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(['sessions.id as sessionId', 'sessions.expiresAt as sessionExpiresAt', 'sessions.lastSeenAt as sessionLastSeenAt'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

/** Note that the session was used (and push its expiry, when given). */
export async function touchSession(db: Db, id: string, lastSeenAt: string, expiresAt?: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ lastSeenAt, ...(expiresAt ? { expiresAt } : {}) })
    .where('id', '=', id)
    .execute();
}

/** A user's sessions that have not expired, most recently used first. */
export function listSessionsOfUser(db: Db, userId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'userAgent', 'country', 'createdAt', 'lastSeenAt'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .orderBy('lastSeenAt', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}

/** Every session of the user but the one kept. */
export async function deleteOtherSessions(db: Db, userId: number, keepId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('userId', '=', userId).where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<', now).execute();
}
