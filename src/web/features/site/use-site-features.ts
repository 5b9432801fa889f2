import { useEffect, useState } from 'react';
import type { SiteFeatures } from '#shared/account.ts';
import { formatCount } from '#shared/counts.ts';
import { SITE_NAME } from '#shared/constants.ts';
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

/**
 * The line that says who uses this site: the operator's own (SOCIAL_PROOF), or
 * the site's real creator count once it is large enough; otherwise nothing.
 */
export function useSocialProof(): string | undefined {
  const features = useSiteFeatures();
  // A line, not a sentence: the pages add their own full stop.
  if (features?.socialProof) return features.socialProof.replace(/[.!\s]+$/, '');
  if (features?.creators) return `Join ${formatCount(features.creators)} creators on ${SITE_NAME}`;
  return undefined;
}
