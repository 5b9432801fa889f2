import { ANALYTICS_PERIODS, type AnalyticsPeriod, PLANS, type Plan } from './constants.ts';

// The plans of the pricing page (spec 001 §9): an admin sets a plan, or it is bought (src/shared/purchases.ts).
// DEFAULT_PLAN_LIMITS is the one table of what each plan allows (issue 33): the
// server enforces it, the pricing page and the dashboard's locks read it, and
// the operator changes it with PLAN_LIMITS.

export interface PlanLimits {
  /** null: unlimited */
  links: number | null;
  /** How many pages an account holds (issue 53): pages past it, after a downgrade, go offline until the plan is back. */
  pages: number;
  uploadBytes: number;
  /** The analytics periods the plan shows (7 always). */
  analyticsDays: AnalyticsPeriod[];
  /** The analytics download (CSV). */
  analyticsExport: boolean;
  /** Advanced analytics (issue 52 §2, Pro): each link's click-through rate, devices, browsers and in-app browsers. */
  advancedAnalytics: boolean;
  /** Premium analytics (Business): every figure beside the previous period, campaigns, full referrers, the heat map, live visitors. */
  premiumAnalytics: boolean;
  /** Fonts other than the default (Inter) on the page. */
  customFonts: boolean;
  /** Every quick theme, the named gradients, and the page's own theme colours and background (without it: the basic themes). */
  allThemes: boolean;
  /** How many page layouts the plan draws: the first n of PROFILE_LAYOUTS (issue 52); null: every one. */
  layouts: number | null;
  /** No 'Powered by' footer on the page (spec 001 §9: branding removal). */
  removeBranding: boolean;
  /** The verified badge beside the name, whatever the account bought or was given (spec 001 §9: Business). */
  verifiedBadge: boolean;
  /** SEO tools (issue 52 §3, spec 001 §9: Business): the search and share appearance, indexing, structured data, verification. */
  seoTools: boolean;
  /** Serving the page at the creator's own domain (spec 001 §9: Business; on Pro, the add-on). */
  customDomain: boolean;
}

const MB = 1024 * 1024;

/** What a plan does to the page's look: Free keeps the default font, the basic themes and the 'Powered by' footer. */
function page(paid: boolean): Pick<PlanLimits, 'customFonts' | 'allThemes' | 'removeBranding'> {
  return { customFonts: paid, allThemes: paid, removeBranding: paid };
}

export const DEFAULT_PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: {
    links: 5,
    pages: 1,
    uploadBytes: 10 * MB,
    analyticsDays: [7, 30],
    analyticsExport: false,
    advancedAnalytics: false,
    premiumAnalytics: false,
    ...page(false),
    layouts: 1,
    verifiedBadge: false,
    seoTools: false,
    customDomain: false,
  },
  pro: {
    links: null,
    pages: 3,
    uploadBytes: 50 * MB,
    analyticsDays: [7, 30, 90],
    analyticsExport: true,
    advancedAnalytics: true,
    premiumAnalytics: false,
    ...page(true),
    layouts: 5,
    verifiedBadge: false,
    seoTools: false,
    customDomain: false,
  },
  business: {
    links: null,
    pages: 10,
    uploadBytes: 1024 * MB,
    analyticsDays: [...ANALYTICS_PERIODS],
    analyticsExport: true,
    advancedAnalytics: true,
    premiumAnalytics: true,
    ...page(true),
    layouts: null,
    verifiedBadge: true,
    seoTools: true,
    customDomain: true,
  },
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
  analyticsPeriod: (days: number | 'all', plans: string) =>
    days === 'all' ? `Analytics of all time come with ${plans}.` : `The last ${days} days of analytics come with ${plans}.`,
  analyticsExport: (plans: string) => `Downloading your analytics comes with ${plans}.`,
  liveVisitors: (plans: string) => `Live visitors come with ${plans}.`,
  monthlyReport: (plans: string) => `A monthly report by mail, with a chart, comes with ${plans}.`,
  customFont: (plans: string) => `Fonts other than the default (Inter) come with ${plans}.`,
  layout: (layout: string, plans: string) => `The ${layout} layout comes with ${plans}.`,
  theme: (plans: string, basicThemes: number) =>
    `Your own colours and backgrounds, and themes beyond the ${basicThemes} basic ones, come with ${plans}.`,
} as const;
export const PLAN_UPGRADE_HINT = 'See Pricing for how to upgrade.';

/** Whether `plan` is above `than` in the plans' order (Free, Pro, Business). */
export function isHigherPlan(plan: Plan, than: Plan): boolean {
  return PLANS.indexOf(plan) > PLANS.indexOf(than);
}

/** Whether the account may serve its page at its own domain: by its plan, or the add-on it bought on a paid plan. */
export function allowsCustomDomain(
  limits: Record<Plan, PlanLimits>,
  account: { plan: Plan; customDomainAddOn: number | boolean },
): boolean {
  // The add-on is sold for Pro (spec 001 §9): on Free, as after a downgrade, it is kept but does nothing.
  return limits[account.plan].customDomain || (Boolean(account.customDomainAddOn) && account.plan !== 'free');
}

export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', business: 'Business' };

/** The words of the link-limit message the dashboard turns into a link to /pricing. */
export const SEE_THE_PLANS = 'See the plans';

/** How this site lets a creator have more: plans sold (Stripe) or given by an administrator, and what each plan allows here. */
export interface PlanOffer {
  sold: boolean;
  links: Record<Plan, number | null>;
}

/**
 * What a creator at the plan's link limit is told: the next plan with more links on this site, as many as it allows
 * there, and how to get it here (issue 51: no "upgrade" where only the administrator changes plans).
 */
export function linkLimitMessage(plan: Plan, limit: number, offer: PlanOffer): string {
  const allows = `The ${PLAN_NAMES[plan]} plan allows ${limit} links.`;
  const next = PLANS.slice(PLANS.indexOf(plan) + 1).find((other) => offer.links[other] === null || offer.links[other]! > limit);
  if (!next) return allows;
  const more = offer.links[next] === null ? 'unlimited links' : `${offer.links[next]} links`;
  const how = offer.sold
    ? `${PLAN_NAMES[next]} has ${more}.`
    : `Plans here are given by the site's administrator: ask them for ${PLAN_NAMES[next]}, with ${more}.`;
  return `${allows} ${how} ${SEE_THE_PLANS}.`;
}

/** The site's offer, from its plan limits and whether it sells plans. */
export function planOfferOf(limits: Record<Plan, { links: number | null }>, sold: boolean): PlanOffer {
  return { sold, links: { free: limits.free.links, pro: limits.pro.links, business: limits.business.links } };
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

export function uploadQuotaMessage(limits: Record<Plan, PlanLimits>, account: { plan: Plan; extraUploadBytes: number }): string {
  const holder =
    account.extraUploadBytes > 0
      ? `${PLAN_NAMES[account.plan]} plan and image hosting add-on include`
      : `${PLAN_NAMES[account.plan]} plan includes`;
  return `Your ${holder} ${formatBytes(uploadBytesOf(limits, account))} of uploads, and this file would go past it. Remove unused images or upgrade your plan.`;
}
