import { inAdminScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerOutboxRoutes } from './outbox.routes.ts';

/** The site's mail as admins see it: the Outbox of mail held without SMTP. */
export const mailPlugin: FeaturePlugin = async (app, services) => {
  await inAdminScope(app, services, (admin) => registerOutboxRoutes(admin, services.outbox));
};
