import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DAY_MS, type Plan } from '#shared/constants.ts';
import {
  type Buyer,
  IMAGE_HOSTING_ADD_ON_BYTES,
  PURCHASE_ITEMS,
  PURCHASE_ITEM_NAMES,
  type Prices,
  type PurchaseItem,
  formatMoney,
  isPlanItem,
  offerFor,
  purchaseMessages,
} from '#shared/purchases.ts';
import { PLAN_NAMES, type PlanLimits, isHigherPlan } from '#shared/plans.ts';
import type { StripeSettings } from '../config.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { ChangeBus } from '../http/change-bus.ts';
import { AppError } from '../http/errors.ts';
import { insertLog } from '../journal/admin-log.repository.ts';
import { findUserById, updateUser } from '../users/users.repository.ts';
import { publishPagesChanged } from '../users/users.service.ts';
import {
  type PurchaseRow,
  deleteStalePending,
  findPurchaseByPayment,
  findPurchaseBySession,
  findStripeEvent,
  insertPurchase,
  insertStripeEvent,
  listPurchases,
  listPurchasesOf,
  markPurchasePaid,
  markPurchaseRefunded,
} from './purchases.repository.ts';

// Payments through Stripe Checkout (issue 33 §2). The server computes every
// amount from its own price table; a Checkout Session is opened for it, and
// kept as a pending purchase. Nothing changes for the account until Stripe's
// signed webhook says the session was paid, with the same amount in the same
// currency; each event is handled once, by its id. A refund returns the
// account to where the purchase found it. Both are written to the admin log
// under "Stripe".

/** The name the admin log gives the payments' own changes. */
const STRIPE_ACTOR = 'Stripe';
/** Checkout Sessions expire after a day; a page opened and never paid is forgotten after two. */
const PENDING_KEPT_MS = 2 * DAY_MS;

/** The parts of Stripe's objects the site reads, checked before anything reads them. */
const stripeId = z.string().min(1).max(255);
const paymentIntentOf = z.union([stripeId, z.object({ id: stripeId }).transform(({ id }) => id), z.null()]).default(null);
const sessionSchema = z.object({
  id: stripeId,
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable().default(null),
  payment_intent: paymentIntentOf,
});
type PaidSession = z.infer<typeof sessionSchema>;
const chargeSchema = z.object({ refunded: z.boolean(), payment_intent: paymentIntentOf });

function parsed<T>(schema: z.ZodType<T>, object: unknown, what: string): T {
  const result = schema.safeParse(object);
  if (!result.success) throw new RefusedEvent(`the event's object is not ${what}`);
  return result.data;
}

/** Why a webhook was refused: answered 400, logged, and nothing changed. */
class RefusedEvent extends Error {}

export interface Payments {
  checkout(user: UserRow, item: PurchaseItem, log: FastifyBaseLogger): Promise<string>;
  /** Verify, then handle once, a webhook's raw body; throws AppError(400) when refused. */
  handleWebhook(rawBody: Buffer, signature: string | undefined, log: FastifyBaseLogger): Promise<void>;
}

/** What an account holds, as the offers see it. */
export function buyerOf(user: UserRow, planLimits: Record<Plan, PlanLimits>): Buyer {
  return {
    plan: user.plan,
    verified: user.verified === 1,
    planShowsBadge: planLimits[user.plan].verifiedBadge,
    extraUploadBytes: user.extraUploadBytes,
    planHasCustomDomain: planLimits[user.plan].customDomain,
    customDomainAddOn: user.customDomainAddOn === 1,
  };
}

const describe = (purchase: PurchaseRow) => `${PURCHASE_ITEM_NAMES[purchase.item]}, ${formatMoney(purchase.amount, purchase.currency)}`;

function logAction(trx: Db, action: 'purchase' | 'purchase_refund', user: UserRow, details: string) {
  return insertLog(trx, {
    adminId: null,
    adminUsername: STRIPE_ACTOR,
    action,
    targetId: user.id,
    targetUsername: user.username,
    details,
    createdAt: nowIso(),
  });
}

