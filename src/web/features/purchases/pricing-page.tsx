import { BadgeCheck, Check, Globe, ImagePlus, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PLANS, type Plan, SITE_NAME } from '#shared/constants.ts';
import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_PLAN_LIMITS, PLAN_NAMES, type PlanLimits, formatBytes } from '#shared/plans.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { type Language, formattingLocaleOf } from '#shared/i18n/languages.ts';
import { partsAround, useSiteAddress, useSiteLanguage, useSiteWords } from '#web/lib/site-words.ts';
import { BASIC_THEME_NAMES, QUICK_THEMES } from '#shared/themes.ts';
import { PROFILE_LAYOUTS, PROFILE_LAYOUT_INFO } from '#shared/customization.ts';
import {
  ADD_ONS,
  type AddOn,
  IMAGE_HOSTING_ADD_ON_BYTES,
  type Prices,
  type PurchaseItem,
  formatMoney,
  isPlanItem,
  planPrice,
  purchaseMessages,
} from '#shared/purchases.ts';
import { type OfferAnswer } from '#shared/purchases.schema.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { openCheckout, useOffers } from './use-offers.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useSession } from '#web/lib/use-session.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { isCheckoutCancelled } from '#web/features/site/site-page-behaviour.ts';
import { cn } from '#web/lib/utils.ts';

// The plans of spec 001 §9, saying only what this site does (issue 27): each row
// is what the server enforces for the plan, read from this site's limits
// (PLAN_LIMITS applied). With Stripe set up (issue 33), plans and add-ons are
// bought through Stripe Checkout at the server's prices, an upgrade for the
// difference; without it, an administrator gives plans and no price is shown.

