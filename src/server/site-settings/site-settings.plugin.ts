import { inAdminScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerSiteSettingsAdminRoutes, registerSiteSettingsRoutes } from './site-settings.routes.ts';

/** The site's own settings (coming-soon mode): read by every page, changed in the control center. */
export const siteSettingsPlugin: FeaturePlugin = async (app, services) => {
  registerSiteSettingsRoutes(app, services.siteSettings);
  await inAdminScope(app, services, (admin) => registerSiteSettingsAdminRoutes(admin, services.db, services.changes));
};
