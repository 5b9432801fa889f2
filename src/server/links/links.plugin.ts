import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { linksExport } from './links.export.ts';
import { registerLinkArchiveRoutes, registerLinkEditRoutes, registerLinkRoutes } from './links.routes.ts';

/** A page's links and blocks: read by anyone (active ones), edited by their owner under /api/links. */
export const linksPlugin: FeaturePlugin = async (app, { db, config, changes, embedPreviews, media, exportParts }) => {
  exportParts.push(linksExport);
  registerLinkRoutes(app, db);
  await inSignedInScope(
    app,
    'editor',
    (links) => {
      registerLinkEditRoutes(links, db, config, changes, { previews: embedPreviews, media, config });
      registerLinkArchiveRoutes(links, db, config, changes);
    },
    '/api/links',
  );
};
