import { useEffect, useState } from 'react';
import { loaders } from 'virtual:linkverse-catalog-loaders';
import { type Translate, translatorOf } from '#shared/i18n/translate.ts';
import { english } from './english.ts';

const translators = new Map<string, Translate>([['en', english]]);

/**
 * A page's own words in its language (issue 54), for the dashboard's previews of it: English until that
 * language's catalog has loaded (a chunk of its own, fetched once), and English if it cannot load.
 */
export function usePageTranslator(language: string): Translate {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    const load = loaders[language];
    if (translators.has(language) || !load) return;
    let current = true;
    load()
      .then(({ messages }) => {
        translators.set(language, translatorOf(language, messages));
        if (current) setLoaded((count) => count + 1);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);
  return translators.get(language) ?? english;
}
