// Why a link looks broken (issue 31), with no schema: the dashboard's first load
// reads it without the schema library (link-checks.ts exports it with the schemas).
// The dashboard says it in the screen's language (links/broken-link-note.tsx).

/** Why a check failed. */
export const LINK_CHECK_REASONS = ['http', 'timeout', 'dns', 'tls', 'connection', 'redirects', 'private', 'scheme'] as const;
export type LinkCheckReason = (typeof LINK_CHECK_REASONS)[number];

/** Failures in a row before a link looks broken: one bad answer may be the other site's bad minute. */
export const LINK_CHECK_FAILURES_TO_ALERT = 2;
