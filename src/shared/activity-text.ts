import type { MessageDescriptor } from '@lingui/core';
import type { ActivityKind } from './activity.ts';
import type { Translate } from './i18n/translate.ts';

// What a Recent Activity entry says, with no schema: the dashboard's overview
// says it without loading the schema library (activity.ts exports it too), in
// the screen's language (issue 54). The subject is the person's own words (a
// link's title, a name): said as it is.

const ACTIVITY_WORDS: Record<ActivityKind, MessageDescriptor> = {
  link_added: /*i18n*/ { id: 'app.activity.linkAdded', message: 'Added the link “{subject}”' },
  link_updated: /*i18n*/ { id: 'app.activity.linkUpdated', message: 'Edited the link “{subject}”' },
  link_removed: /*i18n*/ { id: 'app.activity.linkRemoved', message: 'Removed the link “{subject}”' },
  block_added: /*i18n*/ { id: 'app.activity.blockAdded', message: 'Added {subject}' },
  block_updated: /*i18n*/ { id: 'app.activity.blockUpdated', message: 'Edited {subject}' },
  block_removed: /*i18n*/ { id: 'app.activity.blockRemoved', message: 'Removed {subject}' },
  profile_updated: /*i18n*/ { id: 'app.activity.profileUpdated', message: 'Updated your profile' },
  look_updated: /*i18n*/ { id: 'app.activity.lookUpdated', message: 'Changed the look of your page' },
  username_changed: /*i18n*/ { id: 'app.activity.usernameChanged', message: 'Changed your username to @{subject}' },
  first_click: /*i18n*/ { id: 'app.activity.firstClick', message: 'First click on “{subject}”' },
  page_imported: /*i18n*/ { id: 'app.activity.pageImported', message: 'Imported {subject}' },
  views_record: /*i18n*/ { id: 'app.activity.viewsRecord', message: 'New daily record: {subject} views' },
  member_invited: /*i18n*/ { id: 'app.activity.memberInvited', message: 'Invited {subject} to the team' },
  invitation_withdrawn: /*i18n*/ { id: 'app.activity.invitationWithdrawn', message: 'Withdrew the invitation of {subject}' },
  member_joined: /*i18n*/ { id: 'app.activity.memberJoined', message: '{subject} joined the team' },
  member_role_changed: /*i18n*/ { id: 'app.activity.memberRoleChanged', message: 'Changed the role of {subject}' },
  member_removed: /*i18n*/ { id: 'app.activity.memberRemoved', message: 'Removed {subject} from the team' },
  member_left: /*i18n*/ { id: 'app.activity.memberLeft', message: '{subject} left the team' },
  ownership_offered: /*i18n*/ { id: 'app.activity.ownershipOffered', message: 'Offered the page to {subject}' },
  ownership_moved: /*i18n*/ { id: 'app.activity.ownershipMoved', message: '{subject} became the page’s owner' },
  domain_added: /*i18n*/ { id: 'app.activity.domainAdded', message: 'Added the domain {subject}' },
  domain_removed: /*i18n*/ { id: 'app.activity.domainRemoved', message: 'Removed the domain {subject}' },
};

/** What an entry says, in the language of `t`. */
export function activityText(t: Translate, { kind, subject }: { kind: ActivityKind; subject: string }): string {
  return t(ACTIVITY_WORDS[kind], { subject });
}
