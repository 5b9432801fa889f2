import type { Db } from '../db/database.ts';
import type { Database, UserRow } from '../db/schema.ts';

/**
 * Every column outside `users` that names the person rather than a page (issue 53): what signs them in, what
 * they bought, the teams they are on and what they did. When an account gives its own first page away, these
 * follow the person to the page they keep; everything else (links, look, analytics, subscribers, domain…) stays
 * with the page. tests/api/account-move.test.ts checks that every column pointing at `users` is named here or
 * on its list of the page's own, so that a new table has to choose.
 */
export const ACCOUNT_REFERENCES = [
  ['sessions', 'userId'],
  ['passwordResetTokens', 'userId'],
  ['emailConfirmations', 'userId'],
  ['apiTokens', 'userId'],
  ['totpFactors', 'userId'],
  ['recoveryCodes', 'userId'],
  ['signInChallenges', 'userId'],
  ['passkeys', 'userId'],
  ['webauthnChallenges', 'userId'],
  ['ssoIdentities', 'userId'],
  ['ssoSignIns', 'linkUserId'],
  ['purchases', 'userId'],
  ['pageMembers', 'accountId'],
  ['pageInvitations', 'offeredTo'],
  ['pageInvitations', 'invitedBy'],
  ['activity', 'actorId'],
  // What they did as staff: an admin's log, the reset links and reserved names they made, the renames they did.
  ['adminLogs', 'adminId'],
  ['passwordResetTokens', 'createdBy'],
  ['reservedUsernames', 'reservedBy'],
  ['usernameHistory', 'changedBy'],
] as const satisfies readonly (readonly [keyof Database, string])[];

/** The person's own fields of the account's row: the page keeps its profile, address, plan flags and settings. */
const ACCOUNT_FIELDS = ['passwordHash', 'email', 'emailConfirmedAt', 'role', 'dashboardTheme', 'language'] as const;

/** What a page that is not an account carries in the person's fields: no way to sign in, no address, no staff role. */
const NO_ACCOUNT = { passwordHash: '', email: null, emailConfirmedAt: null, role: 'user', language: null } as const;

/**
 * Moves the account `from` (its row is also its first page) onto `keeper`, one of its further pages, which becomes
 * the account's row and first page: the person signs in as before, with the same password, sessions, factors,
 * tokens and purchases, and owns their other pages from there. `from` is left a page with no account, for the
 * caller to give its new owner. Run inside the caller's transaction.
 */
export async function moveAccountToPage(trx: Db, from: UserRow, keeper: UserRow, at: string): Promise<void> {
  // A token made for "the account's own page" keeps acting on the page it was made for, not on the one kept.
  await trx
    .updateTable('apiTokens')
    .set({ pageIds: String(from.id) })
    .where('userId', '=', from.id)
    .where('pageIds', '=', '')
    .execute();
  // What the person did on their own page before pages had actors was theirs.
  await trx.updateTable('activity').set({ actorId: keeper.id }).where('userId', '=', from.id).where('actorId', 'is', null).execute();
  for (const [table, column] of ACCOUNT_REFERENCES) {
    await trx
      .updateTable(table)
      .set({ [column]: keeper.id } as never)
      .where(column as never, '=', from.id as never)
      .execute();
  }
  // The address leaves the old row before it reaches the new one: an address is confirmed on one account only.
  await trx
    .updateTable('users')
    .set({ ...NO_ACCOUNT, updatedAt: at })
    .where('id', '=', from.id)
    .execute();
  const fields = Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, from[field]]));
  await trx
    .updateTable('users')
    .set({ ...fields, ownerId: null, updatedAt: at })
    .where('id', '=', keeper.id)
    .execute();
  await trx.updateTable('users').set({ ownerId: keeper.id }).where('ownerId', '=', from.id).execute();
}

/**
 * The page an account keeps as its first when it gives its own away: its oldest further page that is live (not
 * being deleted, not switched off by an admin). Undefined: it has none, and its first page cannot move yet.
 */
export function pageKeptByAccount(db: Db, accountId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('ownerId', '=', accountId)
    .where('deleteAfter', 'is', null)
    .where('isActive', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}
