import { Archive } from 'lucide-react';
import { Link } from 'react-router';
import { PLAN_NAMES } from '#shared/plans.ts';
import { Card } from '#web/components/ui/card.tsx';
import type { DashboardTab } from '#web/lib/constants.ts';
import { usePlanUsage } from '#web/features/links/use-links.ts';
import { useAppWords, useSiteAddress } from '#web/lib/site-words.ts';

const words = {
  links: /*i18n*/ {
    id: 'app.pastPlan.links',
    message: '{count, plural, one {# link} other {# links}} past the {limit} your plan shows.',
  },
  openLinks: /*i18n*/ { id: 'app.pastPlan.openLinks', message: 'Open Links' },
  openCustomize: /*i18n*/ { id: 'app.pastPlan.openCustomize', message: 'Open Customize' },
  title: /*i18n*/ { id: 'app.pastPlan.title', message: 'Kept for a plan that includes it' },
  text: /*i18n*/ {
    id: 'app.pastPlan.text',
    message:
      'Your {plan} plan leaves these off your page. Nothing was deleted: they come back as they were with a plan that includes them.',
  },
  pricing: /*i18n*/ { id: 'app.pastPlan.pricing', message: 'See Pricing' },
} as const;

/**
 * What the creator keeps that their plan leaves off the page (issue 33: a
 * downgrade deletes nothing): links past the limit, and a font, layout or
 * theme from another plan, as the server found them. Nothing shows while the
 * page draws everything.
 */
export function PastPlanCard({ onTabChange }: { onTabChange: (tab: DashboardTab) => void }) {
  const usage = usePlanUsage().data;
  const t = useAppWords();
  const siteAddress = useSiteAddress();
  if (!usage) return null;
  const { links, look } = usage.keptOffPage;
  const parts: { text: string; tab: DashboardTab; action: string }[] = [
    ...(links > 0
      ? [{ text: t(words.links, { count: links, limit: usage.links.limit }), tab: 'links' as const, action: t(words.openLinks) }]
      : []),
    ...look.map((text) => ({ text, tab: 'customize' as const, action: t(words.openCustomize) })),
  ];
  if (parts.length === 0) return null;
  return (
    <Card data-testid="past-plan-card">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary-text">
          <Archive className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{t(words.title)}</h3>
          <p className="mt-1 text-sm text-muted">{t(words.text, { plan: PLAN_NAMES[usage.plan] })}</p>
          <ul className="mt-4 space-y-2">
            {parts.map((part) => (
              <li
                key={part.text}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-border px-3 py-2 text-sm"
              >
                <span className="text-zinc-200">{part.text}</span>
                <button
                  type="button"
                  onClick={() => onTabChange(part.tab)}
                  className="cursor-pointer font-medium text-primary-text hover:underline"
                >
                  {part.action}
                </button>
              </li>
            ))}
          </ul>
          <Link to={siteAddress('/pricing')} className="mt-4 inline-block text-sm font-semibold text-primary-text hover:underline">
            {t(words.pricing)}
          </Link>
        </div>
      </div>
    </Card>
  );
}
