import { PLANS, type Plan } from '#shared/constants.ts';
import { type PlanLimits, plansAllowing } from '#shared/plans.ts';
import { type SeoAnswer, type SeoUpdate, parseSeoDocument, seoMessages } from '#shared/seo.ts';
import type { Db } from '../db/database.ts';
import { AppError, planFeatureRefused } from '../http/errors.ts';
import { findOwnedMediaByUrl } from '../media/media.repository.ts';
import { findSeoDocument, hiddenFromSearch, saveSeoDocument } from './seo.repository.ts';

const seoAllowed = (limits: PlanLimits) => limits.seoTools;

/** The page's SEO settings, whether its plan draws them, and the plans that do. */
export async function getSeo(db: Db, owner: { id: number; plan: Plan }, planLimits: Record<Plan, PlanLimits>): Promise<SeoAnswer> {
  return {
    settings: parseSeoDocument(await findSeoDocument(db, owner.id)),
    applied: seoAllowed(planLimits[owner.plan]),
    plans: plansAllowing(planLimits, seoAllowed),
  };
}

/**
 * Save fields of the SEO document. On a plan without SEO tools every save is
 * refused (403 plan_feature, naming the plans that have them); what was saved
 * on such a plan is kept, and drawn again when the plan has it.
 */
export async function updateSeo(
  db: Db,
  owner: { id: number; plan: Plan },
  update: SeoUpdate,
  planLimits: Record<Plan, PlanLimits>,
): Promise<SeoAnswer> {
  if (!seoAllowed(planLimits[owner.plan])) {
    throw planFeatureRefused(seoMessages.notAllowed(plansAllowing(planLimits, seoAllowed)));
  }
  const settings = { ...parseSeoDocument(await findSeoDocument(db, owner.id)), ...update };
  // The share image is one of the owner's own uploads of its kind; its size is the stored one.
  if (update.shareImage !== undefined) {
    const image = update.shareImage ? await findOwnedMediaByUrl(db, owner.id, 'share', update.shareImage) : undefined;
    if (update.shareImage && !image) {
      throw new AppError(400, 'validation_failed', seoMessages.shareImageMissing, {
        fieldErrors: { shareImage: seoMessages.shareImageMissing },
      });
    }
    settings.shareImageWidth = image?.width ?? 0;
    settings.shareImageHeight = image?.height ?? 0;
  }
  // A service left empty is not kept: the document holds the codes in use.
  settings.verifications = Object.fromEntries(Object.entries(settings.verifications).filter(([, token]) => token));
  await saveSeoDocument(db, owner.id, JSON.stringify(settings), settings.noindex, new Date().toISOString());
  return getSeo(db, owner, planLimits);
}

/** The uploads the page's SEO settings show (its share image): kept, and counted, as the look's are. */
export async function seoUploads(db: Db, userId: number): Promise<string[]> {
  const { shareImage } = parseSeoDocument(await findSeoDocument(db, userId));
  return shareImage ? [shareImage] : [];
}

/** The usernames sitemap.xml leaves out: pages kept out of search engines on a plan with SEO tools. */
export function pagesHiddenFromSearch(db: Db, planLimits: Record<Plan, PlanLimits>): Promise<Set<string>> {
  return hiddenFromSearch(
    db,
    PLANS.filter((plan) => seoAllowed(planLimits[plan])),
  );
}
