// Timings and sizes of the web app's screens (spec 000 §1–§2); only the SPA uses them.

export const TOAST_DURATION_MS = 5000;
export const AUTH_CHECK_TIMEOUT_MS = 2000;
/** How long the signed-in user, once checked, is taken as known before a page that needs it asks again. */
export const SESSION_STALE_MS = 60_000;
export const NAVBAR_SOLID_SCROLL_PX = 20;
export const DASHBOARD_TABS = ['overview', 'links', 'profile', 'analytics', 'customize', 'seo', 'subscribers', 'page', 'account'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Set by the registration form: the account made in this browser tab, greeted as new rather than "back" (issue 11). */
export const NEW_ACCOUNT_STORAGE_KEY = 'linkverse:new-account';

/** A toast kept for the next page loaded whole ('Logged out', 'Logged in successfully'): shown there once (announcements.ts). */
export const ANNOUNCEMENT_STORAGE_KEY = 'linkverse:announcement';
