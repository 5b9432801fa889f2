import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { mediaExport } from './media.export.ts';
import { registerMediaFileRoutes, registerUploadRoutes } from './media.routes.ts';

/** Uploaded files: served to anyone by hash, uploaded and removed by their owner under /api/media. */
export const mediaPlugin: FeaturePlugin = async (app, { db, config, changes, media, referencedUploads, exportParts }) => {
  exportParts.push(mediaExport);
  registerMediaFileRoutes(app, db);
  await inSignedInScope(
    app,
    'editor',
    (uploads) => registerUploadRoutes(uploads, { db, config, bus: changes, media, referenced: referencedUploads }),
    '/api/media',
  );
};
