import { inSignedInScope } from '../auth/guards.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerActivityRoutes } from './activity.routes.ts';

/** The dashboard's recent activity: what the owner changed, and what visitors did. */
export const activityPlugin: FeaturePlugin = async (app, { db, viewRecordsOf }) => {
  await inSignedInScope(app, (me) => registerActivityRoutes(me, db, viewRecordsOf));
};
