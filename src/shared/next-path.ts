/**
 * Where to go after signing in: the page that asked for it, when it is a path
 * on this site. Anything else (another origin, `//host`, a backslash trick, a
 * scheme) is the dashboard: a link cannot send someone elsewhere through the
 * login form (issue 27).
 */
export function safeNextPath(raw: string | null | undefined, fallback = '/dashboard'): string {
  const hasControlCharacter = [...(raw ?? '')].some((character) => character.charCodeAt(0) < 0x20);
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter) return fallback;
  try {
    const base = 'http://site.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return fallback;
    // Back to the login or registration form would go round in a circle.
    if (/^\/(login|register)(\/|$)/.test(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
