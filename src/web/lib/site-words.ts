import type { MessageDescriptor } from '@lingui/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Language } from '#shared/i18n/languages.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { siteAddressIn, siteLanguageOf } from '#shared/i18n/site-addresses.ts';
import { messageTranslator } from '#shared/i18n/message-words.ts';
import { english, useWords } from './words.ts';

// The site's pages speak the language of their address (issue 54, decision 032): /es/features
// Spanish, /features English. Their words are the catalogs' `site` scope.

/** The language of the site page on screen, from its address. */
export function useSiteLanguage(): Language {
  return siteLanguageOf(useLocation().pathname).language;
}

/** The site's words in the language of the page on screen. */
export function useSiteWords(): Translate {
  return useWords('site', useSiteLanguage());
}

/** A page's address in the language of the page on screen ('/features' on a Spanish page: '/es/features'). */
export function useSiteAddress(): (path: string) => string {
  const language = useSiteLanguage();
  return (path) => siteAddressIn(language, path);
}

/**
 * A sentence around an element of its own, in two parts ('Plans on <span>Linkverse</span>', 'I accept the <a>terms</a>'):
 * the element sits where the language puts it ('{terms}に同意します'). `name` is the message's placeholder for it.
 */
export function partsAround(t: Translate, descriptor: MessageDescriptor, name: string): [before: string, after: string] {
  const [before = '', after = ''] = t(descriptor, { [name]: ELEMENT_MARK }).split(ELEMENT_MARK);
  return [before, after];
}
const ELEMENT_MARK = '\u2063';

/** The product's messages (a form's refusal) in the language of the page on screen, from their English. */
export function useSiteMessages(): (message: string) => string {
  const t = useSiteWords();
  return useMemo(() => (t === english ? (message: string) => message : messageTranslator(english, t)), [t]);
}
