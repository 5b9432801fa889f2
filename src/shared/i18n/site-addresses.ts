import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language, isLanguage } from './languages.ts';

// The site's pages in each language (issue 54, decision 032): English at its addresses
// (/features), every other language under its code's segment (/es/features,
// /pt-br/pricing, /zh-hans). A segment is a name the app serves: never a username.

/** The translated pages of the site: each has an address in every language. */
export const TRANSLATED_SITE_PATHS = [
  '/',
  '/features',
  '/services',
  '/services/business-solutions',
  '/pricing',
  '/examples',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
] as const;

const translatedPaths: ReadonlySet<string> = new Set(TRANSLATED_SITE_PATHS);

/** Whether a page of the site (its English address) has an address in every language. */
export function isTranslatedSitePath(path: string): boolean {
  return translatedPaths.has(path);
}

/** The first segment of a language's pages: its code in lower case ('pt-br'); none for English. */
export function languageSegmentOf(language: Language): string {
  return language.toLowerCase();
}

/** The first path segments of the languages other than English, which the app serves and no username may take. */
export const LANGUAGE_SEGMENTS = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE).map(languageSegmentOf);

const languageBySegment: ReadonlyMap<string, Language> = new Map(LANGUAGE_CODES.map((code) => [languageSegmentOf(code), code]));

/**
 * A page's address in a language: '/features' in Spanish is '/es/features', '/' is '/es'. A page without
 * translations keeps its English address in every language.
 */
export function siteAddressIn(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE || !isTranslatedSitePath(path)) return path;
  const segment = `/${languageSegmentOf(language)}`;
  return path === '/' ? segment : `${segment}${path}`;
}

/** A page's address in a stored language (a person's, a mail's): one the list does not have reads as English. */
export function siteAddressOf(code: string | null | undefined, path: string): string {
  return siteAddressIn(isLanguage(code) ? code : DEFAULT_LANGUAGE, path);
}

/** The language an address of the site is in, and the page's English address: '/es/features' → es, '/features'. */
export function siteLanguageOf(pathname: string): { language: Language; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  const language = languageBySegment.get(first.toLowerCase());
  if (!language || language === DEFAULT_LANGUAGE) return { language: DEFAULT_LANGUAGE, path: pathname };
  return { language, path: rest.length === 0 || (rest.length === 1 && rest[0] === '') ? '/' : `/${rest.join('/')}` };
}
export type TranslatedSitePath = (typeof TRANSLATED_SITE_PATHS)[number];

/**
 * The language a screen speaks: a site page's address says it (/es/features Spanish, /features English); every other
 * screen (the dashboard, the control center, a page without translations) speaks the signed-in person's language,
 * else English.
 */
export function screenLanguageOf(pathname: string, accountLanguage: Language | undefined): Language {
  const address = siteLanguageOf(pathname);
  if (!accountLanguage || address.language !== DEFAULT_LANGUAGE || isTranslatedSitePath(address.path)) return address.language;
  return accountLanguage;
}
