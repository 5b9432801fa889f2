import { type ProfileUpdate, profileSettingsMessages, usernameLockedUntil, daysUntil } from '#shared/profile-settings.ts';
import { subscriberMessages } from '#shared/subscribers.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow, UserUpdate } from '../db/schema.ts';
import { recordActivity } from '../journal/activity.repository.ts';
import { AppError } from '../http/errors.ts';
import { deleteMediaByUrl, findOwnedMediaByUrl } from '../media/media.repository.ts';
import { findUserById, findUserByUsername, insertUsernameHistory, updateUser } from '../users/users.repository.ts';
import { assertUsernameAvailable, usernameTaken } from '../users/users.service.ts';

/** Save any of the settings. A new profile picture must be the owner's own avatar upload; the one it replaces is freed. */
export async function updateProfile(db: Db, owner: UserRow, input: ProfileUpdate): Promise<UserRow> {
  return db.transaction().execute((trx) => applyProfileUpdate(trx, owner, input));
}

/** updateProfile inside the caller's transaction (a page file's settings are saved with its links). */
export async function applyProfileUpdate(trx: Db, owner: UserRow, input: ProfileUpdate): Promise<UserRow> {
  const current = (await findUserById(trx, owner.id))!;
  if (input.profileImage && input.profileImage !== current.profileImage) {
    if (!(await findOwnedMediaByUrl(trx, owner.id, 'avatar', input.profileImage))) {
      throw new AppError(400, 'validation_failed', profileSettingsMessages.invalidProfileImage, {
        fieldErrors: { profileImage: profileSettingsMessages.invalidProfileImage },
      });
    }
  }
  // The time zone only changes how the dashboard counts days: the page itself is not updated.
  const changesPage = Object.keys(input).some((field) => field !== 'timeZone');
  const changes: UserUpdate = changesPage ? { updatedAt: nowIso() } : {};
  if (changesPage) await recordActivity(trx, owner, 'profile_updated');
  if (input.displayName !== undefined) changes.displayName = input.displayName || current.username;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.email !== undefined) {
    changes.email = input.email || null;
    // A new address is unconfirmed until its link is followed; the same address keeps its confirmation.
    if (changes.email?.toLowerCase() !== current.email?.toLowerCase()) changes.emailConfirmedAt = null;
  }
  if (input.theme !== undefined) changes.dashboardTheme = input.theme;
  if (input.language !== undefined) changes.language = input.language;
  if (input.showViews !== undefined) changes.showViews = input.showViews ? 1 : 0;
  if (input.showUpdated !== undefined) changes.showUpdated = input.showUpdated ? 1 : 0;
  if (input.markNewLinks !== undefined) changes.markNewLinks = input.markNewLinks ? 1 : 0;
  if (input.openInBrowserBar !== undefined) changes.openInBrowserBar = input.openInBrowserBar ? 1 : 0;
  if (input.subscribeForm !== undefined) changes.subscribeForm = input.subscribeForm ? 1 : 0;
  if (input.subscribeConsent !== undefined) changes.subscribeConsent = input.subscribeConsent;
  if (input.contentWarning !== undefined) changes.contentWarning = input.contentWarning;
  if (input.pageLanguage !== undefined) changes.pageLanguage = input.pageLanguage;
  // A form on the page says what the visitor agrees to: never without its consent line.
  if ((changes.subscribeForm ?? current.subscribeForm) === 1 && !(changes.subscribeConsent ?? current.subscribeConsent)) {
    throw new AppError(400, 'validation_failed', subscriberMessages.consentRequired, {
      fieldErrors: { subscribeConsent: subscriberMessages.consentRequired },
    });
  }
  if (input.profileImage !== undefined) changes.profileImage = input.profileImage;
  if (input.timeZone !== undefined) changes.timeZone = input.timeZone;
  await updateUser(trx, owner.id, changes);
  if (input.profileImage !== undefined && current.profileImage && current.profileImage !== input.profileImage) {
    await deleteMediaByUrl(trx, owner.id, 'avatar', current.profileImage);
  }
  return (await findUserById(trx, owner.id))!;
}

/**
 * The owner's own username change (spec 000 §4 "Username lock"): once every 90
 * days, recorded in the history; the old name stays held for the owner and
 * redirects to the new one for 30 days. Links, media and analytics belong to
 * the account id, so they follow.
 */
export async function changeOwnUsername(db: Db, owner: UserRow, username: string): Promise<UserRow> {
  try {
    return await changeUsernameOnce(db, owner, username);
  } catch (error) {
    // Two changes raced for the name: the unique index decided.
    if (!(error instanceof AppError) && (await findUserByUsername(db, username))) throw usernameTaken();
    throw error;
  }
}

function changeUsernameOnce(db: Db, owner: UserRow, username: string): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const current = (await findUserById(trx, owner.id))!;
    if (current.username === username) {
      throw new AppError(400, 'no_changes', profileSettingsMessages.sameUsername, {
        fieldErrors: { username: profileSettingsMessages.sameUsername },
      });
    }
    const lockedUntil = usernameLockedUntil(current.usernameChangedAt);
    if (lockedUntil) {
      const message = profileSettingsMessages.usernameLocked(daysUntil(lockedUntil));
      throw new AppError(403, 'username_locked', message, { fieldErrors: { username: message } });
    }
    await assertUsernameAvailable(trx, username, owner.id);
    const at = nowIso();
    await updateUser(trx, owner.id, { username, usernameChangedAt: at, updatedAt: at });
    await recordActivity(trx, owner, 'username_changed', username, at);
    await insertUsernameHistory(trx, {
      userId: owner.id,
      oldUsername: current.username,
      newUsername: username,
      changedBy: owner.id,
      reason: null,
      changedAt: at,
    });
    return (await findUserById(trx, owner.id))!;
  });
}
