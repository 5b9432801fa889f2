import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, errorResponses, tooManyAttemptsMessage, tooManyCheckoutsMessage } from '#shared/api.ts';
import { PURCHASE_ITEMS, offerFor, purchaseMessages } from '#shared/purchases.ts';
import {
  adminPurchasesPageSchema,
  adminPurchasesQuerySchema,
  checkoutRequestSchema,
  checkoutSchema,
  offersSchema,
  purchaseSchema,
} from '#shared/purchases.schema.ts';
import type { AppConfig, RateLimitRule } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { requireAdmin, requireUser } from '../http/who-is-asking.ts';
import { type Payments, buyerOf, purchasesOf, purchasesPage } from './purchases.service.ts';

const tags = ['Plans'];

/** Checkout pages one account may open (each is a call to Stripe). */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { max: 10, timeWindowMs: 60 * 60_000 };
/** Stripe sends each event once, and retries a few times: far below this. */
const WEBHOOK_RATE_LIMIT: RateLimitRule = { max: 600, timeWindowMs: 60_000 };
/** Stripe's events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** The creator's side, registered under /api/me: what they may buy, the checkout, their receipts. */
export function registerPurchaseRoutes(app: App, db: Db, config: AppConfig, payments: Payments | undefined): void {
  const perUser = rateLimiter(app, 'checkout-user', config.checkoutRateLimit ?? CHECKOUT_RATE_LIMIT, tooManyCheckoutsMessage);

  // GET /api/me/offers: each item at its price for this account (an upgrade costs the difference), or why not.
  app.get(
    '/offers',
    {
      schema: {
        tags,
        summary: 'What the signed-in account may buy, and for how much',
        response: { 200: dataOf(offersSchema), ...errorResponses(401, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!config.payments) throw new AppError(409, 'payments_off', purchaseMessages.notConfigured);
      const buyer = buyerOf(user, config.planLimits);
      const offers = PURCHASE_ITEMS.map((item) => {
        const offer = offerFor(config.prices, buyer, item);
        return 'refused' in offer ? { item, amount: null, refused: offer.refused } : { item, amount: offer.amount, refused: null };
      });
      return { data: { currency: config.payments.currency, offers } };
    },
  );

  // POST /api/me/checkout {item}: a Stripe Checkout page for the price the server computes.
  app.post(
    '/checkout',
    {
      schema: {
        tags,
        summary: 'Open a Stripe Checkout page for a plan or add-on; the plan changes when Stripe confirms the payment',
        body: checkoutRequestSchema,
        response: { 200: dataOf(checkoutSchema), ...errorResponses(400, 401, 409, 429, 502) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!payments) throw new AppError(409, 'payments_off', purchaseMessages.notConfigured);
      await perUser(request, `user:${user.id}`);
      return { data: { url: await payments.checkout(user, request.body.item, request.log) } };
    },
  );

  // GET /api/me/purchases: the account's receipts.
  app.get(
    '/purchases',
    {
      schema: {
        tags,
        summary: "The signed-in account's purchases (receipts), newest first",
        response: { 200: dataOf(z.array(purchaseSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await purchasesOf(db, requireUser(request).id) }),
  );
}

/** Registered in the admin scope under /api/admin. */
export function registerAdminPurchaseRoutes(app: App, db: Db): void {
  // GET /api/admin/purchases?page&limit
  app.get(
    '/purchases',
    {
      schema: {
        tags: ['Admin'],
        summary: 'Every purchase paid or refunded, newest first (admin)',
        querystring: adminPurchasesQuerySchema,
        response: { 200: dataOf(adminPurchasesPageSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { page, limit } = request.query;
      return { data: await purchasesPage(db, page, limit) };
    },
  );
}

/**
 * POST /api/stripe/webhook: Stripe's events, at the root. It takes no Origin check and stays open while
 * the site is closed: its signature, checked against the raw body, is its check.
 */
export async function registerStripeWebhook(app: App, payments: Payments | undefined): Promise<void> {
  const perIp = rateLimiter(app, 'stripe-webhook', WEBHOOK_RATE_LIMIT, tooManyAttemptsMessage);
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The signature covers the bytes as sent: keep them, parse nothing.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/api/stripe/webhook',
      {
        config: { ...OPEN_WHILE_CLOSED, signedWebhook: true },
        schema: {
          tags,
          summary: "Stripe's webhook (checkout.session.completed, charge.refunded), checked by its signature",
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => {
        if (!payments) throw new AppError(404, 'not_found', purchaseMessages.notConfigured);
        await perIp(request, request.ip);
        if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'webhook_refused', 'The body must be the event as JSON.');
        await payments.handleWebhook(request.body, request.headers['stripe-signature'], request.log);
        return { received: true as const };
      },
    );
  });
}
