import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PageInvitationsTable, PageRole, UserRow } from '../db/schema.ts';

/** A page's members with their names, the longest-standing first. */
export function membersOf(db: Db, pageId: number) {
  return db
    .selectFrom('pageMembers')
    .innerJoin('users', 'users.id', 'pageMembers.accountId')
    .select(['pageMembers.accountId', 'pageMembers.role', 'pageMembers.createdAt', 'users.username', 'users.displayName'])
    .select(['users.email', 'users.emailConfirmedAt'])
    .where('pageMembers.pageId', '=', pageId)
    .orderBy('pageMembers.createdAt')
    .orderBy('pageMembers.accountId')
    .execute();
}

export function findMember(db: Db, pageId: number, accountId: number) {
  return db
    .selectFrom('pageMembers')
    .innerJoin('users', 'users.id', 'pageMembers.accountId')
    .select([
      'pageMembers.accountId',
      'pageMembers.role',
      'users.username',
      'users.displayName',
      'users.email',
      'users.emailConfirmedAt',
      'users.language',
    ])
    .where('pageMembers.pageId', '=', pageId)
    .where('pageMembers.accountId', '=', accountId)
    .executeTakeFirst();
}

/** Whether an account with this confirmed address is on the page's team. */
export async function isMemberByAddress(db: Db, pageId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('pageMembers')
    .innerJoin('users', 'users.id', 'pageMembers.accountId')
    .select('users.id')
    .where('pageMembers.pageId', '=', pageId)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
    .where('users.emailConfirmedAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMember(db: Db, pageId: number, accountId: number, role: PageRole, at: string): Promise<void> {
  await db.insertInto('pageMembers').values({ pageId, accountId, role, createdAt: at }).execute();
}

export async function updateMemberRole(db: Db, pageId: number, accountId: number, role: PageRole): Promise<void> {
  await db.updateTable('pageMembers').set({ role }).where('pageId', '=', pageId).where('accountId', '=', accountId).execute();
}

export async function deleteMember(db: Db, pageId: number, accountId: number): Promise<boolean> {
  const result = await db.deleteFrom('pageMembers').where('pageId', '=', pageId).where('accountId', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertInvitation(db: Db, invitation: Insertable<PageInvitationsTable>) {
  return db.insertInto('pageInvitations').values(invitation).returningAll().executeTakeFirstOrThrow();
}

/** The page's invitations that can still be accepted (not offers of the page), the newest first. */
export function pendingInvitationsOf(db: Db, pageId: number, now: string) {
  return db
    .selectFrom('pageInvitations')
    .selectAll()
    .where('pageId', '=', pageId)
    .where('role', '!=', 'owner')
    .where('expiresAt', '>', now)
    .orderBy('id', 'desc')
    .execute();
}

export function findPendingInvitationTo(db: Db, pageId: number, email: string, now: string) {
  return db
    .selectFrom('pageInvitations')
    .select('id')
    .where('pageId', '=', pageId)
    .where('email', '=', email)
    .where('role', '!=', 'owner')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/** An invitation by its link's token hash, with its page's names and who sent it. */
export function findInvitationByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('pageInvitations')
    .innerJoin('users as page', 'page.id', 'pageInvitations.pageId')
    .innerJoin('users as inviter', 'inviter.id', 'pageInvitations.invitedBy')
    .selectAll('pageInvitations')
    .select(['page.username as pageUsername', 'page.displayName as pageDisplayName', 'page.ownerId as pageOwnerId'])
    .select(['page.isActive as pageIsActive', 'page.deleteAfter as pageDeleteAfter'])
    .select(['inviter.displayName as inviterName', 'inviter.username as inviterUsername'])
    .where('pageInvitations.tokenHash', '=', tokenHash)
    .where('pageInvitations.role', '!=', 'owner')
    .executeTakeFirst();
}

export async function deleteInvitation(db: Db, pageId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('pageInvitations').where('pageId', '=', pageId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The owner's offer of the page to a member, if one waits. */
export function findOwnershipOffer(db: Db, pageId: number, now: string) {
  return db
    .selectFrom('pageInvitations')
    .selectAll()
    .where('pageId', '=', pageId)
    .where('role', '=', 'owner')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

export async function deleteOwnershipOffers(db: Db, pageId: number): Promise<boolean> {
  const result = await db.deleteFrom('pageInvitations').where('pageId', '=', pageId).where('role', '=', 'owner').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Invitations and offers past their time: removed by the hourly job. */
export async function deleteExpiredInvitations(db: Db, now: string): Promise<void> {
  await db.deleteFrom('pageInvitations').where('expiresAt', '<=', now).execute();
}

/** Hand the page to another account: it takes that account's plan and add-ons. */
export async function moveOwnership(
  db: Db,
  pageId: number,
  to: Pick<UserRow, 'id' | 'plan' | 'extraUploadBytes' | 'customDomainAddOn'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ownerId: to.id,
      plan: to.plan,
      extraUploadBytes: to.extraUploadBytes,
      customDomainAddOn: to.customDomainAddOn,
      updatedAt: at,
    })
    .where('id', '=', pageId)
    .execute();
}
