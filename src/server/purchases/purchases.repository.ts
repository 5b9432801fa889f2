import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PurchasesTable } from '../db/schema.ts';

export type PurchaseRow = Selectable<PurchasesTable>;

export async function insertPurchase(db: Db, purchase: Insertable<PurchasesTable>): Promise<void> {
  await db.insertInto('purchases').values(purchase).execute();
}

export function findPurchaseBySession(db: Db, checkoutSessionId: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('checkoutSessionId', '=', checkoutSessionId).executeTakeFirst();
}

export function findPurchaseByPayment(db: Db, paymentIntentId: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('paymentIntentId', '=', paymentIntentId).executeTakeFirst();
}

export async function markPurchasePaid(db: Db, id: number, paymentIntentId: string | null, fromPlan: PurchaseRow['fromPlan'], at: string) {
  await db.updateTable('purchases').set({ status: 'paid', paymentIntentId, fromPlan, paidAt: at }).where('id', '=', id).execute();
}

export async function markPurchaseRefunded(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('purchases').set({ status: 'refunded', refundedAt: at }).where('id', '=', id).execute();
}

/** A user's receipts: paid and refunded purchases, newest first (pending ones are pages never paid). */
export function listPurchasesOf(db: Db, userId: number): Promise<PurchaseRow[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('userId', '=', userId)
    .where('status', '!=', 'pending')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Every purchase paid or refunded, newest first, a page at a time (the control center). */
export async function listPurchases(db: Db, offset: number, limit: number) {
  const query = db.selectFrom('purchases').where('status', '!=', 'pending');
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Pages opened and never paid, older than `before`: nothing to keep. */
export async function deleteStalePending(db: Db, before: string): Promise<void> {
  await db.deleteFrom('purchases').where('status', '=', 'pending').where('createdAt', '<', before).execute();
}

export function findStripeEvent(db: Db, id: string) {
  return db.selectFrom('stripeEvents').select('id').where('id', '=', id).executeTakeFirst();
}

export async function insertStripeEvent(db: Db, id: string, type: string, at: string): Promise<void> {
  await db.insertInto('stripeEvents').values({ id, type, receivedAt: at }).execute();
}
