import { uploadBytesOf } from '#shared/plans.ts';
import type { PlanUsage } from '#shared/plans.schema.ts';
import { lookPartsPastPlan } from '#shared/plan-look.ts';
import { linksPastPlan } from '#shared/public-profile.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { type ReferencedUploads, countedUploadBytes } from '../media/media.service.ts';
import type { PageReaders } from '../services.ts';

/** The owner's plan limits (after PLAN_LIMITS overrides), what is used, and what the plan keeps off the page. */
export async function planUsageOf(
  db: Db,
  config: AppConfig,
  { lookOf, itemsOf, referenced }: PageReaders & { referenced: ReferencedUploads },
  owner: UserRow,
): Promise<PlanUsage> {
  const limits = config.planLimits[owner.plan];
  const [items, look, references] = await Promise.all([itemsOf(db, owner.id, 'all'), lookOf(db, owner.id), referenced(db, owner)]);
  return {
    plan: owner.plan,
    links: { used: items.filter((item) => item.type === 'link').length, limit: limits.links },
    uploads: { usedBytes: await countedUploadBytes(db, owner, references), limitBytes: uploadBytesOf(config.planLimits, owner) },
    keptOffPage: { links: linksPastPlan(items, limits.links).size, look: lookPartsPastPlan(limits, look) },
  };
}
