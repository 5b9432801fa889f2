import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { subscribersExport } from './subscribers.export.ts';
import { registerSubscribeRoutes, registerSubscriberRoutes } from './subscribers.routes.ts';

/** A page's email list: visitors sign up and confirm; the owner reads, exports and writes to it. */
export const subscribersPlugin: FeaturePlugin = async (app, { db, config, outbox, exportParts, publicProfileNamed }) => {
  exportParts.push(subscribersExport);
  await registerSubscribeRoutes(app, { db, publicProfileNamed, config, outbox, limits: config.subscribeRateLimit });
  await inSignedInScope(app, 'analyst', (me) => registerSubscriberRoutes(me, db, outbox));
};
