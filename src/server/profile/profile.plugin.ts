import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { profileExport } from './profile.export.ts';
import { registerProfileRoutes } from './profile.routes.ts';

/** The page's profile settings: name, bio, picture, email and what the page shows. */
export const profilePlugin: FeaturePlugin = async (app, { db, changes, accountMail, exportParts }) => {
  exportParts.push(profileExport);
  await inSignedInScope(app, 'editor', (me) =>
    registerProfileRoutes(me, db, changes, (before, after) => accountMail.emailChanged(before, after)),
  );
};
