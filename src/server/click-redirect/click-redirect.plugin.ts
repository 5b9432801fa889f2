import type { FeaturePlugin } from '../services.ts';
import { registerClickRedirectRoutes } from './click-redirect.routes.ts';

/** /go/{id}: the click, counted, and the redirect to the link's address. */
export const clickRedirectPlugin: FeaturePlugin = (app, { db, config, cache, responder, events, linkTargets, clock }) => {
  registerClickRedirectRoutes(app, { db, config, cache, responder, recorder: events, linkTargets, clock });
};
