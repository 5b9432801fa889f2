import { z } from 'zod';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from './analytics.ts';
import { PLANS, type Plan } from './constants.ts';

// The plans of the pricing page (spec 001 §9): an admin sets a plan, or it is bought (src/shared/purchases.ts).
// DEFAULT_PLAN_LIMITS is the one table of what each plan allows (issue 33): the
// server enforces it, the pricing page and the dashboard's locks read it, and
// the operator changes it with PLAN_LIMITS.

export interface PlanLimits {
  /** null: unlimited */
  links: number | null;
  uploadBytes: number;
  /** The analytics periods the plan shows (7 always). */
  analyticsDays: AnalyticsPeriod[];
  /** The analytics download (CSV). */
  analyticsExport: boolean;
}

const MB = 1024 * 1024;

export const DEFAULT_PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { links: 5, uploadBytes: 10 * MB, analyticsDays: [7, 30], analyticsExport: false },
  pro: { links: null, uploadBytes: 50 * MB, analyticsDays: [...ANALYTICS_PERIODS], analyticsExport: true },
  business: { links: null, uploadBytes: 1024 * MB, analyticsDays: [...ANALYTICS_PERIODS], analyticsExport: true },
};

/** Words said as a list: 'Pro and Business', '7, 30 and 90'. */
export function listOf(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The plans that allow something, said as a list: 'Pro and Business'. */
export function plansAllowing(limits: Record<Plan, PlanLimits>, allows: (limits: PlanLimits) => boolean): string {
  return listOf(PLANS.filter((plan) => allows(limits[plan])).map((plan) => PLAN_NAMES[plan])) || 'no plan';
}

/** What a plan does not include, and which plans do (the API adds PLAN_UPGRADE_HINT; screens link to Pricing). */
export const planFeatureMessages = {
  analyticsPeriod: (days: number, plans: string) => `The last ${days} days of analytics come with ${plans}.`,
  analyticsExport: (plans: string) => `Downloading your analytics comes with ${plans}.`,
  customFont: (plans: string) => `Fonts other than the default (Inter) come with ${plans}.`,
  layout: (plans: string) => `Layouts other than the default (centered) come with ${plans}.`,
} as const;
export const PLAN_UPGRADE_HINT = 'See Pricing for how to upgrade.';

export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', business: 'Business' };

/** The words of the link-limit message the dashboard turns into a link to /pricing. */
export const UPGRADE_TO_PRO = 'Upgrade to Pro';

export function linkLimitMessage(plan: Plan, limit: number): string {
  return `The ${PLAN_NAMES[plan]} plan allows ${limit} links. ${UPGRADE_TO_PRO} for unlimited links.`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${+(bytes / (1024 * MB)).toFixed(1)} GB`;
  if (bytes >= MB) return `${+(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The upload space an account has: its plan's, and what the image hosting add-on adds. */
export function uploadBytesOf(limits: Record<Plan, PlanLimits>, account: { plan: Plan; extraUploadBytes: number }): number {
  return limits[account.plan].uploadBytes + account.extraUploadBytes;
}

export function uploadQuotaMessage(plan: Plan, limitBytes: number): string {
  return `Your ${PLAN_NAMES[plan]} plan includes ${formatBytes(limitBytes)} of uploads, and this file would go past it. Remove unused images or upgrade your plan.`;
}

/**
 * What each plan does to the page's look (spec 001 §9), the same on every site
 * for now: Free draws its page in the default font and layout, with the
 * 'Powered by' footer. A choice made on a plan that had it is kept, and shows
 * again with it (src/shared/plan-look.ts).
 */
const PAGE_FEATURES: Record<Plan, { customFonts: boolean; allLayouts: boolean; removeBranding: boolean }> = {
  free: { customFonts: false, allLayouts: false, removeBranding: false },
  pro: { customFonts: true, allLayouts: true, removeBranding: true },
  business: { customFonts: true, allLayouts: true, removeBranding: true },
};

/** Plans that remove the 'Powered by' footer (spec 001 §9: branding removal). */
export function removesBranding(plan: Plan): boolean {
  return PAGE_FEATURES[plan].removeBranding;
}

/** Plans whose page shows the font its creator chose (Free: the default font). */
export function allowsCustomFonts(plan: Plan): boolean {
  return PAGE_FEATURES[plan].customFonts;
}

/** Plans whose page shows the layout its creator chose (Free: the default layout). */
export function allowsAllLayouts(plan: Plan): boolean {
  return PAGE_FEATURES[plan].allLayouts;
}

/** The plans with custom fonts, and with every layout, said as lists. */
export const CUSTOM_FONT_PLANS = listOf(PLANS.filter(allowsCustomFonts).map((plan) => PLAN_NAMES[plan]));
export const ALL_LAYOUT_PLANS = listOf(PLANS.filter(allowsAllLayouts).map((plan) => PLAN_NAMES[plan]));

/** GET /api/me/limits: what the user's plan allows and what is used. */
export const planUsageSchema = z
  .object({
    plan: z.enum(PLANS),
    links: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    uploads: z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() }),
  })
  .meta({ id: 'PlanUsage' });
export type PlanUsage = z.infer<typeof planUsageSchema>;
