import type { Db } from '../db/database.ts';
import type { NewUser, UserRow, UserUpdate } from '../db/schema.ts';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function isUsernameInReservedList(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom('reservedUsernames').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** Seed the app's own route names into the reserved list, so admins see them (idempotent). */
export async function seedReservedRouteNames(db: Db, names: readonly string[], at: string): Promise<void> {
  await db
    .insertInto('reservedUsernames')
    .values(names.map((username) => ({ username, reason: 'Used by the app for its own pages', reservedBy: null, createdAt: at })))
    .onConflict((conflict) => conflict.column('username').doNothing())
    .execute();
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Whether the account exists and is not deactivated. */
export async function isUserActive(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('isActive').where('id', '=', id).executeTakeFirst();
  return row?.isActive === 1;
}
