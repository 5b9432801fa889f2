import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { customDomainsExport } from './custom-domains.export.ts';
import { registerCustomDomainRoutes } from './custom-domains.routes.ts';

/** A creator's own domain: added, checked and removed by its owner (served by the public page, asked by Caddy). */
export const customDomainsPlugin: FeaturePlugin = async (app, { config, customDomains, exportParts }) => {
  exportParts.push(customDomainsExport);
  await inSignedInScope(app, 'owner', (me) => registerCustomDomainRoutes(me, config, customDomains));
};
