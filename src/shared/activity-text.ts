import type { ActivityKind } from './activity.ts';

// What a Recent Activity entry says, with no schema: the dashboard's overview
// says it without loading the schema library (activity.ts exports it too).

/** What an entry says. */
export function activityText({ kind, subject }: { kind: ActivityKind; subject: string }): string {
  switch (kind) {
    case 'link_added':
      return `Added the link “${subject}”`;
    case 'link_updated':
      return `Edited the link “${subject}”`;
    case 'link_removed':
      return `Removed the link “${subject}”`;
    case 'block_added':
      return `Added ${subject}`;
    case 'block_updated':
      return `Edited ${subject}`;
    case 'block_removed':
      return `Removed ${subject}`;
    case 'profile_updated':
      return 'Updated your profile';
    case 'look_updated':
      return 'Changed the look of your page';
    case 'username_changed':
      return `Changed your username to @${subject}`;
    case 'first_click':
      return `First click on “${subject}”`;
    case 'page_imported':
      return `Imported ${subject}`;
    case 'views_record':
      return `New daily record: ${subject} views`;
    case 'member_invited':
      return `Invited ${subject} to the team`;
    case 'invitation_withdrawn':
      return `Withdrew the invitation of ${subject}`;
    case 'member_joined':
      return `${subject} joined the team`;
    case 'member_role_changed':
      return `Changed the role of ${subject}`;
    case 'member_removed':
      return `Removed ${subject} from the team`;
    case 'member_left':
      return `${subject} left the team`;
    case 'ownership_offered':
      return `Offered the page to ${subject}`;
    case 'ownership_moved':
      return `${subject} became the page’s owner`;
    case 'domain_added':
      return `Added the domain ${subject}`;
    case 'domain_removed':
      return `Removed the domain ${subject}`;
  }
}
