import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { seoExport } from './seo.export.ts';
import { registerSeoRoutes } from './seo.routes.ts';

/** The page's SEO tools (issue 52 §3, Business): its search and share appearance, indexing, structured data and verification codes. */
export const seoPlugin: FeaturePlugin = async (app, { db, changes, config, exportParts }) => {
  exportParts.push(seoExport);
  await inSignedInScope(app, 'editor', (me) => registerSeoRoutes(me, db, changes, config.planLimits));
};
