import { pageTitle } from '#shared/constants.ts';
import { CONTENT_PAGES } from '#web/features/content/content-index.ts';

// Each page's <title> and description (issue 11): the prerender writes them into
// the HTML the server sends, and the web app sets them again on navigation.

export interface PageMeta {
  title: string;
  description: string;
}

const titled = (name: string, description: string): PageMeta => ({ title: pageTitle(name), description });

const PAGE_META: ReadonlyMap<string, PageMeta> = new Map<string, PageMeta>([
  [
    '/',
    {
      title: 'Linkverse: one link for everything you create',
      description:
        'A self-hostable link-in-bio page: your links, a look that is yours, and analytics counted on your own server. Two commands to install.',
    },
  ],
  [
    '/features',
    titled('Features', 'Your links, a look that is yours and analytics you can trust, on a page that opens instantly on any phone.'),
  ],
  ['/services', titled('Services', 'What Linkverse does for you: building your page, reading your analytics, and running it for a team.')],
  [
    '/services/business-solutions',
    titled(
      'Business Solutions',
      'Linkverse for brands and teams: the Business plan, verified badges, your own domain and a record of changes.',
    ),
  ],
  ['/pricing', titled('Pricing', 'Free, Pro and Business plans: how many links, how much upload space and which features each one has.')],
  ['/login', titled('Log in', 'Log in to your Linkverse dashboard to edit your links, your profile and its look.')],
  ['/register', titled('Sign up', 'Create your Linkverse page: pick a username and get your own address in a minute.')],
  ['/reset-password', titled('Set a new password', 'Set a new password with the one-time link you were given.')],
  ['/login/sso', titled('Signing in', 'Finishing a sign-in through single sign-on.')],
  ['/forgot-password', titled('Forgot password', 'Get a link to set a new password for your Linkverse account.')],
  ['/confirm-email', titled('Confirm your email', 'Confirm the email address of your Linkverse account.')],
  ['/dashboard', titled('Dashboard', 'Your links, profile, look and analytics.')],
  ['/dashboard/settings', titled('Dashboard', 'Your links, profile, look and analytics.')],
  ['/admin', titled('Admin Control Center', 'Users, reserved usernames, username history, activity logs and site settings.')],
  ['/upload-profile-image', titled('Upload profile picture', 'Choose and crop the picture shown on your page.')],
  ['/invitation', titled('Invitation', 'An invitation to run a page with its team.')],
  ['/profile', titled('My profile', 'Your public page.')],
  [
    '/examples',
    titled('Examples', 'Example Linkverse pages, drawn live by the same code that draws every public page, each with a different look.'),
  ],
  ...[...CONTENT_PAGES.values()].map((page) => [page.path, titled(page.title, page.description)] as const),
]);

/**
 * The pages written as HTML at build time, as an anonymous visitor sees them.
 * Their content does not change after load: a visitor who is not signed in
 * gets them static, with a small script and none of React (site-page.ts;
 * issue 27 §4), as is the 404 page; the account pages hydrate their card
 * alone (auth-island.tsx). Someone who may be signed in gets the app. The
 * signed-in pages are sent as the app's shell with their own title.
 */
export const CONTENT_PATHS: readonly string[] = [...CONTENT_PAGES.keys()];
export const PRODUCT_PATHS = ['/features', '/services', '/services/business-solutions'] as const;
/**
 * The account pages, whose card alone hydrates (auth-island.tsx): drawn as the
 * others, but not offered to search engines (sitemap.xml).
 */
export const ACCOUNT_PATHS = ['/login', '/register', '/forgot-password', '/reset-password', '/confirm-email'] as const;
export const PRERENDERED_PATHS: readonly string[] = ['/', ...PRODUCT_PATHS, '/pricing', ...ACCOUNT_PATHS, '/examples', ...CONTENT_PATHS];
/**
 * The static pages whose content depends on the site's settings (PLAN_LIMITS,
 * Stripe's prices, custom domains, single sign-on, mail), which the build cannot
 * know: the server draws them with its own features on the first request for
 * one (site-render-worker.ts), and marks it (`<div id="root" data-site-rendered>`)
 * for a script hydrating it to do so with the same features (auth-island.tsx, main.tsx).
 */
export const SITE_RENDERED_PATHS: readonly string[] = ['/pricing', '/login', '/register', '/forgot-password'];
export const SHELL_PATHS = [
  '/dashboard',
  '/dashboard/settings',
  '/admin',
  '/upload-profile-image',
  '/invitation',
  '/profile',
  // The page a single sign-on provider sends the browser back to, as /login/sso/{provider} (site-pages.ts).
  '/login/sso',
] as const;

export const NOT_FOUND_META = titled('404 Page Not Found', 'The page you are looking for does not exist or has moved.');

/** The meta of a path the app serves, or undefined for one it does not. */
export function pageMetaFor(pathname: string): PageMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_META.get(path);
}

/** The meta a path is shown with: its own, else the 404 page's. */
export function shownMetaFor(pathname: string): PageMeta {
  return pageMetaFor(pathname) ?? NOT_FOUND_META;
}
