import type { FeaturePlugin } from '../services.ts';
import { registerSiteIndexRoutes } from './site-index.routes.ts';
import { registerWebApp } from './web-app.ts';

/** The site itself: the web app, the prerendered and site-rendered pages, robots.txt and the sitemap. */
export const sitePlugin: FeaturePlugin = async (app, { db, config, responder, isSiteOpen, siteFeatures, pagesHiddenFromSearch }) => {
  const sitePages = await registerWebApp(app, config, { responder, isSiteOpen, siteFeatures });
  registerSiteIndexRoutes(app, db, config, sitePages, pagesHiddenFromSearch);
};