const words = {
  freeSummary: /*i18n*/ { id: 'site.pricing.freeSummary', message: 'Everything you need for one great page.' },
  proSummary: /*i18n*/ { id: 'site.pricing.proSummary', message: 'For creators with more to share.' },
  businessSummary: /*i18n*/ { id: 'site.pricing.businessSummary', message: 'For brands and busy pages.' },
  freeSupport: /*i18n*/ { id: 'site.pricing.freeSupport', message: 'Help' },
  proSupport: /*i18n*/ { id: 'site.pricing.proSupport', message: 'Priority support' },
  businessSupport: /*i18n*/ { id: 'site.pricing.businessSupport', message: 'A dedicated account manager' },
  supportBy: /*i18n*/ { id: 'site.pricing.supportBy', message: '{support}: {who}' },
  ownDomainHttps: /*i18n*/ { id: 'site.pricing.ownDomainHttps', message: 'Your page at your own domain, with HTTPS' },
  ownDomain: /*i18n*/ { id: 'site.pricing.ownDomain', message: 'Your own domain' },
  ownDomainAddOn: /*i18n*/ { id: 'site.pricing.ownDomainAddOn', message: 'Your own domain (add-on)' },
  unlimitedLinks: /*i18n*/ { id: 'site.pricing.unlimitedLinks', message: 'Unlimited links' },
  upToLinks: /*i18n*/ { id: 'site.pricing.upToLinks', message: '{count, plural, one {Up to # link} other {Up to # links}}' },
  onePage: /*i18n*/ { id: 'site.pricing.onePage', message: 'One page, run with a team' },
  upToPages: /*i18n*/ { id: 'site.pricing.upToPages', message: 'Up to {count} pages, each run with a team' },
  uploads: /*i18n*/ { id: 'site.pricing.uploads', message: '{size} for images, music and cursors' },
  allThemes: /*i18n*/ { id: 'site.pricing.allThemes', message: 'All {count} themes, and your own colours and backgrounds' },
  basicThemes: /*i18n*/ { id: 'site.pricing.basicThemes', message: '{count} basic themes' },
  effects: /*i18n*/ { id: 'site.pricing.effects', message: 'Every effect and animation' },
  everyFont: /*i18n*/ { id: 'site.pricing.everyFont', message: 'Every font' },
  oneFont: /*i18n*/ { id: 'site.pricing.oneFont', message: 'One font: Inter' },
  oneLayout: /*i18n*/ { id: 'site.pricing.oneLayout', message: 'One page layout: {name}' },
  allLayouts: /*i18n*/ { id: 'site.pricing.allLayouts', message: 'All {count} page layouts' },
  someLayouts: /*i18n*/ { id: 'site.pricing.someLayouts', message: '{count} of the {total} page layouts' },
  analytics: /*i18n*/ { id: 'site.pricing.analytics', message: 'Analytics: views, clicks, sources and countries' },
  analyticsPeriods: /*i18n*/ { id: 'site.pricing.analyticsPeriods', message: 'Analytics for the last {days} days' },
  analyticsPeriodsAllTime: /*i18n*/ {
    id: 'site.pricing.analyticsPeriodsAllTime',
    message: 'Analytics for the last {days} days, and of all time',
  },
  analyticsExport: /*i18n*/ { id: 'site.pricing.analyticsExport', message: 'Analytics download (CSV)' },
  advancedAnalytics: /*i18n*/ {
    id: 'site.pricing.advancedAnalytics',
    message: 'Advanced analytics: each link’s click-through rate, devices, browsers and apps',
  },
  premiumAnalytics: /*i18n*/ {
    id: 'site.pricing.premiumAnalytics',
    message:
      'Premium analytics: campaigns, referring pages, busiest hours, live visitors, all time, every figure beside the period before, a weekly or monthly report by email with a chart',
  },
  noBranding: /*i18n*/ { id: 'site.pricing.noBranding', message: 'No “Powered by” footer' },
  verifiedBadge: /*i18n*/ { id: 'site.pricing.verifiedBadge', message: 'Verified badge' },
  seoTools: /*i18n*/ {
    id: 'site.pricing.seoTools',
    message: 'SEO tools: search and share appearance, indexing, structured data, verification',
  },
  title: /*i18n*/ { id: 'site.pricing.title', message: 'Plans on {site}' },
  lead: /*i18n*/ {
    id: 'site.pricing.lead',
    message:
      'Every plan gets the whole editor and real analytics. Plans differ in how many links and how much upload space you have, in fonts, themes and layouts, in how far back analytics go, and in the footer.',
  },
  paymentsNote: /*i18n*/ {
    id: 'site.pricing.paymentsNote',
    message:
      'One-time payments, no subscription: a plan is yours for good, and upgrading later costs only the difference. Payment is taken on Stripe’s secure checkout page.',
  },
  noPaymentsNote: /*i18n*/ {
    id: 'site.pricing.noPaymentsNote',
    message: 'This site takes no payments. Plans are given by its administrator: start free, then ask them for Pro or Business.',
  },
  cancelled: /*i18n*/ { id: 'site.pricing.cancelled', message: 'Payment cancelled. Nothing was charged.' },
  forever: /*i18n*/ { id: 'site.pricing.forever', message: 'forever' },
  once: /*i18n*/ { id: 'site.pricing.once', message: 'once' },
  included: /*i18n*/ { id: 'site.pricing.included', message: 'Included' },
  notIncluded: /*i18n*/ { id: 'site.pricing.notIncluded', message: 'Not included' },
  getPlan: /*i18n*/ { id: 'site.pricing.getPlan', message: 'Get {plan}' },
  currentPlan: /*i18n*/ { id: 'site.pricing.currentPlan', message: 'Your current plan' },
  includedInPlan: /*i18n*/ { id: 'site.pricing.includedInPlan', message: 'Included in your {plan} plan' },
  askAdministrator: /*i18n*/ { id: 'site.pricing.askAdministrator', message: 'Ask your site’s administrator for {plan}.' },
  startFree: /*i18n*/ { id: 'site.pricing.startFree', message: 'Start for free' },
  givenByAdministrator: /*i18n*/ { id: 'site.pricing.givenByAdministrator', message: 'Given by the site’s administrator' },
  badgeTitle: /*i18n*/ { id: 'site.pricing.badgeTitle', message: 'Verified badge.' },
  badgeText: /*i18n*/ {
    id: 'site.pricing.badgeText',
    message: 'On any plan, an administrator can mark a page as verified; the badge shows beside its name.',
  },
  imageHostingText: /*i18n*/ {
    id: 'site.pricing.imageHostingText',
    message: '{size} more for images, music and cursors, on top of your plan’s.',
  },
  customDomainText: /*i18n*/ {
    id: 'site.pricing.customDomainText',
    message: 'Your page at your own domain, such as links.example.org, with HTTPS. For {plan}.',
  },
  customDomainIncludedText: /*i18n*/ {
    id: 'site.pricing.customDomainIncludedText',
    message: 'Your page at your own domain, such as links.example.org, with HTTPS. For {plan}; included with {plans}.',
  },
  badgeAddOnText: /*i18n*/ { id: 'site.pricing.badgeAddOnText', message: 'A check mark beside your name on your page.' },
  badgeAddOnIncludedText: /*i18n*/ {
    id: 'site.pricing.badgeAddOnIncludedText',
    message: 'A check mark beside your name on your page. Included with {plans}.',
  },
  addOns: /*i18n*/ { id: 'site.pricing.addOns', message: 'Add-ons' },
  addOnsLead: /*i18n*/ { id: 'site.pricing.addOnsLead', message: 'One-time, paid once and kept.' },
  buy: /*i18n*/ { id: 'site.pricing.buy', message: 'Buy' },
  signInToBuy: /*i18n*/ { id: 'site.pricing.signInToBuy', message: 'Sign in to buy' },
  openingCheckout: /*i18n*/ { id: 'site.pricing.openingCheckout', message: 'Opening checkout…' },
  upgradeFor: /*i18n*/ { id: 'site.pricing.upgradeFor', message: 'Upgrade for {price}' },
  buyFor: /*i18n*/ { id: 'site.pricing.buyFor', message: '{label} · {price}' },
  proPlanItem: /*i18n*/ { id: 'site.pricing.proPlanItem', message: 'Pro plan' },
  businessPlanItem: /*i18n*/ { id: 'site.pricing.businessPlanItem', message: 'Business plan' },
  imageHostingItem: /*i18n*/ { id: 'site.pricing.imageHostingItem', message: 'Image hosting ({size})' },
  customDomainItem: /*i18n*/ { id: 'site.pricing.customDomainItem', message: 'Custom domain' },
} as const;

