import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { activityExport } from './activity.export.ts';
import { registerActivityRoutes } from './activity.routes.ts';

/** The dashboard's recent activity: what the owner changed, and what visitors did. */
export const activityPlugin: FeaturePlugin = async (app, { db, viewRecordsOf, exportParts }) => {
  exportParts.push(activityExport);
  await inSignedInScope(app, 'analyst', (me) => registerActivityRoutes(me, db, viewRecordsOf));
};
