import type { CurrentUser } from '#shared/user.types.ts';
import { isAppRouteName } from '#shared/reserved-names.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { authMessages } from '#shared/auth.schema.ts';
import { AppError } from '../http/errors.ts';
import { findUserByUsername, isUsernameInReservedList } from './users.repository.ts';

/** The only place a user row becomes the owner's API shape: no hash can slip through. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    bio: row.bio,
    email: row.email,
    profileImage: row.profileImage,
    role: row.role,
    plan: row.plan,
    verified: row.verified === 1,
    isActive: row.isActive === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A name is reserved when the app routes it, or an admin reserved it. */
export async function isUsernameReserved(db: Db, username: string): Promise<boolean> {
  return isAppRouteName(username) || (await isUsernameInReservedList(db, username));
}

/** Refuse a name that is reserved (409) or held by someone (409), with the message the forms show. */
export async function assertUsernameAvailable(db: Db, username: string): Promise<void> {
  if (await isUsernameReserved(db, username)) {
    throw new AppError(409, 'username_reserved', authMessages.usernameReserved, {
      fieldErrors: { username: authMessages.usernameReserved },
    });
  }
  if (await findUserByUsername(db, username)) throw usernameTaken();
}

export function usernameTaken(): AppError {
  return new AppError(409, 'username_taken', authMessages.usernameTaken, { fieldErrors: { username: authMessages.usernameTaken } });
}
