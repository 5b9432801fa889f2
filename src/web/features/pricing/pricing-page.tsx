import { BadgeCheck, Check, ShieldCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS, type Plan, SITE_NAME } from '#shared/constants.ts';
import {
  DEFAULT_PLAN_LIMITS,
  PLAN_NAMES,
  type PlanLimits,
  allowsAllLayouts,
  allowsCustomFonts,
  formatBytes,
  listOf,
  removesBranding,
} from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useSession } from '#web/features/auth/use-session.ts';
import { useSiteFeatures } from '#web/features/site/use-site-features.ts';
import { cn } from '#web/lib/utils.ts';

// The plans of spec 001 §9, saying only what this site does (issue 27): each row
// is what the server enforces for the plan, read from this site's limits
// (PLAN_LIMITS applied). There is no checkout: an administrator gives plans.

const SUMMARIES: Record<Plan, string> = {
  free: 'Everything you need for one great page.',
  pro: 'For creators with more to share.',
  business: 'For brands and busy pages.',
};

/** The rows of a plan: what it allows here, and what it does not. */
function rowsOf(plan: Plan, limits: PlanLimits): [string, boolean][] {
  return [
    [limits.links === null ? 'Unlimited links' : `Up to ${limits.links} links`, true],
    [`${formatBytes(limits.uploadBytes)} for images, music and cursors`, true],
    ['Every theme and effect', true],
    [allowsCustomFonts(plan) ? 'Every font' : 'The default font (Inter)', allowsCustomFonts(plan)],
    [allowsAllLayouts(plan) ? 'Every page layout' : 'The default page layout (centered)', allowsAllLayouts(plan)],
    ['Analytics: views, clicks, sources and countries', true],
    [`Analytics for the last ${listOf(limits.analyticsDays.map(String))} days`, true],
    ['Analytics download (CSV)', limits.analyticsExport],
    ['No “Powered by” footer', removesBranding(plan)],
  ];
}

export function PricingPage() {
  const { user } = useSession();
  const limits = useSiteFeatures()?.planLimits ?? DEFAULT_PLAN_LIMITS;
  return (
    <section className="mx-auto max-w-6xl px-4 pb-24 pt-32 sm:px-6">
      <div className="text-center">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
          Plans on <span className="text-gradient">{SITE_NAME}</span>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-muted">
          Every plan gets the whole editor and real analytics. Plans differ in how many links and how much upload space you have, how far
          back analytics go, and in the footer.
        </p>
      </div>
      <div className="mx-auto mt-8 flex max-w-2xl items-start gap-3 rounded-2xl border border-primary/30 bg-primary/10 p-4 text-sm text-zinc-200">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>This site takes no payments. Plans are given by its administrator: start free, then ask them for Pro or Business.</p>
      </div>
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <Card
            key={plan}
            className={cn('flex flex-col p-8', plan === 'pro' && 'border-primary/60 shadow-2xl shadow-primary/20')}
            data-testid={`plan-${plan}`}
          >
            <h2 className="text-xl font-bold">{PLAN_NAMES[plan]}</h2>
            <p className="mt-2 text-sm text-muted">{SUMMARIES[plan]}</p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {rowsOf(plan, limits[plan]).map(([feature, included]) => (
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
            {user ? (
              <p className="mt-8 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-sm text-muted">
                {user.plan === plan ? 'Your current plan' : `Ask your site's administrator for ${PLAN_NAMES[plan]}.`}
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
      <Card className="mx-auto mt-12 flex max-w-2xl items-start gap-3 text-sm">
        <BadgeCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-zinc-300">
          <span className="font-semibold text-white">Verified badge.</span> On any plan, an administrator can mark a page as verified; the
          badge shows beside its name.
        </p>
      </Card>
    </section>
  );
}
