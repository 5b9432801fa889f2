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
  /** Not stored: read from the daily rollups (a day whose views beat every day before it). */
  'views_record',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Entries shown on the overview. */
export const RECENT_ACTIVITY_LIMIT = 8;
/** Saves of the same thing this close together are one entry (its time moves on). */
export const ACTIVITY_MERGE_MINUTES = 10;

export const activityItemSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ACTIVITY_KINDS),
    subject: z.string(),
    at: z.string(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;

export { activityText } from './activity-text.ts';
