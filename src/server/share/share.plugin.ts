import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerShareRoutes } from './share.routes.ts';

/** Sharing the page: its QR code and share image. */
export const sharePlugin: FeaturePlugin = async (app, { db, config, media, pageReaders }) => {
  await inSignedInScope(app, 'analyst', (me) => registerShareRoutes(me, { db, config, media, lookOf: pageReaders.lookOf }));
};
