// Why a link looks broken, as the dashboard says it (issue 31), with no schema:
// the dashboard's first load reads it without the schema library (link-checks.ts
// exports it with the schemas).

/** Why a check failed. */
export const LINK_CHECK_REASONS = ['http', 'timeout', 'dns', 'tls', 'connection', 'redirects', 'private', 'scheme'] as const;
export type LinkCheckReason = (typeof LINK_CHECK_REASONS)[number];

/** Failures in a row before a link looks broken: one bad answer may be the other site's bad minute. */
export const LINK_CHECK_FAILURES_TO_ALERT = 2;

/** What a reason reads as, short enough for a badge: 'Looks broken (timed out since 3 Nov 2026)'. */
const REASON_TEXT: Record<Exclude<LinkCheckReason, 'http'>, string> = {
  timeout: 'timed out',
  dns: 'address not found',
  tls: 'certificate error',
  connection: 'no connection',
  redirects: 'too many redirects',
  private: 'private address',
  scheme: 'redirects off the web',
};

/** 'Looks broken (404 since 3 Nov 2026)': `since` is already written as the reader reads dates. */
export function brokenLinkLabel(check: { reason: LinkCheckReason; httpStatus: number | null }, since: string): string {
  const what = check.reason === 'http' ? String(check.httpStatus ?? 'error') : REASON_TEXT[check.reason];
  return `Looks broken (${what} since ${since})`;
}
