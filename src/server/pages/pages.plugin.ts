import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerPageRoutes } from './pages.routes.ts';

/** Several pages per account (issue 53): the switcher's list, a new page, deleting and restoring one. */
export const pagesPlugin: FeaturePlugin = async (app, { db, config, changes, pageReaders, pageWriters }) => {
  await inSignedInScope(app, 'account', (me) =>
    registerPageRoutes(me, db, config, changes, {
      planLimits: config.planLimits,
      lookOf: pageReaders.lookOf,
      setLook: pageWriters.setLook,
      copyUpload: pageWriters.copyUpload,
    }),
  );
};
