import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { customizationExport } from './customization.export.ts';
import { registerCustomizationRoutes } from './customization.routes.ts';

/** The page's look: one document, saved looks, reset. */
export const customizationPlugin: FeaturePlugin = async (app, { db, changes, config, exportParts }) => {
  exportParts.push(customizationExport);
  await inSignedInScope(app, 'editor', (me) => registerCustomizationRoutes(me, db, changes, config.planLimits));
};
