import type { Db } from '../db/database.ts';

/** The fields of an active user that make their public profile, or undefined. */
export function findPublicUser(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'bio', 'profileImage', 'verified', 'plan'])
    .where('username', '=', username.toLowerCase())
    .where('isActive', '=', 1)
    .executeTakeFirst();
}
