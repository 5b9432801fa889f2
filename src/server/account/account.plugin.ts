import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerAccountRoutes, registerPasswordResetRoutes, registerSiteFeatureRoutes } from './account.routes.ts';

/** The account: password recovery, what this site offers, and the owner's own settings, export and deletion. */
export const accountPlugin: FeaturePlugin = async (app, { db, config, signInLimits, accountMail, changes, siteFeatures, exportParts }) => {
  registerPasswordResetRoutes(app, db, signInLimits, accountMail);
  registerSiteFeatureRoutes(app, db, siteFeatures);
  await inSignedInScope(app, 'account', (me) =>
    registerAccountRoutes(me, { db, config, limits: signInLimits, accountMail, bus: changes, exportParts }),
  );
};
