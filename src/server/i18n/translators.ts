import { catalogs } from 'virtual:linkverse-catalogs';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages.ts';
import { type Translate, translatorOf } from '#shared/i18n/translate.ts';
import { messageTranslator } from '#shared/i18n/message-words.ts';

/**
 * Every language's translator, made once from every catalog the build compiled (scripts/catalogs.ts), the tests'
 * pseudo-language included: the server speaks each page's and each person's language.
 */
const TRANSLATORS = new Map(Object.entries(catalogs).map(([code, messages]) => [code, translatorOf(code, messages)]));

/** The translator of a language; one the list no longer has (a row from a newer version) reads as English. */
export function translatorFor(language: string | null | undefined): Translate {
  return TRANSLATORS.get(language ?? DEFAULT_LANGUAGE) ?? TRANSLATORS.get(DEFAULT_LANGUAGE)!;
}

const MESSAGE_TRANSLATORS = new Map<string, (message: string) => string>();

/** The product's messages said in a language from their English (message-words.ts); the English itself in English. */
export function messagesIn(language: string): (message: string) => string {
  let say = MESSAGE_TRANSLATORS.get(language);
  if (!say) {
    say =
      language === DEFAULT_LANGUAGE ? (message) => message : messageTranslator(translatorFor(DEFAULT_LANGUAGE), translatorFor(language));
    MESSAGE_TRANSLATORS.set(language, say);
  }
  return say;
}
