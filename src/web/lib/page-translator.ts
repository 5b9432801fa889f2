import { useEffect, useState } from 'react';
import { loaders } from 'virtual:linkverse-catalog-loaders';
import { type Translate, translatorOf } from '#shared/i18n/translate.ts';
import { english } from './english.ts';

const translators = new Map<string, Translate>([['en', english]]);
const loading = new Map<string, Promise<void>>();

/** Loads a language's catalog once (a chunk of its own); settles when its translator is there, or when it cannot load. */
function loadTranslator(language: string): Promise<void> {
  const load = loaders[language];
  if (translators.has(language) || !load) return Promise.resolve();
  const pending =
    loading.get(language) ??
    load().then(
      ({ messages }) => {
        translators.set(language, translatorOf(language, messages));
      },
      () => {
        // Asked again next time: a chunk that failed to load (a new deploy, the network) may load then.
        loading.delete(language);
      },
    );
  loading.set(language, pending);
  return pending;
}

/**
 * A page's own words in its language (issue 54), for the dashboard's previews of it: English until that
 * language's catalog has loaded (a chunk of its own, fetched once), and English if it cannot load.
 */
export function usePageTranslator(language: string): Translate {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (translators.has(language)) return;
    let current = true;
    void loadTranslator(language).then(() => {
      if (current) setLoaded((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return translators.get(language) ?? english;
}