const SUMMARIES: Record<Plan, MessageDescriptor> = { free: words.freeSummary, pro: words.proSummary, business: words.businessSummary };

/** What the support of each plan is called, when the operator names who gives it. */
const SUPPORT_NAMES: Record<Plan, MessageDescriptor> = { free: words.freeSupport, pro: words.proSupport, business: words.businessSupport };

/** Each thing sold, named (PURCHASE_ITEM_NAMES, in the page's language). */
function itemName(item: PurchaseItem, t: Translate): string {
  if (item === 'pro') return t(words.proPlanItem);
  if (item === 'business') return t(words.businessPlanItem);
  if (item === 'verified_badge') return t(words.verifiedBadge);
  if (item === 'image_hosting') return t(words.imageHostingItem, { size: formatBytes(IMAGE_HOSTING_ADD_ON_BYTES) });
  return t(words.customDomainItem);
}

/** A list in the page's language: 'Pro and Business', 'Pro y Business'. */
function listIn(language: Language, items: readonly string[]): string {
  return new Intl.ListFormat(formattingLocaleOf(language), { type: 'conjunction' }).format(items);
}

/** The rows of a plan: what it allows here, and what it does not. */
function rowsOf(
  plan: Plan,
  limits: PlanLimits,
  site: { customDomains: boolean; payments: boolean; support: string | null },
  t: Translate,
  language: Language,
): [string, boolean][] {
  const domainAddOn = site.payments && plan !== 'free' && !limits.customDomain;
  const domain: [string, boolean][] = site.customDomains
    ? [[t(limits.customDomain ? words.ownDomainHttps : domainAddOn ? words.ownDomainAddOn : words.ownDomain), limits.customDomain]]
    : [];
  return [
    [limits.links === null ? t(words.unlimitedLinks) : t(words.upToLinks, { count: limits.links }), true],
    // Several pages per account, each run with its own team (issue 53).
    [limits.pages === 1 ? t(words.onePage) : t(words.upToPages, { count: limits.pages }), true],
    [t(words.uploads, { size: formatBytes(limits.uploadBytes) }), true],
    [
      limits.allThemes ? t(words.allThemes, { count: QUICK_THEMES.length }) : t(words.basicThemes, { count: BASIC_THEME_NAMES.length }),
      true,
    ],
    [t(words.effects), true],
    // What a plan has, with a tick: a ✕ before "the default font" would read as no font at all.
    [t(limits.customFonts ? words.everyFont : words.oneFont), true],
    [layoutsLine(limits.layouts, t), true],
    [t(words.analytics), true],
    [analyticsPeriodsLine(limits.analyticsDays, t, language), true],
    [t(words.analyticsExport), limits.analyticsExport],
    [t(words.advancedAnalytics), limits.advancedAnalytics],
    [t(words.premiumAnalytics), limits.premiumAnalytics],
    [t(words.noBranding), limits.removeBranding],
    [t(words.verifiedBadge), limits.verifiedBadge],
    [t(words.seoTools), limits.seoTools],
    ...domain,
    // People, not software (issue 52 §4): named only when the operator gave who answers this plan (PLAN_SUPPORT).
    ...(site.support ? [[t(words.supportBy, { support: t(SUPPORT_NAMES[plan]), who: site.support }), true] as [string, boolean]] : []),
  ];
}

