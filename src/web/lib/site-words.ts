import type { MessageDescriptor, Values } from '@lingui/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Language } from '#shared/i18n/languages.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { screenLanguageOf, siteAddressIn } from '#shared/i18n/site-addresses.ts';
import { messageTranslator } from '#shared/i18n/message-words.ts';
import { useSession } from './use-session.ts';
import { english, useWords, wordsIn } from './words.ts';

// The site's pages speak the language of their address (issue 54, decision 032): /es/features
// Spanish, /features English. The signed-in app's screens (the dashboard, the control center) speak
// the account's language (decision 033). The site's words, with the chrome every screen shares, are
// the catalogs' `site` scope; the app's screens' own words its `app` scope.

/** The language of the screen: a site page's from its address, any other's the signed-in person's (screenLanguageOf). */
export function useSiteLanguage(): Language {
  const { pathname } = useLocation();
  return screenLanguageOf(pathname, useSession().user?.language);
}

/** The site's words in the language of the screen. */
export function useSiteWords(): Translate {
  return useWords('site', useSiteLanguage());
}

/** The signed-in app's words (the dashboard's, the control center's) in the language of the screen. */
export function useAppWords(): Translate {
  return useWords('app', useSiteLanguage());
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
export function partsAround(
  t: Translate,
  descriptor: MessageDescriptor,
  name: string,
  values: Values = {},
): [before: string, after: string] {
  const [before = '', after = ''] = t(descriptor, { ...values, [name]: ELEMENT_MARK }).split(ELEMENT_MARK);
  return [before, after];
}
const ELEMENT_MARK = '\u2063';

/** The product's messages (a form's refusal) in the language of the page on screen, from their English. */
export function useSiteMessages(): (message: string) => string {
  const t = useSiteWords();
  return useMemo(() => messagesSaidBy(t), [t]);
}

/** The product's messages in a language whose words are loaded (loadWords('site', …)), from their English. */
export function siteMessagesIn(language: string): (message: string) => string {
  return messagesSaidBy(wordsIn('site', language));
}

function messagesSaidBy(t: Translate): (message: string) => string {
  return t === english ? (message) => message : messageTranslator(english, t);
}
