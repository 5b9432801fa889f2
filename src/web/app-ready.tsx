import { useEffect } from 'react';

/**
 * Marks the page as taken over by its script (`<html data-app="ready">`) once
 * the tree it sits in commits: a prerendered page once hydrated, a lazy page
 * once its chunk is in. Browser tests wait for it.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
