import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { pageTransferExport } from './page-transfer.export.ts';
import { registerPageFileSchemaRoute, registerPageTransferRoutes } from './page-transfer.routes.ts';

/** A whole page as a file: its published JSON Schema, and export and import for its owner. */
export const pageTransferPlugin: FeaturePlugin = async (app, services) => {
  const { db, config, changes, media, userAgentFor, exportParts, pageReaders, pageWriters } = services;
  exportParts.push(pageTransferExport(pageReaders));
  registerPageFileSchemaRoute(app, config);
  await inSignedInScope(app, 'editor', (me) =>
    registerPageTransferRoutes(me, {
      db,
      readers: pageReaders,
      writers: pageWriters,
      config,
      bus: changes,
      media,
      userAgent: userAgentFor('Import'),
    }),
  );
};
