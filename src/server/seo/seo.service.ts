import { PLANS, type Plan } from '#shared/constants.ts';
import { type PlanLimits, plansAllowing } from '#shared/plans.ts';
import { type SeoAnswer, type SeoUpdate, parseSeoDocument, seoMessages } from '#shared/seo.ts';
import { PLAN_UPGRADE_HINT } from '#shared/plans.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
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
    throw new AppError(403, 'plan_feature', `${seoMessages.notAllowed(plansAllowing(planLimits, seoAllowed))} ${PLAN_UPGRADE_HINT}`);
  }
  const settings = { ...parseSeoDocument(await findSeoDocument(db, owner.id)), ...update };
  // A service left empty is not kept: the document holds the codes in use.
  settings.verifications = Object.fromEntries(Object.entries(settings.verifications).filter(([, token]) => token));
  await saveSeoDocument(db, owner.id, JSON.stringify(settings), settings.noindex, new Date().toISOString());
  return getSeo(db, owner, planLimits);
}

/** The usernames sitemap.xml leaves out: pages kept out of search engines on a plan with SEO tools. */
export function pagesHiddenFromSearch(db: Db, planLimits: Record<Plan, PlanLimits>): Promise<Set<string>> {
  return hiddenFromSearch(
    db,
    PLANS.filter((plan) => seoAllowed(planLimits[plan])),
  );
}
