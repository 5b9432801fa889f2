import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerLinkCheckRoutes } from './link-checks.routes.ts';

/** What the daily checks found of the owner's links. */
export const linkChecksPlugin: FeaturePlugin = async (app, { db, linkChecker }) => {
  await inSignedInScope(app, 'editor', (me) => registerLinkCheckRoutes(me, db, linkChecker.enabled));
};
