import type { FeaturePlugin } from '../services.ts';
import { registerProfileAssetRoutes } from '../page-drawing/profile-assets.ts';
import { registerPublicPageRoutes } from './public-page.routes.ts';

/** The public page at /{username} (and on custom domains), with the fonts and scripts it uses. */
export const publicPagePlugin: FeaturePlugin = (
  app,
  { db, pageReaders, config, cache, responder, events, media, clock, customDomains, isSiteHost },
) => {
  registerProfileAssetRoutes(app);
  registerPublicPageRoutes(app, {
    db,
    readers: pageReaders,
    config,
    cache,
    responder,
    recorder: events,
    media,
    clock,
    customDomains,
    isSiteHost,
  });
};
