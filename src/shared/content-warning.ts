import { z } from 'zod';

// Sensitive content (issue 30): a creator marks the whole page, or single
// links, as for people of an age or as sensitive. A visitor sees the warning
// first and chooses to go on; crawlers and link previews get the warning only.

export const CONTENT_WARNINGS = ['18', '21', '25', 'sensitive'] as const;
export type ContentWarning = (typeof CONTENT_WARNINGS)[number];

/** What the dashboard offers, and the pill a marked link carries on the page. */
export const CONTENT_WARNING_LABELS: Record<ContentWarning, string> = {
  '18': '18+',
  '21': '21+',
  '25': '25+',
  sensitive: 'Sensitive content',
};

export const contentWarningMessages = {
  unknown: 'Please choose 18+, 21+, 25+ or sensitive content, or no warning',
} as const;

/** A page's or a link's warning; null: none. */
export const contentWarningSchema = z.enum(CONTENT_WARNINGS, { error: contentWarningMessages.unknown }).nullable();

/**
 * The query field a visitor's "Continue" adds (`/{username}?agree`,
 * `/go/{id}?agree`): the page or the redirect behind the warning. Nothing is
 * stored: without it, the warning shows again.
 */
export const AGREE_QUERY = 'agree';
