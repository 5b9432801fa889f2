import { BadgeCheck, Check, Globe, ImagePlus, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PLANS, type Plan, SITE_NAME } from '#shared/constants.ts';
import { DEFAULT_PLAN_LIMITS, PLAN_NAMES, type PlanLimits, formatBytes, listOf } from '#shared/plans.ts';
import { BASIC_THEME_NAMES, QUICK_THEMES } from '#shared/themes.ts';
import { PROFILE_LAYOUTS, PROFILE_LAYOUT_INFO } from '#shared/customization.ts';
import {
  ADD_ONS,
  type AddOn,
  IMAGE_HOSTING_ADD_ON_BYTES,
  PURCHASE_ITEM_NAMES,
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

const SUMMARIES: Record<Plan, string> = {
  free: 'Everything you need for one great page.',
  pro: 'For creators with more to share.',
  business: 'For brands and busy pages.',
};

/** What the support of each plan is called, when the operator names who gives it. */
const SUPPORT_NAMES: Record<Plan, string> = { free: 'Help', pro: 'Priority support', business: 'A dedicated account manager' };

/** The rows of a plan: what it allows here, and what it does not. */
function rowsOf(
  plan: Plan,
  limits: PlanLimits,
  site: { customDomains: boolean; payments: boolean; support: string | null },
): [string, boolean][] {
  const domainAddOn = site.payments && plan !== 'free' && !limits.customDomain;
  const domain: [string, boolean][] = site.customDomains
    ? [
        [
          limits.customDomain ? 'Your page at your own domain, with HTTPS' : `Your own domain${domainAddOn ? ' (add-on)' : ''}`,
          limits.customDomain,
        ],
      ]
    : [];
  return [
    [limits.links === null ? 'Unlimited links' : `Up to ${limits.links} links`, true],
    // Several pages per account, each run with its own team (issue 53).
    [limits.pages === 1 ? 'One page, run with a team' : `Up to ${limits.pages} pages, each run with a team`, true],
    [`${formatBytes(limits.uploadBytes)} for images, music and cursors`, true],
    [
      limits.allThemes
        ? `All ${QUICK_THEMES.length} themes, and your own colours and backgrounds`
        : `${BASIC_THEME_NAMES.length} basic themes`,
      true,
    ],
    ['Every effect and animation', true],
    // What a plan has, with a tick: a ✕ before "the default font" would read as no font at all.
    [limits.customFonts ? 'Every font' : 'One font: Inter', true],
    [layoutsLine(limits.layouts), true],
    ['Analytics: views, clicks, sources and countries', true],
    [analyticsPeriodsLine(limits.analyticsDays), true],
    ['Analytics download (CSV)', limits.analyticsExport],
    ['Advanced analytics: each link’s click-through rate, devices, browsers and apps', limits.advancedAnalytics],
    [
      'Premium analytics: campaigns, referring pages, busiest hours, live visitors, all time, every figure beside the period before, a weekly or monthly report by email with a chart',
      limits.premiumAnalytics,
    ],
    ['No “Powered by” footer', limits.removeBranding],
    ['Verified badge', limits.verifiedBadge],
    ['SEO tools: search and share appearance, indexing, structured data, verification', limits.seoTools],
    ...domain,
    // People, not software (issue 52 §4): named only when the operator gave who answers this plan (PLAN_SUPPORT).
    ...(site.support ? [[`${SUPPORT_NAMES[plan]}: ${site.support}`, true] as [string, boolean]] : []),
  ];
}

/** The periods a plan's analytics show: 'Analytics for the last 7, 30 and 90 days', '… and of all time'. */
function analyticsPeriodsLine(periods: PlanLimits['analyticsDays']): string {
  const days = periods.filter((period) => period !== 'all').map(String);
  return `Analytics for the last ${listOf(days)} days${periods.includes('all') ? ', and of all time' : ''}`;
}

/** The plan's page layouts, said: the one it has by name, or how many of them. */
function layoutsLine(layouts: number | null): string {
  const count = Math.min(layouts ?? PROFILE_LAYOUTS.length, PROFILE_LAYOUTS.length);
  if (count === 1) return `One page layout: ${PROFILE_LAYOUT_INFO[PROFILE_LAYOUTS[0]].name}`;
  return count === PROFILE_LAYOUTS.length ? `All ${count} page layouts` : `${count} of the ${PROFILE_LAYOUTS.length} page layouts`;
}

export function PricingPage() {
  const { user } = useSession();
  const features = useSiteFeatures();
  const limits = features?.planLimits ?? DEFAULT_PLAN_LIMITS;
  const payments = features?.payments ?? null;
  const offers = useOffers(Boolean(payments && user))?.offers;
  const cancelled = isCheckoutCancelled(useLocation().search);
  return (
    <section className="mx-auto max-w-6xl px-4 pb-24 pt-32 sm:px-6">
      <div className="text-center">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
          Plans on <span className="text-gradient">{SITE_NAME}</span>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-muted">
          Every plan gets the whole editor and real analytics. Plans differ in how many links and how much upload space you have, in fonts,
          themes and layouts, in how far back analytics go, and in the footer.
        </p>
      </div>
      <div className="mx-auto mt-8 flex max-w-2xl items-start gap-3 rounded-2xl border border-primary/30 bg-primary/10 p-4 text-sm text-zinc-200">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        {payments ? (
          <p>
            One-time payments, no subscription: a plan is yours for good, and upgrading later costs only the difference. Payment is taken on
            Stripe&apos;s secure checkout page.
          </p>
        ) : (
          <p>This site takes no payments. Plans are given by its administrator: start free, then ask them for Pro or Business.</p>
        )}
      </div>
      {/* Drawn hidden, for a static page to show too (showCheckoutCancelled). */}
      <p
        role="status"
        hidden={!cancelled}
        data-checkout-cancelled=""
        className="mx-auto mt-4 max-w-2xl rounded-2xl border border-border bg-surface-raised/60 p-4 text-center text-sm"
      >
        Payment cancelled. Nothing was charged.
      </p>
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <Card
            key={plan}
            className={cn('flex flex-col p-8', plan === 'pro' && 'border-primary/60 shadow-2xl shadow-primary/20')}
            data-testid={`plan-${plan}`}
          >
            <h2 className="text-xl font-bold">{PLAN_NAMES[plan]}</h2>
            {payments && (
              <p className="mt-3">
                <span className="text-3xl font-black tabular-nums">{formatMoney(planPrice(payments.prices, plan), payments.currency)}</span>
                <span className="ml-2 text-sm text-muted">{plan === 'free' ? 'forever' : 'once'}</span>
              </p>
            )}
            <p className="mt-2 text-sm text-muted">{SUMMARIES[plan]}</p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {rowsOf(plan, limits[plan], {
                customDomains: features?.customDomains ?? false,
                payments: payments !== null,
                support: features?.planSupport[plan] ?? null,
              }).map(([feature, included]) => (
                <li key={feature} className={cn('flex items-start gap-3', !included && 'text-zinc-400')}>
                  {included ? (
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-label="Included" />
                  ) : (
                    <X className="mt-0.5 size-4 shrink-0" aria-label="Not included" />
                  )}
                  {feature}
                </li>
              ))}
            </ul>
            {payments && plan !== 'free' ? (
              <BuyButton item={plan} offers={offers} label={`Get ${PLAN_NAMES[plan]}`} currency={payments.currency} />
            ) : user ? (
              <p className="mt-8 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-sm text-muted">
                {user.plan === plan
                  ? 'Your current plan'
                  : payments
                    ? `Included in your ${PLAN_NAMES[user.plan]} plan`
                    : `Ask your site's administrator for ${PLAN_NAMES[plan]}.`}
              </p>
            ) : plan === 'free' ? (
              <Button asChild className="mt-8">
                <Link to="/register">Start for free</Link>
              </Button>
            ) : (
              <p className="mt-8 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-sm text-muted">
                Given by the site&apos;s administrator
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
            <span className="font-semibold text-white">Verified badge.</span> On any plan, an administrator can mark a page as verified; the
            badge shows beside its name.
          </p>
        </Card>
      )}
    </section>
  );
}

/** What an add-on gives, said from this site's table (which plans include the badge). */
function addOnText(item: AddOn, limits: Record<Plan, PlanLimits>): { icon: typeof BadgeCheck; text: string } {
  if (item === 'image_hosting') {
    return {
      icon: ImagePlus,
      text: `${formatBytes(IMAGE_HOSTING_ADD_ON_BYTES)} more for images, music and cursors, on top of your plan's.`,
    };
  }
  if (item === 'custom_domain') {
    const included = PLANS.filter((plan) => limits[plan].customDomain).map((plan) => PLAN_NAMES[plan]);
    return {
      icon: Globe,
      text: `Your page at your own domain, such as links.example.org, with HTTPS. For ${PLAN_NAMES.pro}${included.length > 0 ? `; included with ${listOf(included)}` : ''}.`,
    };
  }
  const including = PLANS.filter((plan) => limits[plan].verifiedBadge).map((plan) => PLAN_NAMES[plan]);
  return {
    icon: BadgeCheck,
    text: `A check mark beside your name on your page.${including.length > 0 ? ` Included with ${listOf(including)}.` : ''}`,
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
  return (
    <section aria-labelledby="add-ons" className="mt-16">
      <h2 id="add-ons" className="text-center text-2xl font-bold">
        Add-ons
      </h2>
      <p className="mt-2 text-center text-sm text-muted">One-time, paid once and kept.</p>
      <div className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-3">
        {ADD_ONS.map((item) => {
          const { icon: Icon, text } = addOnText(item, limits);
          return (
            <Card key={item} className="flex flex-col p-6" data-testid={`add-on-${item}`}>
              <h3 className="flex items-center gap-2 font-semibold">
                <Icon className="size-5 text-primary" aria-hidden="true" /> {PURCHASE_ITEM_NAMES[item]}
              </h3>
              <p className="mt-1 text-2xl font-black tabular-nums">{formatMoney(prices[item], currency)}</p>
              <p className="mt-2 flex-1 text-sm text-muted">{text}</p>
              <BuyButton item={item} offers={offers} label="Buy" currency={currency} />
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
  if (!user) {
    return (
      <Button asChild variant="outline" className="mt-8">
        <Link to="/login?next=/pricing">Sign in to buy</Link>
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
        {!isPlan ? offer.refused : user.plan === item ? 'Your current plan' : `Included in your ${PLAN_NAMES[user.plan]} plan`}
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
        {opening ? 'Opening checkout…' : upgrade ? `Upgrade for ${price}` : `${label} · ${price}`}
      </Button>
    </div>
  );
}
