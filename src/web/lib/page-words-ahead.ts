import { useEffect } from 'react';
import { loadWords } from './words.ts';

/**
 * The dashboard asks for its page's words (issue 54) as it opens, so that its previews draw in the page's language
 * at once: the catalog's chunk is fetched now, and the preview's own request for it finds it there.
 */
export function usePageWordsAhead(language: string): void {
  useEffect(() => void loadWords('page', language), [language]);
}