/** The periods a plan's analytics show: 'Analytics for the last 7, 30 and 90 days', '… and of all time'. */
function analyticsPeriodsLine(periods: PlanLimits['analyticsDays'], t: Translate, language: Language): string {
  const days = listIn(language, periods.filter((period) => period !== 'all').map(String));
  return t(periods.includes('all') ? words.analyticsPeriodsAllTime : words.analyticsPeriods, { days });
}

/** The plan's page layouts, said: the one it has by name, or how many of them. */
function layoutsLine(layouts: number | null, t: Translate): string {
  const count = Math.min(layouts ?? PROFILE_LAYOUTS.length, PROFILE_LAYOUTS.length);
  if (count === 1) return t(words.oneLayout, { name: PROFILE_LAYOUT_INFO[PROFILE_LAYOUTS[0]].name });
  return count === PROFILE_LAYOUTS.length ? t(words.allLayouts, { count }) : t(words.someLayouts, { count, total: PROFILE_LAYOUTS.length });
}

export function PricingPage() {
  const { user } = useSession();
  const features = useSiteFeatures();
  const limits = features?.planLimits ?? DEFAULT_PLAN_LIMITS;
  const payments = features?.payments ?? null;
  const offers = useOffers(Boolean(payments && user))?.offers;
  const cancelled = isCheckoutCancelled(useLocation().search);
  const t = useSiteWords();
  const language = useSiteLanguage();
  const addressOf = useSiteAddress();
  // The site's name in colour, where the language puts it.
  const [before, after] = partsAround(t, words.title, 'site');
  return (
    <section className="mx-auto max-w-6xl px-4 pb-24 pt-32 sm:px-6">
      <div className="text-center">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
          {before}
          <span className="text-gradient" translate="no">
            {SITE_NAME}
          </span>
          {after}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-muted">{t(words.lead)}</p>
      </div>
      <div className="mx-auto mt-8 flex max-w-2xl items-start gap-3 rounded-2xl border border-primary/30 bg-primary/10 p-4 text-sm text-zinc-200">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>{t(payments ? words.paymentsNote : words.noPaymentsNote)}</p>
      </div>
      {/* Drawn hidden, for a static page to show too (showCheckoutCancelled). */}
      <p
        role="status"
        hidden={!cancelled}
        data-checkout-cancelled=""
        className="mx-auto mt-4 max-w-2xl rounded-2xl border border-border bg-surface-raised/60 p-4 text-center text-sm"
      >
        {t(words.cancelled)}
      </p>
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <Card
            key={plan}
            className={cn('flex flex-col p-8', plan === 'pro' && 'border-primary/60 shadow-2xl shadow-primary/20')}
            data-testid={`plan-${plan}`}
          >
            <h2 className="text-xl font-bold" translate="no">
              {PLAN_NAMES[plan]}
            </h2>
            {payments && (
              <p className="mt-3">
                <span className="text-3xl font-black tabular-nums">{formatMoney(planPrice(payments.prices, plan), payments.currency)}</span>
                <span className="ms-2 text-sm text-muted">{t(plan === 'free' ? words.forever : words.once)}</span>
              </p>
            )}
            <p className="mt-2 text-sm text-muted">{t(SUMMARIES[plan])}</p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {rowsOf(
                plan,
                limits[plan],
                {
                  customDomains: features?.customDomains ?? false,
                  payments: payments !== null,
                  support: features?.planSupport[plan] ?? null,
                },
                t,
                language,
              ).map(([feature, included]) => (
                <li key={feature} className={cn('flex items-start gap-3', !included && 'text-zinc-400')}>
                  {included ? (
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-label={t(words.included)} />
                  ) : (
                    <X className="mt-0.5 size-4 shrink-0" aria-label={t(words.notIncluded)} />
                  )}
                  {feature}
                </li>
              ))}
            </ul>
            {payments && plan !== 'free' ? (
              <BuyButton item={plan} offers={offers} label={t(words.getPlan, { plan: PLAN_NAMES[plan] })} currency={payments.currency} />
            ) : user ? (
              <p className="mt-8 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-sm text-muted">
                {user.plan === plan
                  ? t(words.currentPlan)
                  : payments
                    ? t(words.includedInPlan, { plan: PLAN_NAMES[user.plan] })
                    : t(words.askAdministrator, { plan: PLAN_NAMES[plan] })}
              </p>
            ) : plan === 'free' ? (
              <Button asChild className="mt-8">
                <Link to={addressOf('/register')}>{t(words.startFree)}</Link>
              </Button>
            ) : (
              <p className="mt-8 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-sm text-muted">
                {t(words.givenByAdministrator)}
              </p>
            )}
          </Card>
        ))}
      </div>
      {payments ? (
        <AddOns currency={payments.currency} prices={payments.prices} offers={offers} limits={limits} />
      ) : (
        <Card className="mx-auto mt-12 flex max-w-2xl items-start gap-3 text-sm">
          <BadgeCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p className="text-zinc-300">
            <span className="font-semibold text-white">{t(words.badgeTitle)}</span> {t(words.badgeText)}
          </p>
        </Card>
      )}
    </section>
  );
}

