import { SESSION_HINT_COOKIE_NAME } from '#shared/constants.ts';

// Read before any of the app loads: a static page (site-page.ts) decides from
// them whether it needs the app at all.

/**
 * Whether a session can exist: the server sets a page-readable hint cookie
 * beside the httpOnly session cookie. Without it nobody is signed in, and the
 * server is not asked (a prerendered page, rendered for nobody, then hydrates as is).
 */
export function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE_NAME}=`));
}
