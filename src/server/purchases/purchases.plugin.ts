import { inAdminScope, inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { purchasesExport } from './purchases.export.ts';
import { registerAdminPurchaseRoutes, registerPurchaseRoutes, registerStripeWebhook } from './purchases.routes.ts';

/** Plans and add-ons bought through Stripe: the webhook, the buyer's checkout and receipts, the control center's list. */
export const purchasesPlugin: FeaturePlugin = async (app, services) => {
  services.exportParts.push(purchasesExport);
  const { db, config, payments } = services;
  await registerStripeWebhook(app, payments);
  await inAdminScope(app, services, (admin) => registerAdminPurchaseRoutes(admin, db));
  await inSignedInScope(app, 'account', (me) => registerPurchaseRoutes(me, db, config, payments));
};
