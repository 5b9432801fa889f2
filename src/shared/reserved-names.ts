// Route names, reserved words and usernames share one namespace (DESIGN.md "Names"):
// every first path segment the app serves, or will serve, can never be a username.
export const APP_ROUTE_NAMES = [
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

const appRouteNames: ReadonlySet<string> = new Set(APP_ROUTE_NAMES);

export function isAppRouteName(segment: string): boolean {
  return appRouteNames.has(segment.toLowerCase());
}
