import { useEffect, useState } from 'react';
import type { SiteFeatures } from '#shared/account.ts';
import { api } from '#web/lib/api.ts';

let known: Promise<SiteFeatures> | undefined;

/** What this site has set up (mail, the deletion grace period), read once per page load. */
export function loadSiteFeatures(): Promise<SiteFeatures> {
  known ??= api<{ data: SiteFeatures }>('/api/site/features').then(
    (answer) => answer.data,
    (error: unknown) => {
      known = undefined;
      throw error;
    },
  );
  return known;
}

/** The site's features, or undefined while they load (or could not be read). */
export function useSiteFeatures(): SiteFeatures | undefined {
  const [features, setFeatures] = useState<SiteFeatures>();
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
