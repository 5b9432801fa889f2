import type { Plan } from './constants.ts';
import { PLAN_NAMES, isHigherPlan } from './plans.ts';

// What can be bought when the site takes payments through Stripe (issue 33 §2,
// spec 001 §9): one-time, lifetime plans, where an upgrade costs the
// difference, and add-ons. Prices are in the currency's smallest unit (cents),
// come from this table (PRICES overrides it) and are computed on the server;
// a client never names an amount.

export const PAID_PLANS = ['pro', 'business'] as const satisfies readonly Plan[];
type PaidPlan = (typeof PAID_PLANS)[number];
export const ADD_ONS = ['verified_badge', 'image_hosting', 'custom_domain'] as const;
export type AddOn = (typeof ADD_ONS)[number];
export const PURCHASE_ITEMS = [...PAID_PLANS, ...ADD_ONS] as const;
export type PurchaseItem = (typeof PURCHASE_ITEMS)[number];

export type Prices = Record<PurchaseItem, number>;

export const DEFAULT_PRICES: Prices = { pro: 699, business: 1999, verified_badge: 1499, image_hosting: 399, custom_domain: 999 };

/** What the image hosting add-on adds to the plan's upload space. */
export const IMAGE_HOSTING_ADD_ON_BYTES = 500 * 1024 * 1024;

export const PURCHASE_ITEM_NAMES: Record<PurchaseItem, string> = {
  pro: `${PLAN_NAMES.pro} plan`,
  business: `${PLAN_NAMES.business} plan`,
  verified_badge: 'Verified badge',
  image_hosting: 'Image hosting (500 MB)',
  custom_domain: 'Custom domain',
};

/** A plan's lifetime price; Free costs nothing. */
export function planPrice(prices: Prices, plan: Plan): number {
  return plan === 'free' ? 0 : prices[plan];
}

/** What the account may buy and at what, or why not. */
export type Offer = { item: PurchaseItem; amount: number } | { item: PurchaseItem; refused: string };

/** A plan, not an add-on. */
export function isPlanItem(item: PurchaseItem): item is PaidPlan {
  return PAID_PLANS.some((plan) => plan === item);
}

export interface Buyer {
  plan: Plan;
  /** The verified badge, bought or given by an admin. */
  verified: boolean;
  /** The plan shows the badge whatever the account has (Business). */
  planShowsBadge: boolean;
  /** Upload space added by the image hosting add-on. */
  extraUploadBytes: number;
  /** The plan includes a custom domain (Business). */
  planHasCustomDomain: boolean;
  /** The custom domain add-on was bought. */
  customDomainAddOn: boolean;
}

/** The offer for one item: an upgrade costs the difference between the plans' prices. */
export function offerFor(prices: Prices, buyer: Buyer, item: PurchaseItem): Offer {
  if (isPlanItem(item)) {
    if (!isHigherPlan(item, buyer.plan)) return { item, refused: purchaseMessages.planHeld(PLAN_NAMES[buyer.plan]) };
    return { item, amount: Math.max(0, prices[item] - planPrice(prices, buyer.plan)) };
  }
  if (item === 'verified_badge') {
    if (buyer.planShowsBadge) return { item, refused: purchaseMessages.badgeWithPlan(PLAN_NAMES[buyer.plan]) };
    if (buyer.verified) return { item, refused: purchaseMessages.addOnHeld };
  }
  if (item === 'image_hosting' && buyer.extraUploadBytes > 0) return { item, refused: purchaseMessages.addOnHeld };
  if (item === 'custom_domain') {
    if (buyer.planHasCustomDomain) return { item, refused: purchaseMessages.domainWithPlan(PLAN_NAMES[buyer.plan]) };
    if (buyer.customDomainAddOn) return { item, refused: purchaseMessages.addOnHeld };
    if (buyer.plan === 'free') return { item, refused: purchaseMessages.domainNeedsPlan(PLAN_NAMES.pro) };
  }
  return { item, amount: prices[item] };
}

/** An amount in a currency, as people read it: '$6.99', '€13.00' (in a locale: '6,99 US$'). */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

export const purchaseMessages = {
  notConfigured: 'This site takes no payments. Plans are given by its administrator.',
  planHeld: (plan: string) => `Your account already has the ${plan} plan, which includes this.`,
  badgeWithPlan: (plan: string) => `Your ${plan} plan already shows the verified badge.`,
  addOnHeld: 'Your account already has this add-on.',
  domainWithPlan: (plan: string) => `Your ${plan} plan already includes a custom domain.`,
  domainNeedsPlan: (plan: string) => `The custom domain add-on is for ${plan} accounts: get ${plan} first.`,
  checkoutFailed: 'The payment page could not be opened. Nothing was charged; please try again in a minute.',
} as const;
