import { createContext, useContext, useEffect, useState } from 'react';
import type { SiteFeatures } from '#shared/account.ts';
import { type CreatorCountWords, loadSiteFeatures, socialProofLine } from './site-features.ts';

export { loadSiteFeatures } from './site-features.ts';

/**
 * The site's features given to a page drawn by the server (prerender.tsx, with
 * this site's settings): read from the first render, not loaded.
 */
export const SiteFeaturesContext = createContext<SiteFeatures | undefined>(undefined);

/** The site's features, or undefined while they load (or could not be read). */
export function useSiteFeatures(): SiteFeatures | undefined {
  const given = useContext(SiteFeaturesContext);
  const [features, setFeatures] = useState(given);
  useEffect(() => {
    let live = true;
    loadSiteFeatures().then(
      (value) => live && setFeatures(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return features;
}

/** socialProofLine, once the site's features are in, in the page's words. */
export function useSocialProof(words?: CreatorCountWords): string | undefined {
  return socialProofLine(useSiteFeatures(), words);
}