/** What an add-on gives, said from this site's table (which plans include the badge). */
function addOnText(
  item: AddOn,
  limits: Record<Plan, PlanLimits>,
  t: Translate,
  language: Language,
): { icon: typeof BadgeCheck; text: string } {
  if (item === 'image_hosting')
    return { icon: ImagePlus, text: t(words.imageHostingText, { size: formatBytes(IMAGE_HOSTING_ADD_ON_BYTES) }) };
  if (item === 'custom_domain') {
    const included = PLANS.filter((plan) => limits[plan].customDomain).map((plan) => PLAN_NAMES[plan]);
    return {
      icon: Globe,
      text:
        included.length > 0
          ? t(words.customDomainIncludedText, { plan: PLAN_NAMES.pro, plans: listIn(language, included) })
          : t(words.customDomainText, { plan: PLAN_NAMES.pro }),
    };
  }
  const including = PLANS.filter((plan) => limits[plan].verifiedBadge).map((plan) => PLAN_NAMES[plan]);
  return {
    icon: BadgeCheck,
    text: including.length > 0 ? t(words.badgeAddOnIncludedText, { plans: listIn(language, including) }) : t(words.badgeAddOnText),
  };
}

function AddOns({
  currency,
  prices,
  offers,
  limits,
}: {
  currency: string;
  prices: Prices;
  offers: OfferAnswer[] | undefined;
  limits: Record<Plan, PlanLimits>;
}) {
  const t = useSiteWords();
  const language = useSiteLanguage();
  return (
    <section aria-labelledby="add-ons" className="mt-16">
      <h2 id="add-ons" className="text-center text-2xl font-bold">
        {t(words.addOns)}
      </h2>
      <p className="mt-2 text-center text-sm text-muted">{t(words.addOnsLead)}</p>
      <div className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-3">
        {ADD_ONS.map((item) => {
          const { icon: Icon, text } = addOnText(item, limits, t, language);
          return (
            <Card key={item} className="flex flex-col p-6" data-testid={`add-on-${item}`}>
              <h3 className="flex items-center gap-2 font-semibold">
                <Icon className="size-5 text-primary" aria-hidden="true" /> {itemName(item, t)}
              </h3>
              <p className="mt-1 text-2xl font-black tabular-nums">{formatMoney(prices[item], currency)}</p>
              <p className="mt-2 flex-1 text-sm text-muted">{text}</p>
              <BuyButton item={item} offers={offers} label={t(words.buy)} currency={currency} />
            </Card>
          );
        })}
      </div>
    </section>
  );
}

