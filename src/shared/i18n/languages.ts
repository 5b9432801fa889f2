import { closestLanguage } from './language-match.ts';

// The languages the product speaks (issue 54). Adding one is its catalog,
// catalogs/{code}.json, and its line here (README, "Adding a language").

/** Each language: its name in itself, as the pickers show it, and its direction. */
export const LANGUAGES = {
  en: { name: 'English', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  ja: { name: '日本語', dir: 'ltr' },
  'zh-Hans': { name: '简体中文', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
  id: { name: 'Bahasa Indonesia', dir: 'ltr' },
  tr: { name: 'Türkçe', dir: 'ltr' },
} as const satisfies Record<string, { name: string; dir: 'ltr' | 'rtl' }>;

export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The pseudo-language of the tests (issue 54): every word accented, a third longer and in brackets, so that a
 * word that escaped translation shows. Never offered to anyone; only a test puts it on a page.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

/** The codes a language may be given as, each with its name in itself: 'en (English), es (Español), …'. */
export const LANGUAGE_CHOICES = LANGUAGE_CODES.map((code) => `${code} (${LANGUAGES[code].name})`).join(', ');

export const languageMessages = {
  unknown: `Please choose one of these languages: ${LANGUAGE_CHOICES}`,
} as const;

/** Whether a stored code is one of the list's (a row written by a newer version may hold another). */
export function isLanguage(code: string | null | undefined): code is Language {
  return typeof code === 'string' && Object.hasOwn(LANGUAGES, code);
}

/** The language a stored code is spoken in (a page's, a person's): its own, the tests' pseudo-language, else the site's default. */
export function spokenLanguageOf(code: string | null | undefined): PageLanguage {
  return isLanguage(code) || code === PSEUDO_LANGUAGE ? code : DEFAULT_LANGUAGE;
}

/** The locale a language's numbers, days and lists are written in: English the British way, as the product writes it ('23 Nov 2026', '7, 30 and 90'). */
export function formattingLocaleOf(language: PageLanguage): string {
  return language === DEFAULT_LANGUAGE ? 'en-GB' : language;
}

/** Whether text in this language runs right to left. */
export function directionOf(language: PageLanguage): 'ltr' | 'rtl' {
  return language === PSEUDO_LANGUAGE ? 'ltr' : LANGUAGES[language].dir;
}

/**
 * The first of a browser's languages the product speaks (`navigator.languages`, or an Accept-Language header's
 * tags by preference), by closestLanguage's rule. Undefined: none of them.
 */
export function languageAmong(tags: readonly string[]): Language | undefined {
  return closestLanguage(tags, LANGUAGE_CODES);
}

/** An Accept-Language header's tags, most wanted first (q=0 left out); a malformed header gives none. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header || header.length > 500) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
