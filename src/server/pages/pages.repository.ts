import type { Db } from '../db/database.ts';
import { furtherPageRank } from '../users/page-rank.repository.ts';

const SUMMARY_FIELDS = [
  'users.id',
  'users.username',
  'users.displayName',
  'users.profileImage',
  'users.plan',
  'users.ownerId',
  'users.deleteAfter',
] as const;

/** The account's own pages (its first, then the further ones as made), deleted ones in their grace period too. */
export function ownedPageRows(db: Db, accountId: number) {
  return db
    .selectFrom('users')
    .select(SUMMARY_FIELDS)
    .select(furtherPageRank)
    .select('users.weeklySummary')
    .where((eb) => eb.or([eb('users.id', '=', accountId), eb('users.ownerId', '=', accountId)]))
    .orderBy('users.id')
    .execute();
}

/** The live pages the account was let into, with its role, by address. */
export function joinedPageRows(db: Db, accountId: number) {
  return db
    .selectFrom('pageMembers')
    .innerJoin('users', 'users.id', 'pageMembers.pageId')
    .select(SUMMARY_FIELDS)
    .select(furtherPageRank)
    .select(['pageMembers.role', 'pageMembers.weeklySummary'])
    .where('pageMembers.accountId', '=', accountId)
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null)
    .orderBy('users.username')
    .execute();
}

/** How many pages the account owns that are not being deleted, its own first page counted. */
export async function countLiveOwnedPages(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(db.fn.countAll().as('n'))
    .where('ownerId', '=', accountId)
    .where('deleteAfter', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

export async function setMemberSummary(db: Db, pageId: number, accountId: number, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable('pageMembers')
    .set({ weeklySummary: on ? 1 : 0 })
    .where('pageId', '=', pageId)
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
