import type { Db } from '../db/database.ts';

export async function insertSession(db: Db, session: { id: string; userId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with its user, if the session exists. */
export function findSessionWithUser(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(['sessions.id as sessionId', 'sessions.expiresAt as sessionExpiresAt'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function extendSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt }).where('id', '=', id).execute();
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