/** A paid purchase given to its account, marked paid and logged. */
async function apply(trx: Db, purchase: PurchaseRow, user: UserRow, paymentIntent: string | null, at: string): Promise<void> {
  const item = purchase.item;
  if (isPlanItem(item)) {
    // A plan bought while a higher one was given meanwhile changes nothing but the receipt.
    if (isHigherPlan(item, user.plan)) await updateUser(trx, user.id, { plan: item, updatedAt: at });
  } else if (item === 'verified_badge') {
    await updateUser(trx, user.id, { verified: 1, updatedAt: at });
  } else if (item === 'image_hosting') {
    await updateUser(trx, user.id, { extraUploadBytes: IMAGE_HOSTING_ADD_ON_BYTES, updatedAt: at });
  } else {
    await updateUser(trx, user.id, { customDomainAddOn: 1, updatedAt: at });
  }
  const fromPlan = isPlanItem(item) ? user.plan : null;
  await markPurchasePaid(trx, purchase.id, paymentIntent, fromPlan, at);
  const moved = isPlanItem(item) && isHigherPlan(item, user.plan) ? ` (${user.plan} → ${item})` : '';
  await logAction(trx, 'purchase', user, `${describe(purchase)}${moved}`);
}

/** A refunded purchase taken back (a plan back to the one it had, unless it moved on since), marked and logged. */
async function undo(trx: Db, purchase: PurchaseRow, at: string): Promise<UserRow | undefined> {
  const user = purchase.userId === null ? undefined : await findUserById(trx, purchase.userId);
  await markPurchaseRefunded(trx, purchase.id, at);
  if (!user) return;
  const item = purchase.item;
  let details = `${describe(purchase)} refunded`;
  if (isPlanItem(item)) {
    // Back to the plan it had, unless the plan moved on since (an admin, or a later purchase).
    if (user.plan === item && purchase.fromPlan) {
      await updateUser(trx, user.id, { plan: purchase.fromPlan, updatedAt: at });
      details += ` (${item} → ${purchase.fromPlan})`;
    }
  } else if (item === 'verified_badge') {
    await updateUser(trx, user.id, { verified: 0, updatedAt: at });
  } else if (item === 'image_hosting') {
    await updateUser(trx, user.id, { extraUploadBytes: 0, updatedAt: at });
  } else {
    await updateUser(trx, user.id, { customDomainAddOn: 0, updatedAt: at });
  }
  await logAction(trx, 'purchase_refund', user, details);
  return user;
}

/** The session's purchase, checked against what the server asked Stripe for. */
async function paidPurchase(trx: Db, session: PaidSession): Promise<PurchaseRow> {
  const purchase = await findPurchaseBySession(trx, session.id);
  if (!purchase) throw new RefusedEvent('no purchase was opened for this Checkout Session');
  const item = session.metadata?.item;
  if (!PURCHASE_ITEMS.some((known) => known === item) || item !== purchase.item) {
    throw new RefusedEvent(`the session is for an unknown item (${String(item)})`);
  }
  if (session.amount_total !== purchase.amount || session.currency?.toLowerCase() !== purchase.currency) {
    throw new RefusedEvent(
      `the amount paid (${session.amount_total} ${session.currency}) is not the price asked (${purchase.amount} ${purchase.currency})`,
    );
  }
  return purchase;
}

