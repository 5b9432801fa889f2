import { DEFAULT_LANGUAGE, isLanguage, type Language, spokenLanguageOf } from '#shared/i18n/languages.ts';
import type { PageRole } from '#shared/page-roles.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { type ProfileSettings, usernameLockedUntil } from '#shared/profile-settings.ts';
import { isAppRouteName } from '#shared/reserved-names.ts';
import { TYPED_USERNAME_MISMATCH, typedUsernameMatches } from '#shared/typed-username.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { authMessages } from '#shared/auth.schema.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { AppError } from '../http/errors.ts';
import { DAY_MS, USERNAME_HOLD_DAYS, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '#shared/constants.ts';
import {
  findHolderOfFormerUsername,
  findUserById,
  furtherPagesOf,
  findUserByUsername,
  findGoneUsername,
  isHeldAfterDeletion,
  isUsernameInReservedList,
  listActiveUsernames,
} from './users.repository.ts';
import { findSpokenPageLanguage } from './page-language.repository.ts';

/** The one place a user row becomes the Profile tab's settings. */
/** The Profile tab's settings of a page, with the address and dashboard theme of the person signed in (issue 53). */
export function toProfileSettings(row: UserRow, account: UserRow = row): ProfileSettings {
  return {
    username: row.username,
    displayName: row.displayName,
    bio: row.bio,
    email: account.email,
    emailConfirmed: account.emailConfirmedAt !== null,
    profileImage: row.profileImage,
    theme: account.dashboardTheme,
    showViews: row.showViews === 1,
    showUpdated: row.showUpdated === 1,
    markNewLinks: row.markNewLinks === 1,
    openInBrowserBar: row.openInBrowserBar === 1,
    subscribeForm: row.subscribeForm === 1,
    subscribeConsent: row.subscribeConsent,
    contentWarning: row.contentWarning,
    pageLanguage: isLanguage(row.pageLanguage) ? row.pageLanguage : null,
    language: languageOf(account),
    timeZone: row.timeZone,
    lastUsernameChange: row.usernameChangedAt,
    usernameLockedUntil: usernameLockedUntil(row.usernameChangedAt),
  };
}

/**
 * The signed-in person's view of the page they act on (GET /api/auth/me): toCurrentUser, with the language the page
 * speaks asked of the database only for a page of someone else's team (its owner is not the person).
 */
export async function currentUserOf(db: Db, page: UserRow, account: UserRow, pageRole: PageRole): Promise<CurrentUser> {
  const othersPage = page.pageLanguage === null && page.ownerId !== null && page.ownerId !== account.id;
  return toCurrentUser(page, account, pageRole, othersPage ? await findSpokenPageLanguage(db, page.id) : undefined);
}

/** A person's language (issue 54): the one they chose, else the site's default. */
export function languageOf(account: Pick<UserRow, 'language'>): Language {
  return isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE;
}

/** Whether an address segment can be a username at all (its length and characters), before anything is looked up. */
export function isUsername(segment: string): boolean {
  return segment.length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(segment);
}

/**
 * The only place a user row becomes the owner's API shape: no hash can slip through. `row` is the page the call
 * acts on; `account`, the person signed in (issue 53), gives what is theirs: the address, the site role, the password
 * and second factors, the summary by mail, the account's deletion.
 */
export function toCurrentUser(
  row: UserRow,
  account: UserRow = row,
  pageRole: PageRole = 'owner',
  pageSpeaks: string | null = row.pageLanguage ?? (row.ownerId === null ? row.language : account.language),
): CurrentUser {
  return {
    id: row.id,
    accountId: account.id,
    accountUsername: account.username,
    pageRole,
    username: row.username,
    displayName: row.displayName,
    bio: row.bio,
    email: account.email,
    profileImage: row.profileImage,
    role: account.role,
    plan: row.plan,
    verified: row.verified === 1,
    isActive: row.isActive === 1,
    showUpdated: row.showUpdated === 1,
    markNewLinks: row.markNewLinks === 1,
    showViews: row.showViews === 1,
    subscribeForm: row.subscribeForm === 1,
    subscribeConsent: row.subscribeConsent,
    contentWarning: row.contentWarning,
    timeZone: row.timeZone,
    hasPassword: account.passwordHash !== '',
    emailConfirmed: account.emailConfirmedAt !== null,
    weeklySummary: account.weeklySummary === 1,
    summaryEvery: account.summaryEvery,
    language: languageOf(account),
    pageSpeaks: spokenLanguageOf(pageSpeaks),
    deleteAfter: account.deleteAfter,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The account with this id, when it exists and may sign in (not deactivated). */
export async function activeUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const user = await findUserById(db, id);
  return user?.isActive === 1 ? user : undefined;
}

/** The account as stored now, after a change made elsewhere; as it was, if it is gone meanwhile. */
export async function reloadUser(db: Db, user: UserRow): Promise<UserRow> {
  return (await findUserById(db, user.id)) ?? user;
}

/**
 * Whether the page at this name is gone, with the language it spoke: its account waits out its deletion, or was
 * deleted and the name is held. Undefined: not gone.
 */
export function goneAccountName(db: Db, username: string): Promise<{ pageLanguage: string | null } | undefined> {
  return findGoneUsername(db, username, nowIso());
}

/** The pages a sitemap lists: active accounts' usernames and when each changed, in the order they joined, at most `limit`. */
export function listedProfiles(db: Db, limit: number): Promise<{ username: string; updatedAt: string }[]> {
  return listActiveUsernames(db, limit);
}

/** A name is reserved when the app routes it, or an admin reserved it. */
export async function isUsernameReserved(db: Db, username: string): Promise<boolean> {
  return isAppRouteName(username) || (await isUsernameInReservedList(db, username));
}

/** Since when a former username is still held for its owner (USERNAME_HOLD_DAYS). */
export function usernameHoldStart(now = Date.now()): string {
  return new Date(now - USERNAME_HOLD_DAYS * DAY_MS).toISOString();
}

/** The account a former username redirects to, while it is held and the account is active. */
export async function currentHolderOf(db: Db, formerUsername: string): Promise<{ id: number; username: string } | undefined> {
  const holder = await findHolderOfFormerUsername(db, formerUsername, usernameHoldStart());
  return holder && holder.isActive === 1 && holder.username !== formerUsername.toLowerCase() ? holder : undefined;
}

/**
 * Refuse a name that is reserved (409), someone's (409), or someone's former
 * name still held for them (409, as taken). `forUserId`: the account that would
 * take it, which may take back its own former name.
 */
export async function assertUsernameAvailable(db: Db, username: string, forUserId?: number): Promise<void> {
  if (await isUsernameReserved(db, username)) {
    throw new AppError(409, 'username_reserved', authMessages.usernameReserved, {
      fieldErrors: { username: authMessages.usernameReserved },
    });
  }
  if (await findUserByUsername(db, username)) throw usernameTaken();
  if (await isHeldAfterDeletion(db, username, new Date().toISOString())) throw usernameTaken();
  const holder = await findHolderOfFormerUsername(db, username, usernameHoldStart());
  if (holder && holder.id !== forUserId) throw usernameTaken();
}

/** Whether a new account may take the name (the same rules as assertUsernameAvailable). */
export async function isUsernameAvailable(db: Db, username: string): Promise<boolean> {
  try {
    await assertUsernameAvailable(db, username);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The second confirmation of a deletion: the username typed out (shared/typed-username.ts). */
export function assertTypedUsername(typed: string, username: string): void {
  if (!typedUsernameMatches(typed, username)) {
    throw new AppError(400, 'username_mismatch', TYPED_USERNAME_MISMATCH, { fieldErrors: { username: TYPED_USERNAME_MISMATCH } });
  }
}

export function usernameTaken(): AppError {
  return new AppError(409, 'username_taken', authMessages.usernameTaken, { fieldErrors: { username: authMessages.usernameTaken } });
}

/** Every page an account owns (issue 53): its own first page, then the further ones in the order they were made. */
export async function ownedPagesOf(db: Db, account: UserRow): Promise<UserRow[]> {
  return [account, ...(await furtherPagesOf(db, account.id))];
}

/**
 * Every page the account owns is drawn again: they take its plan, add-ons and state, and which of them is past the
 * plan's number of pages (issue 53).
 */
export async function publishPagesChanged(db: Db, bus: Pick<ChangeBus, 'publish'>, account: UserRow): Promise<void> {
  for (const page of await ownedPagesOf(db, account)) bus.publish(profileChange(page));
}
