import { z } from 'zod';
import { PLANS } from './constants.ts';
import { ADMIN_LOG_PAGE_SIZE, limitSchema, pageSchema } from './admin.ts';
import { PURCHASE_ITEMS } from './purchases.ts';

// The purchases' requests and answers, apart from purchases.ts so the pricing
// page, which reads only the names and prices, loads no schema library.

/** POST /api/me/checkout: what to buy; the server says what it costs. */
export const checkoutRequestSchema = z.object({ item: z.enum(PURCHASE_ITEMS) }).strict();

export const checkoutSchema = z.object({ url: z.string() }).meta({ id: 'Checkout' });

export const PURCHASE_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const purchaseSchema = z
  .object({
    id: z.number().int(),
    item: z.enum(PURCHASE_ITEMS),
    /** The plan the account had before: a refund returns it there. */
    fromPlan: z.enum(PLANS).nullable(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(PURCHASE_STATUSES),
    /** Stripe's id of the payment (its Checkout Session until paid, then its PaymentIntent). */
    stripeId: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof purchaseSchema>;

export const adminPurchaseSchema = purchaseSchema
  .extend({ userId: z.number().int().nullable(), username: z.string() })
  .meta({ id: 'AdminPurchase' });
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;

/** What the site sells, for the pricing page (`/api/site/features`); null when it takes no payments. */
export const paymentsSchema = z.object({ currency: z.string(), prices: z.record(z.enum(PURCHASE_ITEMS), z.number().int()) }).nullable();

/** GET /api/admin/purchases */
export const adminPurchasesQuerySchema = z.object({ page: pageSchema, limit: limitSchema(ADMIN_LOG_PAGE_SIZE) });
export const adminPurchasesPageSchema = z.object({ purchases: z.array(adminPurchaseSchema), total: z.number().int() });

/** GET /api/me/offers: what this account may buy and for how much (an upgrade: the difference), or why not. */
export const offerSchema = z
  .object({ item: z.enum(PURCHASE_ITEMS), amount: z.number().int().nullable(), refused: z.string().nullable() })
  .meta({ id: 'Offer' });
export type OfferAnswer = z.infer<typeof offerSchema>;
export const offersSchema = z.object({ currency: z.string(), offers: z.array(offerSchema) });
export type Offers = z.infer<typeof offersSchema>;
