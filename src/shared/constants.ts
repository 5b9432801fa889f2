// Limits and fixed values of the product, named once (spec 000 §9, spec 001 §9).

export const DAY_MS = 24 * 3600_000;

/** The product's name, as pages and mail say it. */
export const SITE_NAME = 'Linkverse';

/** Every page's <title>: its own name, one separator, the site's (issue 27). */
export function pageTitle(name: string): string {
  return `${name} · ${SITE_NAME}`;
}

export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;
export const DISPLAY_NAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 6;
/** Not in the spec: bounds the work argon2 does for one request. */
export const PASSWORD_MAX_LENGTH = 128;
/** The longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const BIO_MAX_LENGTH = 160;
export const USERNAME_CHANGE_COOLDOWN_DAYS = 90;
/** A former username stays held for its owner, and redirects to the new one, this long. */
export const USERNAME_HOLD_DAYS = 30;
/** Links added this recently are marked new when the profile shows its activity. */
export const NEW_LINK_DAYS = 7;

export const DASHBOARD_THEMES = ['dark', 'light'] as const;
export type DashboardTheme = (typeof DASHBOARD_THEMES)[number];

/** Sessions slide: each use pushes the expiry this far ahead (issue 2). */
export const SESSION_TTL_DAYS = 30;
export const SESSION_COOKIE_NAME = 'lv_session';
/**
 * Set beside the httpOnly session cookie, readable by the page and holding no
 * secret: without it no session can exist, so the web app skips asking the
 * server who is signed in (no 401 on every anonymous page load).
 */
export const SESSION_HINT_COOKIE_NAME = 'lv_signed_in';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ['free', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];

/** The analytics timeframes offered (spec 000 §9 "Analytics timeframes"): days, and all time (premium, issue 52 §2). */
export const ANALYTICS_PERIODS = [7, 30, 90, 365, 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** How often the summary by mail goes: every Monday for the week before, or on the 1st for the month before (Business). */
export const SUMMARY_CADENCES = ['week', 'month'] as const;
export type SummaryCadence = (typeof SUMMARY_CADENCES)[number];
