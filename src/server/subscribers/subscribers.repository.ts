import type { Insertable } from 'kysely';
import { SUBSCRIBERS_LISTED } from '#shared/subscribers.ts';
import type { Db } from '../db/database.ts';
import type { SubscribersTable } from '../db/schema.ts';

const PUBLIC_FIELDS = ['id', 'email', 'status', 'consent', 'createdAt', 'confirmedAt'] as const;

export function findSubscriber(db: Db, userId: number, email: string) {
  return db.selectFrom('subscribers').selectAll().where('userId', '=', userId).where('email', '=', email).executeTakeFirst();
}

export async function countSubscribers(db: Db, userId: number): Promise<{ total: number; confirmed: number }> {
  const rows = await db
    .selectFrom('subscribers')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('userId', '=', userId)
    .groupBy('status')
    .execute();
  const total = rows.reduce((sum, row) => sum + Number(row.count), 0);
  const confirmed = Number(rows.find((row) => row.status === 'confirmed')?.count ?? 0);
  return { total, confirmed };
}

export async function insertSubscriber(db: Db, row: Insertable<SubscribersTable>): Promise<void> {
  await db.insertInto('subscribers').values(row).execute();
}

/** A pending address asked again: a new link (the old one stops working), and a new week to use it. */
export async function renewPendingLink(db: Db, id: number, tokenHash: string, confirmBefore: string): Promise<void> {
  await db.updateTable('subscribers').set({ tokenHash, confirmBefore }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** The entry a visitor's link names, with the page it belongs to. */
export function findByToken(db: Db, tokenHash: string, username: string) {
  return db
    .selectFrom('subscribers')
    .innerJoin('users', 'users.id', 'subscribers.userId')
    .select(['subscribers.id', 'subscribers.status', 'subscribers.confirmBefore', 'users.displayName', 'users.username'])
    .where('subscribers.tokenHash', '=', tokenHash)
    .where('users.username', '=', username)
    .executeTakeFirst();
}

/** Confirms a pending entry whose link is still good, in one statement; whether it did. */
export async function confirmSubscriber(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('subscribers')
    .set({ status: 'confirmed', confirmedAt: at, confirmBefore: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('confirmBefore', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSubscriberById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('subscribers').where('id', '=', id).execute();
}

/** The owner removing an entry: only their own. Whether there was one. */
export async function deleteSubscriberOfUser(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function newestSubscribers(db: Db, userId: number) {
  return db
    .selectFrom('subscribers')
    .select(PUBLIC_FIELDS)
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(SUBSCRIBERS_LISTED)
    .execute();
}

export function allSubscribers(db: Db, userId: number) {
  return db.selectFrom('subscribers').select(PUBLIC_FIELDS).where('userId', '=', userId).orderBy('id').execute();
}

/** Pending addresses whose link ran out go: nobody confirmed them. */
export async function deleteUnconfirmedPending(db: Db, at: string): Promise<void> {
  await db.deleteFrom('subscribers').where('status', '=', 'pending').where('confirmBefore', '<=', at).execute();
}
