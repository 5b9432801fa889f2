import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerPlanRoutes } from './plans.routes.ts';

/** What the signed-in person's plan allows, and how much of it they use. */
export const plansPlugin: FeaturePlugin = async (app, { db, config, referencedUploads, pageReaders }) => {
  await inSignedInScope(app, 'analyst', (me) => registerPlanRoutes(me, db, config, { ...pageReaders, referenced: referencedUploads }));
};
