import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';

const publicUserQuery = preparedQuery((db: Db, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'bio', 'profileImage', 'verified', 'plan'])
    .where('username', '=', username)
    .where('isActive', '=', 1),
);

/** The fields of an active user that make their public profile, or undefined. */
export async function findPublicUser(db: Db, username: string) {
  const [user] = await publicUserQuery(db, username.toLowerCase());
  return user;
}
