import { z } from 'zod';

// Recent Activity on the dashboard's overview (spec 001 §4, issue 10): real
// events of the profile, newest first.

export const ACTIVITY_KINDS = [
  'link_added',
  'link_updated',
  'link_removed',
  /** A header, text or divider (issue 30); its subject names it ('the header “Shop”', 'a divider'). */
  'block_added',
  'block_updated',
  'block_removed',
  'profile_updated',
  'look_updated',
  'username_changed',
  'first_click',
  /** A page file or another site's page brought in (issue 32); its subject counts the items. */
  'page_imported',
  /** The page's team (issue 53): its subject is the person's @username (an invitation's, the invited address). */
  'member_invited',
  'invitation_withdrawn',
  'member_joined',
  'member_role_changed',
  'member_removed',
  'member_left',
  'ownership_offered',
  'ownership_moved',
  /** The page's own domain: its subject is the domain. */
  'domain_added',
  'domain_removed',
  /** Not stored: read from the daily rollups (a day whose views beat every day before it). */
  'views_record',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Entries shown on the overview. */
export const RECENT_ACTIVITY_LIMIT = 8;
/** Entries on one page of the activity log (issue 53). */
export const ACTIVITY_LOG_PAGE = 50;
/** Saves of the same thing this close together are one entry (its time moves on). */
export const ACTIVITY_MERGE_MINUTES = 10;

export const activityItemSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ACTIVITY_KINDS),
    subject: z.string(),
    at: z.string(),
    /** Who made the change (issue 53: a page's team); null: the site itself, or a change from before teams. */
    actor: z.object({ id: z.number().int(), username: z.string(), displayName: z.string() }).nullable(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;

export { activityText } from './activity-text.ts';

/** GET /api/me/activity/log?before={id}: the entries older than that one. */
export const activityLogQuery = z
  .object({
    before: z.coerce
      .number({ error: 'before must be the id of an entry' })
      .int('before must be the id of an entry')
      .positive('before must be the id of an entry')
      .max(2 ** 53)
      .optional(),
  })
  .strict();
