import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, type PageLanguage } from '#shared/i18n/languages.ts';
import { type Translate, translatorOf } from '#shared/i18n/translate.ts';
import { messages as ar } from '#shared/i18n/catalogs/ar.json?catalog';
import { messages as de } from '#shared/i18n/catalogs/de.json?catalog';
import { messages as en } from '#shared/i18n/catalogs/en.json?catalog';
import { messages as pseudo } from '#shared/i18n/catalogs/en-XA.json?catalog';
import { messages as es } from '#shared/i18n/catalogs/es.json?catalog';
import { messages as fr } from '#shared/i18n/catalogs/fr.json?catalog';
import { messages as id } from '#shared/i18n/catalogs/id.json?catalog';
import { messages as ja } from '#shared/i18n/catalogs/ja.json?catalog';
import { messages as ptBR } from '#shared/i18n/catalogs/pt-BR.json?catalog';
import { messages as tr } from '#shared/i18n/catalogs/tr.json?catalog';
import { messages as zhHans } from '#shared/i18n/catalogs/zh-Hans.json?catalog';

/** Every language's translator, made once: the server speaks each page's and each person's language. */
const TRANSLATORS: Record<PageLanguage, Translate> = {
  en: translatorOf('en', en),
  es: translatorOf('es', es),
  'pt-BR': translatorOf('pt-BR', ptBR),
  fr: translatorOf('fr', fr),
  de: translatorOf('de', de),
  ja: translatorOf('ja', ja),
  'zh-Hans': translatorOf('zh-Hans', zhHans),
  ar: translatorOf('ar', ar),
  id: translatorOf('id', id),
  tr: translatorOf('tr', tr),
  [PSEUDO_LANGUAGE]: translatorOf(PSEUDO_LANGUAGE, pseudo),
};

/** The translator of a language; one the list no longer has (a row from a newer version) reads as English. */
export function translatorFor(language: string | null | undefined): Translate {
  return TRANSLATORS[(language ?? DEFAULT_LANGUAGE) as PageLanguage] ?? TRANSLATORS[DEFAULT_LANGUAGE];
}
