import { randomBytes } from 'node:crypto';
import { type ResetLink, type ResetPasswordInput, passwordResetMessages, resetLinkPath } from '#shared/password-reset.ts';
import { type Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { hashPassword } from '../users/password.ts';
import { hashToken } from '../http/who-is-asking.ts';
import { deleteSessionsOfUser } from '../users/sessions.repository.ts';
import { updateUser } from '../users/users.repository.ts';
import { deleteResetTokensOfUser, insertResetToken, isLiveResetToken, useResetToken } from './password-reset.repository.ts';

/**
 * A one-time link that sets a new password for the user: a random token in the
 * link, only its hash stored. `origin` makes it absolute (the site's public
 * origin); without one it is the path on this site. `language`: its page's (the mail's), English without one.
 */
export async function createResetLink(
  db: Db,
  userId: number,
  {
    hours,
    createdBy,
    origin = '',
    language,
    now = Date.now(),
  }: { hours: number; createdBy: number | null; origin?: string; language?: string | null; now?: number },
): Promise<ResetLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + hours * 3600_000).toISOString();
  await insertResetToken(db, { id: hashToken(token), userId, createdBy, createdAt: new Date(now).toISOString(), expiresAt, usedAt: null });
  return { url: `${origin}${resetLinkPath(token, language)}`, expiresAt };
}

/** A link that no longer works (used, expired or forged) gets the one message, before any password is typed. */
export async function checkResetLink(db: Db, token: string, now = Date.now()): Promise<void> {
  if (!(await isLiveResetToken(db, hashToken(token), new Date(now).toISOString())))
    throw new AppError(400, 'reset_link_invalid', passwordResetMessages.linkInvalid);
}

/**
 * Set a new password from a link: the link works once and before it expires;
 * a used, expired or forged one gets one message and changes nothing. The
 * token is looked up by its hash, so nothing about a stored token can be
 * learned from timing. Every session of the account ends, and its other links.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, now = Date.now()): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    const at = new Date(now).toISOString();
    const userId = await useResetToken(trx, hashToken(input.token), at);
    if (userId === undefined) throw new AppError(400, 'reset_link_invalid', passwordResetMessages.linkInvalid);
    // Not the profile's updatedAt: the public page shows it as 'Updated'.
    await updateUser(trx, userId, { passwordHash });
    await deleteSessionsOfUser(trx, userId);
    await deleteResetTokensOfUser(trx, userId);
  });
}
