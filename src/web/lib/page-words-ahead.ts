import { useEffect } from 'react';
import { loaders } from 'virtual:linkverse-catalog-loaders';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages.ts';

/**
 * The dashboard asks for its page's words (issue 54) as it opens, so that its previews draw in the page's language
 * at once: the catalog's chunk is fetched now, and the preview's own request for it (page-translator.ts) finds it
 * there. Apart from the translator, so that the dashboard's first load takes neither Lingui nor the English catalog.
 */
export function usePageWordsAhead(language: string): void {
  useEffect(() => {
    if (language !== DEFAULT_LANGUAGE) void loaders[language]?.().catch(() => undefined);
  }, [language]);
}
