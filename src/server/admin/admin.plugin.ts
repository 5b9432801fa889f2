import { inAdminScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';

/** The control center: users, roles, plans, reserved names and the activity log. */
export const adminPlugin: FeaturePlugin = async (app, services) => {
  const { db, changes, config, accountRescue, notifySignInChange } = services;
  await inAdminScope(app, services, (admin) =>
    registerAdminRoutes(admin, new AdminService(db, changes, accountRescue), config.publicUrl, notifySignInChange),
  );
};
