import type { PurchaseItem } from '#shared/purchases.ts';
import type { PurchaseStatus } from '#shared/purchases.schema.ts';

// What is bought and where a purchase stands (PURCHASE_ITEM_NAMES' words), in the screen's language (issue 54):
// Account's receipts and the control center's purchases. The plans' names are the product's and stay as they are.
export const ITEM_WORDS = {
  pro: /*i18n*/ { id: 'app.purchases.itemPro', message: '{plan} plan' },
  business: /*i18n*/ { id: 'app.purchases.itemBusiness', message: '{plan} plan' },
  verified_badge: /*i18n*/ { id: 'app.purchases.itemVerifiedBadge', message: 'Verified badge' },
  image_hosting: /*i18n*/ { id: 'app.purchases.itemImageHosting', message: 'Image hosting (500 MB)' },
  custom_domain: /*i18n*/ { id: 'app.purchases.itemCustomDomain', message: 'Custom domain' },
} as const satisfies Record<PurchaseItem, object>;

export const STATUS_WORDS = {
  pending: /*i18n*/ { id: 'app.purchases.statusPending', message: 'Waiting for payment' },
  paid: /*i18n*/ { id: 'app.purchases.statusPaid', message: 'Paid' },
  refunded: /*i18n*/ { id: 'app.purchases.statusRefunded', message: 'Refunded' },
} as const satisfies Record<PurchaseStatus, object>;
