import type { CurrentUser } from '#shared/user.types.ts';
import { isAppRouteName } from '#shared/reserved-names.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { isUsernameInReservedList } from './users.repository.ts';

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
    isActive: row.isActive === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A name is reserved when the app routes it, or an admin reserved it. */
export async function isUsernameReserved(db: Db, username: string): Promise<boolean> {
  return isAppRouteName(username) || (await isUsernameInReservedList(db, username));
}
