import { useEffect, useState, useSyncExternalStore } from 'react';
import { loaders } from 'virtual:linkverse-catalog-loaders';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages.ts';
import { type Translate, translatorOf } from '#shared/i18n/translate.ts';

// The product's words in the browser (issue 54), by scope: a page's own words (the dashboard's
// previews), the site's pages. English is compiled into the code (scripts/catalogs.ts,
// englishInPlace) and needs no catalog; each other language's scope is a chunk of its own,
// fetched once.

export type WordsScope = keyof typeof loaders;

/** English: the code's own words. */
export const english: Translate = translatorOf(DEFAULT_LANGUAGE, {});

const translators = new Map<string, Translate>();
/** Who draws with loaded words: told when more arrive. */
const loadListeners = new Set<() => void>();
function subscribeToLoads(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}
const loading = new Map<string, Promise<void>>();
const keyOf = (scope: WordsScope, language: string) => `${scope}:${language}`;

/** A scope's words in a language once they are loaded (English always), else undefined. */
export function loadedWords(scope: WordsScope, language: string): Translate | undefined {
  return language === DEFAULT_LANGUAGE ? english : translators.get(keyOf(scope, language));
}

/**
 * Loads a scope's words in a language once; settles when they are there, or when they cannot load (a language
 * without a catalog, a chunk the network lost: asked again next time).
 */
export function loadWords(scope: WordsScope, language: string): Promise<void> {
  const key = keyOf(scope, language);
  const load = loaders[scope][language];
  if (loadedWords(scope, language) || !load) return Promise.resolve();
  const pending =
    loading.get(key) ??
    load().then(
      ({ messages }) => {
        translators.set(key, translatorOf(language, messages));
        for (const listener of loadListeners) listener();
      },
      () => {
        loading.delete(key);
      },
    );
  loading.set(key, pending);
  return pending;
}

/** A scope's words in a language as they are now: English where they have not loaded (or cannot). */
export function wordsIn(scope: WordsScope, language: string): Translate {
  return loadedWords(scope, language) ?? english;
}

/** A scope's words in a language: English until they have loaded, and English if they cannot load. */
export function useWords(scope: WordsScope, language: string): Translate {
  // Read from the loaded words as they are now, and again whenever any arrive (whoever asked for them).
  const snapshot = () => wordsIn(scope, language);
  const words = useSyncExternalStore(subscribeToLoads, snapshot, snapshot);
  useEffect(() => {
    void loadWords(scope, language);
  }, [scope, language]);
  return words;
}

/**
 * Whether some scopes' words in a language are there to draw with: loaded, or given up on (English then). A screen
 * that waits on it is drawn once in its language, never in English first.
 */
export function useWordsReady(scopes: readonly WordsScope[], language: string): boolean {
  const loaded = scopes.every((scope) => loadedWords(scope, language));
  const [settled, setSettled] = useState<string>();
  const names = scopes.join(',');
  const key = `${names}:${language}`;
  useEffect(() => {
    if (loaded) return;
    let current = true;
    const loading = names.split(',').map((scope) => loadWords(scope as WordsScope, language));
    void Promise.all(loading).then(() => {
      if (current) setSettled(key);
    });
    return () => {
      current = false;
    };
  }, [names, language, key, loaded]);
  return loaded || settled === key;
}
