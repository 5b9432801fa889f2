import { type Insertable, sql } from 'kysely';
import type { ReservedUsernamesTable } from '../db/schema.ts';
import { type Db, escapeLike } from '../db/database.ts';

/** A case-insensitive substring match that treats %, _ and quotes as plain text. */
function containing(search: string) {
  return `%${escapeLike(search.toLowerCase())}%`;
}

export async function listUsers(db: Db, search: string, offset: number, limit: number) {
  let query = db.selectFrom('users').leftJoin('users as owner', 'owner.id', 'users.ownerId');
  if (search) {
    const pattern = containing(search);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('users.username')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('users.displayName')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('users')
      .select('owner.username as ownerUsername')
      .orderBy('users.createdAt', 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function listReserved(db: Db, search: string, offset: number, limit: number) {
  let query = db.selectFrom('reservedUsernames').leftJoin('users', 'users.id', 'reservedUsernames.reservedBy');
  if (search) query = query.where(sql<boolean>`lower(reserved_usernames.username) like ${containing(search)} escape '\\'`);
  const [rows, count] = await Promise.all([
    query
      .select([
        'reservedUsernames.id',
        'reservedUsernames.username',
        'reservedUsernames.reason',
        'reservedUsernames.createdAt',
        'users.username as reservedByUsername',
      ])
      .orderBy('reservedUsernames.createdAt', 'desc')
      .orderBy('reservedUsernames.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function listUsernameHistory(db: Db, userId: number) {
  return db
    .selectFrom('usernameHistory')
    .leftJoin('users', 'users.id', 'usernameHistory.changedBy')
    .select([
      'usernameHistory.id',
      'usernameHistory.oldUsername',
      'usernameHistory.newUsername',
      'usernameHistory.reason',
      'usernameHistory.changedAt',
      'users.username as changedByUsername',
    ])
    .where('usernameHistory.userId', '=', userId)
    .orderBy('usernameHistory.changedAt', 'desc')
    .orderBy('usernameHistory.id', 'desc')
    .execute();
}

export async function countStats(db: Db) {
  const count = async (query: Promise<{ n: number } | undefined>) => Number((await query)?.n ?? 0);
  const [totalUsers, activeUsers, reservedUsernames, totalAdminActions] = await Promise.all([
    count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('isActive', '=', 1)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('reservedUsernames')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('adminLogs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ),
  ]);
  return { totalUsers, activeUsers, reservedUsernames, totalAdminActions };
}

export function findReservedUsername(db: Db, username: string) {
  return db.selectFrom('reservedUsernames').select('id').where('username', '=', username).executeTakeFirst();
}

export function findReservedUsernameById(db: Db, id: number) {
  return db.selectFrom('reservedUsernames').select(['id', 'username', 'reason']).where('id', '=', id).executeTakeFirst();
}

export function insertReservedUsername(db: Db, entry: Insertable<ReservedUsernamesTable>) {
  return db.insertInto('reservedUsernames').values(entry).returning(['id', 'username', 'reason', 'createdAt']).executeTakeFirstOrThrow();
}

export async function deleteReservedUsername(db: Db, id: number): Promise<void> {
  await db.deleteFrom('reservedUsernames').where('id', '=', id).execute();
}