/**
 * What the visitor can do about an item: sign in first, buy it at the server's
 * price for this account (an upgrade: the difference), or why not.
 */
function BuyButton({
  item,
  offers,
  label,
  currency,
}: {
  item: PurchaseItem;
  offers: OfferAnswer[] | undefined;
  label: string;
  currency: string;
}) {
  const { user } = useSession();
  const [opening, setOpening] = useState(false);
  const checkout = useApiMutation({ mutationFn: openCheckout, failure: purchaseMessages.checkoutFailed });
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  if (!user) {
    return (
      <Button asChild variant="outline" className="mt-8">
        <Link to={`${addressOf('/login')}?next=${addressOf('/pricing')}`}>{t(words.signInToBuy)}</Link>
      </Button>
    );
  }
  const offer = offers?.find((entry) => entry.item === item);
  if (!offer)
    return (
      <Button className="mt-8" disabled>
        {label}
      </Button>
    );
  if (offer.refused) {
    const isPlan = isPlanItem(item);
    return (
      <p className="mt-8 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-sm text-muted">
        {!isPlan ? offer.refused : user.plan === item ? t(words.currentPlan) : t(words.includedInPlan, { plan: PLAN_NAMES[user.plan] })}
      </p>
    );
  }
  const price = formatMoney(offer.amount ?? 0, currency);
  const upgrade = isPlanItem(item) && user.plan !== 'free';
  return (
    <div className="mt-8">
      <Button
        className="w-full"
        disabled={opening}
        onClick={() => {
          setOpening(true);
          // Stays "Opening" while the browser goes to the checkout.
          void checkout.run(item, { onFailure: () => setOpening(false) });
        }}
      >
        {opening ? t(words.openingCheckout) : upgrade ? t(words.upgradeFor, { price }) : t(words.buyFor, { label, price })}
      </Button>
    </div>
  );
}