export class StripePayments implements Payments {
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Db,
    private readonly settings: StripeSettings,
    private readonly prices: Prices,
    private readonly planLimits: Record<Plan, PlanLimits>,
    private readonly bus: ChangeBus,
  ) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      ...(api && { host: api.hostname, port: api.port || undefined, protocol: api.protocol === 'http:' ? 'http' : 'https' }),
    });
  }

  async checkout(user: UserRow, item: PurchaseItem, log: FastifyBaseLogger): Promise<string> {
    const { db, settings, stripe } = this;
    const offer = offerFor(this.prices, buyerOf(user, this.planLimits), item);
    if ('refused' in offer) throw new AppError(409, 'already_owned', offer.refused);
    const isPlan = isPlanItem(item);
    const upgrade = isPlan && user.plan !== 'free';
    const name = upgrade ? `${PLAN_NAMES[item]} plan (upgrade from ${PLAN_NAMES[user.plan]})` : PURCHASE_ITEM_NAMES[item];
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: settings.currency, unit_amount: offer.amount, product_data: { name } } }],
        client_reference_id: String(user.id),
        ...(user.email && user.emailConfirmedAt ? { customer_email: user.email } : {}),
        metadata: { userId: String(user.id), item, fromPlan: user.plan },
        success_url: `${settings.origin}/dashboard?tab=account&checkout=done`,
        cancel_url: `${settings.origin}/pricing?checkout=cancelled`,
      });
    } catch (error) {
      log.error({ err: error }, 'payments: Stripe refused to open a Checkout Session');
      throw new AppError(502, 'payment_unavailable', purchaseMessages.checkoutFailed);
    }
    if (!session.url) throw new AppError(502, 'payment_unavailable', purchaseMessages.checkoutFailed);
    const at = nowIso();
    await deleteStalePending(db, new Date(Date.now() - PENDING_KEPT_MS).toISOString());
    await insertPurchase(db, {
      userId: user.id,
      username: user.username,
      item,
      fromPlan: isPlan ? user.plan : null,
      amount: offer.amount,
      currency: settings.currency,
      status: 'pending',
      checkoutSessionId: session.id,
      paymentIntentId: null,
      createdAt: at,
      paidAt: null,
      refundedAt: null,
    });
    return session.url;
  }

  async handleWebhook(rawBody: Buffer, signature: string | undefined, log: FastifyBaseLogger): Promise<void> {
    const { db, settings, stripe } = this;
    let event: Stripe.Event;
    try {
      // Checks the signature and that it was made in the last five minutes (a replay of an old one is refused).
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
    } catch (error) {
      log.warn({ reason: (error as Error).message }, 'payments: a webhook with a bad signature was refused');
      throw new AppError(400, 'webhook_refused', 'The signature does not match.');
    }
    const changed: UserRow[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        if (await findStripeEvent(trx, event.id)) return;
        const at = nowIso();
        if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
          const session = parsed(sessionSchema, event.data.object, 'a Checkout Session');
          // A payment still on its way (a bank transfer) is confirmed by async_payment_succeeded.
          if (session.payment_status !== 'paid') return;
          const purchase = await paidPurchase(trx, session);
          if (purchase.status !== 'pending') return;
          const user = purchase.userId === null ? undefined : await findUserById(trx, purchase.userId);
          if (!user) throw new RefusedEvent('the account that opened the purchase no longer exists');
          await apply(trx, purchase, user, session.payment_intent, at);
          changed.push(user);
        } else if (event.type === 'charge.refunded') {
          const charge = parsed(chargeSchema, event.data.object, 'a charge');
          const purchase = charge.payment_intent ? await findPurchaseByPayment(trx, charge.payment_intent) : undefined;
          if (!purchase) throw new RefusedEvent('the refunded charge is no purchase of this site');
          // A partial refund is a gesture; only a whole one takes back what was bought.
          if (!charge.refunded || purchase.status !== 'paid') return;
          const user = await undo(trx, purchase, at);
          if (user) changed.push(user);
        } else {
          return;
        }
        await insertStripeEvent(trx, event.id, event.type, at);
      });
    } catch (error) {
      if (error instanceof RefusedEvent) {
        log.warn({ event: event.id, type: event.type, reason: error.message }, 'payments: a webhook event was refused');
        throw new AppError(400, 'webhook_refused', `Refused: ${error.message}.`);
      }
      // The same event delivered twice at once: the other delivery handled it.
      if (await findStripeEvent(db, event.id)) return;
      throw error;
    }
    // The account's further pages take its plan (issue 53): each is drawn again.
    for (const user of changed) await publishPagesChanged(db, this.bus, user);
  }
}

/** A purchase as the API shows it. */
export function toPurchase(row: PurchaseRow) {
  return {
    id: row.id,
    item: row.item,
    fromPlan: row.fromPlan as Plan | null,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    stripeId: row.paymentIntentId ?? row.checkoutSessionId,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    refundedAt: row.refundedAt,
  };
}

/** An account's receipts, newest first. */
export async function purchasesOf(db: Db, userId: number) {
  return (await listPurchasesOf(db, userId)).map(toPurchase);
}

/** A page of every purchase, newest first, with whose it is (the control center's list). */
export async function purchasesPage(db: Db, page: number, limit: number) {
  const { rows, total } = await listPurchases(db, (page - 1) * limit, limit);
  return { purchases: rows.map((row) => ({ ...toPurchase(row), userId: row.userId, username: row.username })), total };
}
