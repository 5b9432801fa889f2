import type { MessageDescriptor } from '@lingui/core';
import { pageTitle } from '#shared/constants.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '#shared/i18n/languages.ts';
import { notFoundWords } from '#web/components/not-found-page.tsx';
import { TRANSLATED_SITE_PATHS, type TranslatedSitePath, siteAddressIn, siteLanguageOf } from '#shared/i18n/site-addresses.ts';
import { CONTENT_PAGES } from '#web/features/content/content-index.ts';
import { wordsIn } from '#web/lib/words.ts';

// Each page's <title> and description (issue 11): the prerender writes them into
// the HTML the server sends, and the web app sets them again on navigation.

export interface PageMeta {
  title: string;
  description: string;
}

const titled = (name: string, description: string): PageMeta => ({ title: pageTitle(name), description });

/** The translated pages' title and description (issue 54), in every language. */
const TRANSLATED_META: Record<TranslatedSitePath, { name?: MessageDescriptor; title?: MessageDescriptor; description: MessageDescriptor }> =
  {
    '/': {
      title: /*i18n*/ { id: 'site.meta.home.title', message: 'Linkverse: one link for everything you create' },
      description: /*i18n*/ {
        id: 'site.meta.home.description',
        message:
          'A self-hostable link-in-bio page: your links, a look that is yours, and analytics counted on your own server. Two commands to install.',
      },
    },
    '/features': {
      name: /*i18n*/ { id: 'site.meta.features.name', message: 'Features' },
      description: /*i18n*/ {
        id: 'site.meta.features.description',
        message: 'Your links, a look that is yours and analytics you can trust, on a page that opens instantly on any phone.',
      },
    },
    '/services': {
      name: /*i18n*/ { id: 'site.meta.services.name', message: 'Services' },
      description: /*i18n*/ {
        id: 'site.meta.services.description',
        message: 'What Linkverse does for you: building your page, reading your analytics, and running it for a team.',
      },
    },
    '/services/business-solutions': {
      name: /*i18n*/ { id: 'site.meta.business.name', message: 'Business Solutions' },
      description: /*i18n*/ {
        id: 'site.meta.business.description',
        message: 'Linkverse for brands and teams: the Business plan, verified badges, your own domain and a record of changes.',
      },
    },
    '/pricing': {
      name: /*i18n*/ { id: 'site.meta.pricing.name', message: 'Pricing' },
      description: /*i18n*/ {
        id: 'site.meta.pricing.description',
        message: 'Free, Pro and Business plans: how many links, how much upload space and which features each one has.',
      },
    },
    '/examples': {
      name: /*i18n*/ { id: 'site.meta.examples.name', message: 'Examples' },
      description: /*i18n*/ {
        id: 'site.meta.examples.description',
        message: 'Example Linkverse pages, drawn live by the same code that draws every public page, each with a different look.',
      },
    },
    '/login': {
      name: /*i18n*/ { id: 'site.meta.login.name', message: 'Log in' },
      description: /*i18n*/ {
        id: 'site.meta.login.description',
        message: 'Log in to your Linkverse dashboard to edit your links, your profile and its look.',
      },
    },
    '/register': {
      name: /*i18n*/ { id: 'site.meta.register.name', message: 'Sign up' },
      description: /*i18n*/ {
        id: 'site.meta.register.description',
        message: 'Create your Linkverse page: pick a username and get your own address in a minute.',
      },
    },
    '/forgot-password': {
      name: /*i18n*/ { id: 'site.meta.forgotPassword.name', message: 'Forgot password' },
      description: /*i18n*/ {
        id: 'site.meta.forgotPassword.description',
        message: 'Get a link to set a new password for your Linkverse account.',
      },
    },
    '/reset-password': {
      name: /*i18n*/ { id: 'site.meta.resetPassword.name', message: 'Set a new password' },
      description: /*i18n*/ {
        id: 'site.meta.resetPassword.description',
        message: 'Set a new password with the one-time link you were given.',
      },
    },
    '/confirm-email': {
      name: /*i18n*/ { id: 'site.meta.confirmEmail.name', message: 'Confirm your email' },
      description: /*i18n*/ {
        id: 'site.meta.confirmEmail.description',
        message: 'Confirm the email address of your Linkverse account.',
      },
    },
  };

const PAGE_META: ReadonlyMap<string, PageMeta> = new Map<string, PageMeta>([
  ['/login/sso', titled('Signing in', 'Finishing a sign-in through single sign-on.')],
  ['/dashboard', titled('Dashboard', 'Your links, profile, look and analytics.')],
  ['/dashboard/settings', titled('Dashboard', 'Your links, profile, look and analytics.')],
  ['/admin', titled('Admin Control Center', 'Users, reserved usernames, username history, activity logs and site settings.')],
  ['/upload-profile-image', titled('Upload profile picture', 'Choose and crop the picture shown on your page.')],
  ['/invitation', titled('Invitation', 'An invitation to run a page with its team.')],
  ['/profile', titled('My profile', 'Your public page.')],
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
/** The translated pages' addresses in the languages other than English (/es, /es/features). */
export const TRANSLATED_PATHS: readonly string[] = LANGUAGE_CODES.filter((language) => language !== DEFAULT_LANGUAGE).flatMap((language) =>
  TRANSLATED_SITE_PATHS.map((path) => siteAddressIn(language, path)),
);
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  ...PRODUCT_PATHS,
  '/pricing',
  ...ACCOUNT_PATHS,
  '/examples',
  ...CONTENT_PATHS,
  ...TRANSLATED_PATHS,
];
/**
 * The static pages whose content depends on the site's settings (PLAN_LIMITS,
 * Stripe's prices, custom domains, single sign-on, mail), which the build cannot
 * know: the server draws them with its own features on the first request for
 * one (site-render-worker.ts), and marks it (`<div id="root" data-site-rendered>`)
 * for a script hydrating it to do so with the same features (auth-island.tsx, main.tsx).
 */
const SITE_RENDERED_PAGES: readonly string[] = ['/pricing', '/login', '/register', '/forgot-password'];
export const SITE_RENDERED_PATHS: readonly string[] = [
  ...SITE_RENDERED_PAGES,
  ...TRANSLATED_PATHS.filter((pathname) => SITE_RENDERED_PAGES.includes(siteLanguageOf(pathname).path)),
];
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

/** The 404 page's title and description, in a language (an address under /es that is not found: Spanish). */
export function notFoundMetaIn(language: Language): PageMeta {
  const t = wordsIn('site', language);
  return titled(t(notFoundWords.title), t(notFoundWords.text));
}

/**
 * The meta of a path the app serves, or undefined for one it does not: a translated page's in its address's
 * language once its words are loaded (the prerender loads them all), else in English.
 */
export function pageMetaFor(pathname: string): PageMeta | undefined {
  const { language, path } = siteLanguageOf(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  if (Object.hasOwn(TRANSLATED_META, path)) {
    const meta = TRANSLATED_META[path as TranslatedSitePath];
    const t = wordsIn('site', language);
    return { title: meta.title ? t(meta.title) : pageTitle(t(meta.name!)), description: t(meta.description) };
  }
  return language === DEFAULT_LANGUAGE ? PAGE_META.get(path) : undefined;
}

/** The meta a path is shown with: its own, else the 404 page's. */
export function shownMetaFor(pathname: string): PageMeta {
  return pageMetaFor(pathname) ?? notFoundMetaIn(siteLanguageOf(pathname).language);
}
