import { LANGUAGE_SEGMENTS } from './i18n/site-addresses.ts';

// Route names, reserved words and usernames share one namespace (DESIGN.md "Names"):
// every first path segment the app serves, or will serve, can never be a username;
// the site's pages in other languages live under their language's segment (/es, /pt-br).
const ROUTE_NAMES = [
  'about',
  'admin',
  'api',
  'app',
  'assets',
  'blog',
  'coming-soon',
  'confirm-email',
  'contact',
  'dashboard',
  'docs',
  'examples',
  'favicon.ico',
  'features',
  'fonts',
  'forgot-password',
  'go',
  'guides',
  'healthz',
  'help',
  'invitation',
  'invitations',
  'login',
  'logout',
  'media',
  'metrics',
  'pricing',
  'privacy',
  'profile',
  'readyz',
  'register',
  'reset-password',
  'robots.txt',
  'services',
  'settings',
  'signup',
  'sitemap.xml',
  'static',
  'support',
  'terms',
  'upload-profile-image',
  'www',
] as const;

export const APP_ROUTE_NAMES: readonly string[] = [...ROUTE_NAMES, ...LANGUAGE_SEGMENTS];

const appRouteNames: ReadonlySet<string> = new Set(APP_ROUTE_NAMES);

export function isAppRouteName(segment: string): boolean {
  return appRouteNames.has(segment.toLowerCase());
}
