import { z } from 'zod';
import { LINK_CHECK_REASONS } from './link-check-labels.ts';

// Broken-link alerts (issue 31): the server checks each active link's address
// once a day; two failures in a row and the dashboard says the link looks broken.

export const brokenLinkSchema = z.object({
  linkId: z.number().int(),
  reason: z.enum(LINK_CHECK_REASONS),
  httpStatus: z.number().int().nullable(),
  /** When the failures began (ISO time). */
  since: z.string(),
  /** When the address was last checked (ISO time). */
  checkedAt: z.string(),
});
export type BrokenLink = z.infer<typeof brokenLinkSchema>;

export const linkChecksResponseSchema = z.object({
  /** Whether this site checks links at all (LINK_CHECKS). */
  enabled: z.boolean(),
  /** The owner's links that failed their last checks, in no order. */
  broken: z.array(brokenLinkSchema),
});
export type LinkChecksResponse = z.infer<typeof linkChecksResponseSchema>;

export { LINK_CHECK_FAILURES_TO_ALERT, LINK_CHECK_REASONS, type LinkCheckReason } from './link-check-labels.ts';
