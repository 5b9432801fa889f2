import { type DeleteAccountInput, accountMessages } from '#shared/account.ts';
import { DAY_MS, USERNAME_HOLD_DAYS } from '#shared/constants.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { assertTypedUsername } from '../users/users.service.ts';
import { deleteSessionsOfUser } from '../users/sessions.repository.ts';
import {
  countActiveAdmins,
  deleteExpiredUsernameHolds,
  deleteUser,
  findUserById,
  furtherPagesOf,
  holdUsername,
  updateUser,
  usersDueForDeletion,
} from '../users/users.repository.ts';
import { assertOwnPassword } from '../users/password.ts';

/** Accounts removed per pass of the hourly job (each in its own transaction). */
const PURGE_BATCH = 100;

/**
 * The owner deletes the account: the password and the username typed out are
 * asked. The public page is gone at once (the caller drops it from the cache)
 * and every session ends; after the grace period the account is removed for
 * good. Signing in before then offers to take it back.
 */
export async function requestDeletion(
  db: Db,
  user: UserRow,
  input: DeleteAccountInput,
  graceDays: number,
  now = Date.now(),
): Promise<string> {
  await assertOwnPassword(user, input.password, 'password');
  assertTypedUsername(input.username, user.username);
  const deleteAfter = new Date(now + graceDays * DAY_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    if (user.role === 'admin' && (await countActiveAdmins(trx)) <= 1) throw new AppError(409, 'last_admin', accountMessages.lastAdmin);
    await updateUser(trx, user.id, { deleteAfter });
    await deleteSessionsOfUser(trx, user.id);
  });
  return deleteAfter;
}

/** Take the account back during the grace period: its page is online again. */
export async function cancelDeletion(db: Db, user: UserRow): Promise<UserRow> {
  await updateUser(db, user.id, { deleteAfter: null });
  return (await findUserById(db, user.id))!;
}

/**
 * Remove an account for good: its links, media, analytics and sessions go with
 * it (foreign keys cascade), and its name is held for USERNAME_HOLD_DAYS, like
 * a changed name, so that nobody can take over its audience at once. Run it
 * in a transaction.
 */
export async function purgeAccount(trx: Db, user: Pick<UserRow, 'id' | 'username'>, now = Date.now()): Promise<number[]> {
  const heldUntil = new Date(now + USERNAME_HOLD_DAYS * DAY_MS).toISOString();
  // The pages the account owns go with it, their names held too (issue 53); pages it only joined are untouched.
  const pages = await furtherPagesOf(trx, user.id);
  for (const page of pages) await holdUsername(trx, page.username, heldUntil);
  await holdUsername(trx, user.username, heldUntil);
  await deleteUser(trx, user.id);
  return pages.map((page) => page.id);
}

/** The hourly job: accounts whose grace period is over are removed, and names held long enough are free again. The accounts and pages removed. */
export async function purgeDeletedAccounts(db: Db, now = Date.now()): Promise<number[]> {
  const at = new Date(now).toISOString();
  const purged: number[] = [];
  for (;;) {
    const due = await usersDueForDeletion(db, at, PURGE_BATCH);
    for (const user of due) {
      const pages = await db.transaction().execute((trx) => purgeAccount(trx, user, now));
      purged.push(user.id, ...pages);
    }
    if (due.length < PURGE_BATCH) break;
  }
  await deleteExpiredUsernameHolds(db, at);
  return purged;
}
