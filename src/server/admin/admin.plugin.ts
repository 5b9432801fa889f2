import { inAdminScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerAdminRoutes } from './admin.routes.ts';

/** The control center: users, roles, plans, reserved names and the activity log. */
export const adminPlugin: FeaturePlugin = async (app, services) => {
  const { db, changes, config, notifySignInChange } = services;
  await inAdminScope(app, services, (admin) => registerAdminRoutes(admin, db, changes, config.publicUrl, notifySignInChange));
};
