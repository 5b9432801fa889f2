import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { analyticsExport } from './analytics.export.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';

/** The owner's figures and their CSV. */
export const analyticsPlugin: FeaturePlugin = async (app, { db, config, exportParts }) => {
  exportParts.push(analyticsExport);
  await inSignedInScope(app, 'analyst', (me) => registerAnalyticsRoutes(me, db, config));
};
