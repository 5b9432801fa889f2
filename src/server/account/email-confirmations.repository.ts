import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EmailConfirmationsTable } from '../db/schema.ts';

export async function insertEmailConfirmation(db: Db, row: Insertable<EmailConfirmationsTable>): Promise<void> {
  await db.insertInto('emailConfirmations').values(row).execute();
}

/** Use a confirmation link once, if unused and unexpired, in one statement: its user and address, or undefined. */
export async function useEmailConfirmation(db: Db, id: string, at: string): Promise<{ userId: number; email: string } | undefined> {
  return db
    .updateTable('emailConfirmations')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning(['userId', 'email'])
    .executeTakeFirst();
}

/** Links expired or used before `before` go. */
export async function deleteOldEmailConfirmations(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('emailConfirmations')
    .where((eb) => eb.or([eb('expiresAt', '<', before), eb('usedAt', '<', before)]))
    .execute();
}

/** Accounts a forgot-password request may mean: by username, or by a confirmed address (several accounts may share one). */
export function findAccountsForReset(db: Db, identifier: string, limit: number) {
  const lowered = identifier.toLowerCase();
  return (
    db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'language'])
      .where((eb) => eb.or([eb('username', '=', lowered), eb(eb.fn('lower', ['email']), '=', lowered)]))
      // Only a confirmed address receives anything.
      .where('emailConfirmedAt', 'is not', null)
      .where('isActive', '=', 1)
      .where('deleteAfter', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}
