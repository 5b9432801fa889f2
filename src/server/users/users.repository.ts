import type { Db } from '../db/database.ts';
import { spokenPageLanguage } from './page-language.repository.ts';
import type { Insertable } from 'kysely';
import type { PageRole } from '#shared/page-roles.ts';
import type { NewUser, UserRow, UserUpdate, UsernameHistoryTable } from '../db/schema.ts';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}

/** Whether an account already has this address, confirmed (in any case). */
export async function isConfirmedEmailInUse(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('emailConfirmedAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The language of the account whose confirmed address this is (issue 54: mail to an address speaks its owner's), or undefined. */
export async function languageOfConfirmedEmail(db: Db, email: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('emailConfirmedAt', 'is not', null)
    .executeTakeFirst();
  return row?.language;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function isUsernameInReservedList(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom('reservedUsernames').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** Seed the app's own route names into the reserved list, so admins see them (idempotent). */
export async function seedReservedRouteNames(db: Db, names: readonly string[], at: string): Promise<void> {
  await db
    .insertInto('reservedUsernames')
    .values(names.map((username) => ({ username, reason: 'Used by the app for its own pages', reservedBy: null, createdAt: at })))
    .onConflict((conflict) => conflict.column('username').doNothing())
    .execute();
}

/** What an account's further pages take from it (issue 53): the plan, and the add-ons it bought. */
const INHERITED_BY_PAGES = ['plan', 'extraUploadBytes', 'customDomainAddOn'] as const;

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
  const inherited = Object.fromEntries(
    INHERITED_BY_PAGES.flatMap((field) => (changes[field] === undefined ? [] : [[field, changes[field]]])),
  );
  if (Object.keys(inherited).length > 0) await db.updateTable('users').set(inherited).where('ownerId', '=', id).execute();
}

/** The further pages an account owns, in the order they were made (its own first page is the account's row). */
export function furtherPagesOf(db: Db, accountId: number) {
  return db.selectFrom('users').selectAll().where('ownerId', '=', accountId).orderBy('id').execute();
}

/** Active accounts' usernames, in the order they joined, at most `limit` of them (the sitemap's profiles). */
export async function listActiveUsernames(db: Db, limit: number): Promise<{ username: string; updatedAt: string }[]> {
  return db
    .selectFrom('users')
    .select(['username', 'updatedAt'])
    .where('isActive', '=', 1)
    .where('deleteAfter', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Whether the account exists, is not deactivated, and is not being deleted. */
export async function isUserActive(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select(['isActive', 'deleteAfter']).where('id', '=', id).executeTakeFirst();
  return row?.isActive === 1 && row.deleteAfter === null;
}

/**
 * The user a former username now belongs to while it is held (the owner changed
 * it after `since`); the newest change wins. Undefined once the hold has run out.
 */
export async function findHolderOfFormerUsername(db: Db, username: string, since: string) {
  return (
    db
      .selectFrom('usernameHistory')
      .innerJoin('users', 'users.id', 'usernameHistory.userId')
      .select(['users.id', 'users.username', 'users.isActive'])
      .where('usernameHistory.oldUsername', '=', username.toLowerCase())
      .where('usernameHistory.changedAt', '>', since)
      // Only the owner's own changes: a name an admin took away is not held for the account.
      .whereRef('usernameHistory.changedBy', '=', 'usernameHistory.userId')
      .orderBy('usernameHistory.changedAt', 'desc')
      .orderBy('usernameHistory.id', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

export async function insertUsernameHistory(db: Db, entry: Insertable<UsernameHistoryTable>): Promise<void> {
  await db.insertInto('usernameHistory').values(entry).execute();
}

/** The time zones of the profiles given (those that still exist). */
export function timeZonesOfUsers(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'timeZone'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Whether a deleted account's name is still held (until then nobody may take it). */
export async function isHeldAfterDeletion(db: Db, username: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('heldUsernames')
    .select('username')
    .where('username', '=', username.toLowerCase())
    .where('heldUntil', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Hold a deleted account's name until `heldUntil`. */
export async function holdUsername(db: Db, username: string, heldUntil: string): Promise<void> {
  await db
    .insertInto('heldUsernames')
    .values({ username, heldUntil })
    .onConflict((conflict) => conflict.column('username').doUpdateSet({ heldUntil }))
    .execute();
}

export async function deleteExpiredUsernameHolds(db: Db, now: string): Promise<void> {
  await db.deleteFrom('heldUsernames').where('heldUntil', '<=', now).execute();
}

/** Accounts whose requested deletion is due. */
export function usersDueForDeletion(db: Db, now: string, limit: number) {
  return db.selectFrom('users').selectAll().where('deleteAfter', '<=', now).orderBy('id').limit(limit).execute();
}

/** The account and everything it owns (links, media, analytics, sessions: by cascade). */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Whether the name is a page that is gone, with the language it spoke: an account waiting out its deletion, or a
 * deleted account's held name (whose language went with it: null). Undefined: not gone.
 */
export async function findGoneUsername(db: Db, username: string, now: string): Promise<{ pageLanguage: string | null } | undefined> {
  const pending = await db
    .selectFrom('users')
    .select(spokenPageLanguage)
    .where('username', '=', username.toLowerCase())
    .where('deleteAfter', 'is not', null)
    .executeTakeFirst();
  if (pending) return pending;
  return (await isHeldAfterDeletion(db, username, now)) ? { pageLanguage: null } : undefined;
}

/** Active admins, not counting one whose account is being deleted. */
/** Accounts with a live page: active, and not waiting out a deletion. */
export async function countCreators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('isActive', '=', 1)
    .where('deleteAfter', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('isActive', '=', 1)
    .where('deleteAfter', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Accounts that asked for the summary, have a confirmed address, and got none in the last six days. */
/**
 * The pages whose summary by mail is due to be looked at (issue 53: per page): its owner asked for it (the page's own
 * flag, sent to the owner's confirmed address), or a member did (to theirs).
 */
export function weeklySummaryCandidates(db: Db, sentBefore: string, afterId: number, batch: number) {
  return db
    .selectFrom('users')
    .leftJoin('users as owner', 'owner.id', 'users.ownerId')
    .select(['users.id', 'users.username', 'users.timeZone', 'users.plan', 'users.summaryEvery'])
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('users.weeklySummary', '=', 1),
          eb.or([eb('users.emailConfirmedAt', 'is not', null), eb('owner.emailConfirmedAt', 'is not', null)]),
        ]),
        eb.exists(
          eb
            .selectFrom('pageMembers')
            .innerJoin('users as member', 'member.id', 'pageMembers.accountId')
            .select('member.id')
            .whereRef('pageMembers.pageId', '=', 'users.id')
            .where('pageMembers.weeklySummary', '=', 1)
            .where('member.emailConfirmedAt', 'is not', null),
        ),
      ]),
    )
    .where((eb) => eb.or([eb('users.weeklySummarySentAt', 'is', null), eb('users.weeklySummarySentAt', '<', sentBefore)]))
    .where('users.id', '>', afterId)
    .orderBy('users.id')
    .limit(batch)
    .execute();
}

/** Who gets a page's summary: its owner (when the page's flag is on) and the members who asked, at their confirmed addresses. */
export async function summaryRecipientsOf(db: Db, pageId: number): Promise<Array<{ address: string; language: string | null }>> {
  const [own, members] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('users as owner', 'owner.id', 'users.ownerId')
      .select([
        'users.weeklySummary',
        'users.email',
        'users.emailConfirmedAt',
        'users.language',
        'owner.email as ownerEmail',
        'owner.emailConfirmedAt as ownerConfirmedAt',
        'owner.language as ownerLanguage',
      ])
      .where('users.id', '=', pageId)
      .executeTakeFirst(),
    db
      .selectFrom('pageMembers')
      .innerJoin('users as member', 'member.id', 'pageMembers.accountId')
      .select(['member.email as address', 'member.language'])
      .where('pageMembers.pageId', '=', pageId)
      .where('pageMembers.weeklySummary', '=', 1)
      .where('member.emailConfirmedAt', 'is not', null)
      .where('member.isActive', '=', 1)
      .execute(),
  ]);
  const owner = own?.ownerConfirmedAt
    ? { address: own.ownerEmail, language: own.ownerLanguage }
    : own?.emailConfirmedAt
      ? { address: own.email, language: own.language }
      : null;
  const recipients = [...(own?.weeklySummary === 1 && owner ? [owner] : []), ...members];
  const seen = new Set<string>();
  return recipients.flatMap(({ address, language }) => {
    if (!address || seen.has(address)) return [];
    seen.add(address);
    return [{ address, language }];
  });
}

/**
 * The page `pageId` as `accountId` may act on it (issue 53), with their role: 'owner' of a page the account owns
 * (a deleted one too, to restore it), a member's role on an active page they were let into; undefined otherwise.
 * Asked on every call that names a page, never cached: a removed member's next call is refused.
 */
export async function pageOfAccount(db: Db, pageId: number, accountId: number): Promise<{ page: UserRow; role: PageRole } | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('pageMembers', (join) => join.onRef('pageMembers.pageId', '=', 'users.id').on('pageMembers.accountId', '=', accountId))
    .selectAll('users')
    .select('pageMembers.role as memberRole')
    .where('users.id', '=', pageId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { memberRole, ...page } = row;
  if (page.ownerId === accountId) return { page, role: 'owner' };
  if (memberRole && page.isActive === 1 && page.deleteAfter === null) return { page, role: memberRole };
  return undefined;
}

/** Whether the account owns or is a member of the page (its own visits to it are not counted). */
export async function actsOnPage(db: Db, accountId: number, pageId: number): Promise<boolean> {
  return (await pageOfAccount(db, pageId, accountId)) !== undefined;
}
