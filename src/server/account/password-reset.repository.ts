import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PasswordResetTokensTable } from '../db/schema.ts';

export async function insertResetToken(db: Db, token: Insertable<PasswordResetTokensTable>): Promise<void> {
  await db.insertInto('passwordResetTokens').values(token).execute();
}

/**
 * Use the link once: marks it used only if it is unused and not expired, in
 * one statement, so two requests racing with the same link cannot both win.
 * The user it was for, or undefined.
 */
export async function useResetToken(db: Db, id: string, at: string): Promise<number | undefined> {
  const used = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning('userId')
    .executeTakeFirst();
  return used?.userId;
}

/** Whether the link is unused and not expired, without using it. */
export async function isLiveResetToken(db: Db, id: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('passwordResetTokens')
    .select('userId')
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many reset links were mailed to the user since then (an admin's links are handed over, not mailed, and do not count). */
export async function countMailedResetTokensSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('passwordResetTokens')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('userId', '=', userId)
    .where('createdBy', 'is', null)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every other link of the user stops working (a new password makes them moot). */
export async function deleteResetTokensOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('passwordResetTokens').where('userId', '=', userId).where('usedAt', 'is', null).execute();
}

/** Links past their time or used, older than a day, go. */
export async function deleteOldResetTokens(db: Db, before: string): Promise<void> {
  await db.deleteFrom('passwordResetTokens').where('expiresAt', '<', before).execute();
}
