import { z } from 'zod';
import { PAGE_ITEM_TYPES } from './blocks.ts';

// The archive of deleted links and blocks (issue 51 §2): each waits this long,
// to be restored with its clicks and its place, then it is gone for good.

export const LINK_ARCHIVE_DAYS = 30;

export const linkArchiveMessages = {
  notFound: 'That item is no longer in the archive: items are kept 30 days.',
} as const;

/** GET /api/links/archive: what waits there, the last deleted first. */
export const archivedItemSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(PAGE_ITEM_TYPES),
    /** A link's or header's title, an embed's, or '' (a text block shows its first words, a divider nothing). */
    title: z.string(),
    url: z.string(),
    archivedAt: z.string(),
    /** When it leaves the archive for good. */
    keptUntil: z.string(),
  })
  .meta({ id: 'ArchivedItem' });
export type ArchivedItem = z.infer<typeof archivedItemSchema>;
