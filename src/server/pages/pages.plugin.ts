import { inSignedInScope } from '../http/who-is-asking.ts';
import type { FeaturePlugin } from '../services.ts';
import { registerPageRoutes } from './pages.routes.ts';
import { registerInvitationPreview, registerMembershipRoutes, registerTeamRoutes } from './team.routes.ts';
import { TeamService } from './team.service.ts';

/**
 * Several pages per account, run with a team (issue 53): the switcher's list, a new page, deleting and restoring
 * one (the person's, under /api/me/pages); the page's team (on the page a call names, under /api/me/team);
 * invitations' links, and accepting them.
 */
export const pagesPlugin: FeaturePlugin = async (app, { db, config, changes, outbox, pageReaders, pageWriters }) => {
  const team = new TeamService(db, outbox, config.mail.origin, config.planLimits);
  await inSignedInScope(app, 'account', (me) => {
    registerPageRoutes(me, db, config, changes, {
      planLimits: config.planLimits,
      lookOf: pageReaders.lookOf,
      setLook: pageWriters.setLook,
      copyUpload: pageWriters.copyUpload,
    });
    registerMembershipRoutes(me, db, team, changes);
  });
  await inSignedInScope(app, 'analyst', (me) => registerTeamRoutes(me, team, config.publicUrl));
  registerInvitationPreview(app, team);
};
