import { createHash } from 'node:crypto';
import {
  type AccountSession,
  CREATORS_SHOWN_FROM,
  type ChangePasswordInput,
  type WeeklySummaryInput,
  accountMessages,
} from '#shared/account.ts';
import type { Plan } from '#shared/constants.ts';
import { type PlanLimits, planFeatureMessages, plansAllowing } from '#shared/plans.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { agentOf } from '../http/client-details.ts';
import { AppError, planFeatureRefused } from '../http/errors.ts';
import { assertOwnPassword, hashPassword, hasPassword } from '../users/password.ts';
import { deleteOtherSessions, deleteSession, listSessionsOfUser } from '../users/sessions.repository.ts';
import { countCreators, updateUser } from '../users/users.repository.ts';

/**
 * The handle a session is named by in the Account section: derived from the
 * stored id (itself the hash of the cookie's token), so neither the token nor
 * the stored id ever leaves the server, and nothing more is stored.
 */
export function sessionHandleOf(sessionId: string): string {
  return createHash('sha256').update(`session-handle:${sessionId}`).digest('base64url').slice(0, 22);
}

/**
 * Change the password after checking the current one; every other session of
 * the account ends, the one that asked stays.
 */
export async function changePassword(db: Db, user: UserRow, currentSessionId: string, input: ChangePasswordInput): Promise<void> {
  await assertOwnPassword(user, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    // Not the profile's updatedAt: the public page shows it as 'Updated', and a password is no part of the page.
    await updateUser(trx, user.id, { passwordHash });
    await deleteOtherSessions(trx, user.id, currentSessionId);
  });
}

/** The first password of an account made through single sign-on: from then on it signs in too. */
export async function setFirstPassword(db: Db, user: UserRow, newPassword: string): Promise<UserRow> {
  if (hasPassword(user)) throw new AppError(409, 'already_enabled', accountMessages.passwordAlreadySet);
  const passwordHash = await hashPassword(newPassword);
  await updateUser(db, user.id, { passwordHash });
  return { ...user, passwordHash };
}

/** The account's sessions as its owner sees them, this one marked. */
export async function sessionsOf(db: Db, userId: number, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await listSessionsOfUser(db, userId, nowIso());
  return rows.map((row) => {
    const { device, browser } = row.userAgent ? agentOf(row.userAgent) : { device: 'desktop', browser: 'Unknown browser' };
    return {
      id: sessionHandleOf(row.id),
      device,
      browser: browser === 'Other' ? 'Unknown browser' : browser,
      country: row.country,
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt ?? row.createdAt,
      current: row.id === currentSessionId,
    };
  });
}

/** End one of the account's sessions by its handle; returns whether it was the one asking. */
export async function endSessionByHandle(db: Db, userId: number, currentSessionId: string, handle: string): Promise<{ current: boolean }> {
  const rows = await listSessionsOfUser(db, userId, nowIso());
  const session = rows.find((row) => sessionHandleOf(row.id) === handle);
  if (!session) throw new AppError(404, 'not_found', accountMessages.sessionNotFound);
  await deleteSession(db, session.id);
  return { current: session.id === currentSessionId };
}

/** End every session of the account but the one asking; returns how many ended. */
export function endOtherSessions(db: Db, userId: number, currentSessionId: string): Promise<number> {
  return deleteOtherSessions(db, userId, currentSessionId);
}

/**
 * Turn the summary by email on or off, and say how often it goes: on takes a
 * confirmed address to send it to; every month is Business's report (premium
 * analytics), refused on a plan without it.
 */
export async function setWeeklySummary(
  db: Db,
  planLimits: Record<Plan, PlanLimits>,
  user: UserRow,
  { weeklySummary: on, every }: WeeklySummaryInput,
): Promise<UserRow> {
  if (on && !user.emailConfirmedAt) throw new AppError(400, 'no_email', accountMessages.weeklySummaryNeedsEmail);
  if (every === 'month' && !planLimits[user.plan].premiumAnalytics) {
    throw planFeatureRefused(planFeatureMessages.monthlyReport(plansAllowing(planLimits, (plan) => plan.premiumAnalytics)), 'every');
  }
  const changes = { weeklySummary: on ? 1 : 0, summaryEvery: every ?? user.summaryEvery };
  await updateUser(db, user.id, changes);
  return { ...user, ...changes };
}

/** How long the creator count is reused: one count query a minute at most, however busy the landing page. */
const CREATOR_COUNT_TTL_MS = 60_000;

/** How many creators have a page here, counted at most once a minute; null while fewer than CREATORS_SHOWN_FROM. */
export function creatorCounter(db: Db): () => Promise<number | null> {
  let counted: { creators: number; at: number } | undefined;
  return async () => {
    if (!counted || Date.now() - counted.at > CREATOR_COUNT_TTL_MS) counted = { creators: await countCreators(db), at: Date.now() };
    return counted.creators >= CREATORS_SHOWN_FROM ? counted.creators : null;
  };
}
