import type { SiteFeatures } from '#shared/account.ts';
import { formatCount } from '#shared/counts.ts';
import { SITE_NAME } from '#shared/constants.ts';
import { api } from '#web/lib/api.ts';

// What this site has set up, without React: the app reads it through
// use-site-features.ts, a static page through site-page-behaviour.ts.

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

/**
 * How a page says the creator count, in its language (issue 54): its sentence with COUNT_MARK where the count
 * goes, and the separator of its thousands. A static page carries them in its markup (data-social-proof-*).
 */
export interface CreatorCountWords {
  sentence: string;
  group: string;
}
export const COUNT_MARK = '\u2063count\u2063';
const ENGLISH_CREATOR_COUNT: CreatorCountWords = { sentence: `Join ${COUNT_MARK} creators on ${SITE_NAME}`, group: ',' };

/**
 * The line that says who uses this site: the operator's own (SOCIAL_PROOF), or
 * the site's real creator count once it is large enough; otherwise nothing.
 */
export function socialProofLine(features: SiteFeatures | undefined, words = ENGLISH_CREATOR_COUNT): string | undefined {
  // A line, not a sentence: the pages add their own full stop.
  if (features?.socialProof) return features.socialProof.replace(/[.!\s]+$/, '');
  if (features?.creators) return words.sentence.replace(COUNT_MARK, formatCount(features.creators).replaceAll(',', words.group));
  return undefined;
}
