import { withPage } from '#web/lib/page-choice.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowDownRight,
  ArrowUpRight,
  BarChart3,
  Copy,
  Download,
  Eye,
  Globe2,
  Lock,
  Minus,
  MousePointerClick,
  Percent,
  Smartphone,
} from 'lucide-react';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { type AnalyticsReport, CONVERSION_RATE_DEFINITION, LIVE_MINUTES, analyticsMessages, periodName } from '#shared/analytics.ts';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, type Plan } from '#shared/constants.ts';
import { countOf, formatCount } from '#shared/counts.ts';
import { DEFAULT_PLAN_LIMITS, type PlanLimits, planFeatureMessages, plansAllowing } from '#shared/plans.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { PlanLockNote } from '#web/features/purchases/plan-lock-note.tsx';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useProfileActions } from '#web/lib/use-profile-actions.ts';
import { useUpdateProfile } from '#web/lib/use-profile-settings.ts';
import { cn } from '#web/lib/utils.ts';
import { useAnalytics, useLiveVisitors, visitorCountry } from './use-analytics.ts';
import { PremiumSections } from './premium-sections.tsx';
import { SectionTitle } from './section-title.tsx';

// The chart library is fetched with this tab, never with the rest of the dashboard.
const DailyVisitsChart = lazy(() => import('./daily-visits-chart.tsx'));

const DEVICE_NAMES: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

export function AnalyticsTab({ user }: { user: CurrentUser }) {
  const [days, setDays] = useState<AnalyticsPeriod>(7);
  const [locked, setLocked] = useState<string | null>(null);
  // What the plan shows (issue 33): a period or the download it does not include says which plans do, with a way to Pricing.
  const limits = useSiteFeatures()?.planLimits;
  const allowed = limits?.[user.plan] ?? DEFAULT_PLAN_LIMITS[user.plan];
  const planLimits = limits ?? DEFAULT_PLAN_LIMITS;
  const analytics = useAnalytics(days);
  const report = analytics.data;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Timeframe" className="flex flex-wrap gap-1 rounded-xl border border-border bg-surface/80 p-1">
          {ANALYTICS_PERIODS.map((period) => {
            const open = allowed.analyticsDays.includes(period);
            return (
              <button
                key={period}
                type="button"
                aria-pressed={days === period}
                onClick={() => {
                  if (open) {
                    setLocked(null);
                    return setDays(period);
                  }
                  setLocked(
                    planFeatureMessages.analyticsPeriod(
                      period,
                      plansAllowing(planLimits, (plan) => plan.analyticsDays.includes(period)),
                    ),
                  );
                }}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors sm:min-h-0',
                  days === period ? 'bg-primary/20 text-white' : 'text-zinc-300 hover:text-white',
                )}
              >
                {!open && <Lock className="size-3.5" aria-label="Not on your plan" />}
                {periodName(period)}
              </button>
            );
          })}
        </div>
        {allowed.analyticsExport ? (
          <Button asChild variant="outline" size="sm">
            <a href={withPage(`/api/me/analytics/export?days=${days}`)} download>
              <Download /> Export CSV
            </a>
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setLocked(planFeatureMessages.analyticsExport(plansAllowing(planLimits, (plan) => plan.analyticsExport)))}
          >
            <Lock aria-label="Not on your plan" /> Export CSV
          </Button>
        )}
      </div>
      <PlanLockNote note={locked} />

      {analytics.isPending && <LoadingState label="Loading analytics..." />}
      {analytics.isError && (
        <LoadError title="Could not load your analytics" detail={analytics.error.message} onRetry={() => void analytics.refetch()} />
      )}
      {report && <Report report={report} user={user} plans={planLimits} />}
    </div>
  );
}

function Report({ report, user, plans }: { report: AnalyticsReport; user: CurrentUser; plans: Record<Plan, PlanLimits> }) {
  const empty = report.totalViews === 0 && report.profileViews === 0 && report.linkClicks === 0;
  // All time has no period before it: no trend is shown.
  const period = report.period === 'all' ? undefined : `previous ${report.days} days`;
  // Premium analytics (Business) sets every figure beside the period before; the others compare views and clicks.
  const compared = report.comparison;
  const advancedPlans = plansAllowing(plans, (plan) => plan.advancedAnalytics);
  return (
    <>
      {plans[user.plan].premiumAnalytics && <LiveVisitorsNow />}
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={<Eye />}
          label="Profile Views"
          value={formatCount(report.profileViews)}
          detail={countOf(report.uniqueVisitors, 'unique visitor')}
          trend={report.viewsTrend}
          against={period}
          before={
            compared &&
            `${countOf(compared.uniqueVisitors.previous, 'unique visitor')} before, ${changeOf(compared.uniqueVisitors.change, '%')}`
          }
        />
        <StatCard
          icon={<MousePointerClick />}
          label="Link Clicks"
          value={formatCount(report.linkClicks)}
          detail={`${countOf(report.uniqueClicks, 'visitor')} clicked`}
          trend={report.clicksTrend}
          against={period}
          before={
            compared &&
            `${countOf(compared.uniqueClicks.previous, 'visitor')} clicked before, ${changeOf(compared.uniqueClicks.change, '%')}`
          }
        />
        <StatCard
          icon={<Percent />}
          label="Conversion Rate"
          value={`${report.conversionRate}%`}
          detail={CONVERSION_RATE_DEFINITION}
          before={compared && `${compared.conversionRate.previous}% before, ${changeOf(compared.conversionRate.change, ' points')}`}
        />
      </div>

      {empty ? (
        <EmptyAnalytics username={user.username} />
      ) : (
        <>
          <Card>
            <SectionTitle icon={<BarChart3 />} title="Daily Profile Visits" />
            <Suspense fallback={<div className="h-64" aria-hidden="true" />}>
              <DailyVisitsChart days={report.dailyVisits} />
            </Suspense>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <SectionTitle icon={<Globe2 />} title="Traffic Sources" />
              <ShareList
                items={report.sources.map((source) => ({ ...source, label: source.name }))}
                unit="visit"
                empty="No visits in this period."
              />
            </Card>
            <TopLinks report={report} />
            <Card>
              <SectionTitle icon={<Globe2 />} title="Countries" />
              <ShareList
                items={report.countries.map((country) => ({ ...country, label: visitorCountry(country.name) }))}
                unit="visit"
                empty="No visits in this period."
                limit={8}
              />
            </Card>
            <Card>
              <SectionTitle icon={<Smartphone />} title="Devices" />
              {report.devices === null || report.browsers === null || report.inAppBrowsers === null ? (
                <PlanLockNote note={`Devices, browsers and the apps visitors open your page in come with ${advancedPlans}.`} />
              ) : (
                <DevicesAndBrowsers devices={report.devices} browsers={report.browsers} inAppBrowsers={report.inAppBrowsers} />
              )}
            </Card>
          </div>
          <PremiumSections report={report} plans={plansAllowing(plans, (plan) => plan.premiumAnalytics)} />
        </>
      )}
      <TimeZoneSetting current={report.timeZone} />
    </>
  );
}

/** Advanced analytics (Pro and Business): visits by device, and the browsers and apps they came in. */
function DevicesAndBrowsers({
  devices,
  browsers,
  inAppBrowsers,
}: {
  devices: NonNullable<AnalyticsReport['devices']>;
  browsers: NonNullable<AnalyticsReport['browsers']>;
  inAppBrowsers: NonNullable<AnalyticsReport['inAppBrowsers']>;
}) {
  const report = { browsers, inAppBrowsers };
  return (
    <>
      <ShareList
        items={devices.map((device) => ({ ...device, label: DEVICE_NAMES[device.name] ?? device.name }))}
        unit="visit"
        empty="No visits in this period."
      />
      {report.browsers.length > 0 && (
        <p className="mt-4 text-xs text-muted">
          Browsers:{' '}
          {report.browsers
            .slice(0, 4)
            .map((browser) => `${browser.name} ${browser.percentage}%`)
            .join(' · ')}
        </p>
      )}
      {report.inAppBrowsers.length > 0 && (
        <p className="mt-2 text-xs text-muted" data-testid="in-app-browsers">
          Opened inside apps:{' '}
          {report.inAppBrowsers
            .slice(0, 4)
            .map((app) => `${app.name} ${app.percentage}%`)
            .join(' · ')}
        </p>
      )}
    </>
  );
}

/** Premium analytics: who is on the page now, updating without a reload. */
function LiveVisitorsNow() {
  const live = useLiveVisitors(true);
  if (!live.data) return null;
  const { visitors } = live.data;
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full border border-emerald-500/30 bg-emerald-500/10 px-3 py-1.5 text-sm text-emerald-200"
      data-testid="live-visitors"
      aria-live="polite"
    >
      <span className="relative flex size-2.5" aria-hidden="true">
        {visitors > 0 && (
          <span className="absolute inline-flex size-full motion-safe:animate-ping rounded-full bg-emerald-400 opacity-60" />
        )}
        <span className="relative inline-flex size-2.5 rounded-full bg-emerald-400" />
      </span>
      {countOf(visitors, 'visitor')} in the last {LIVE_MINUTES} minutes
    </p>
  );
}

/** A change said with its sign: '+12.5%', '-3 points', or new when the period before had none. */
function changeOf(change: number | null, unit: string): string {
  if (change === null) return 'new';
  return `${change > 0 ? '+' : ''}${change}${unit}`;
}

function StatCard(props: {
  icon: ReactNode;
  label: string;
  value: string;
  detail: string;
  trend?: number | null;
  against?: string;
  /** Premium analytics: the figure beside the period before it. */
  before?: string | null;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted">{props.label}</p>
        <span className="flex size-9 items-center justify-center rounded-xl bg-primary/15 text-primary [&_svg]:size-4" aria-hidden="true">
          {props.icon}
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight" data-testid={`stat-${props.label.toLowerCase().replaceAll(' ', '-')}`}>
        {props.value}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {props.against !== undefined && <Trend value={props.trend ?? null} against={props.against} />}
        <span className="text-muted">{props.detail}</span>
      </div>
      {props.before && (
        <p className="mt-1 text-xs text-muted" data-testid="compared">
          {props.before}
        </p>
      )}
    </Card>
  );
}

/** The change against the previous period; 'New' when that period had nothing to compare with. */
function Trend({ value, against }: { value: number | null; against: string }) {
  const label = value === null ? `New: nothing in the ${against}` : `${value > 0 ? '+' : ''}${value}% vs ${against}`;
  const Icon = value === null || value > 0 ? ArrowUpRight : value < 0 ? ArrowDownRight : Minus;
  return (
    <span
      title={label}
      className={cn(
        'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold',
        value === null || value > 0
          ? 'bg-emerald-500/15 text-emerald-400'
          : value < 0
            ? 'bg-red-500/15 text-red-400'
            : 'bg-zinc-500/15 text-zinc-300',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{value === null ? 'New' : `${value > 0 ? '+' : ''}${value}%`}</span>
    </span>
  );
}

interface ShareItem {
  label: string;
  visits: number;
  percentage: number;
}

function ShareList({ items, unit, empty, limit = 10 }: { items: ShareItem[]; unit: string; empty: string; limit?: number }) {
  const shown = items.filter((item) => item.visits > 0 || items.length <= 3).slice(0, limit);
  if (shown.every((item) => item.visits === 0)) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="space-y-3">
      {shown.map((item) => (
        <li key={item.label}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate font-medium">{item.label}</span>
            <span className="shrink-0 text-muted">
              {countOf(item.visits, unit)} · {item.percentage}%
            </span>
          </div>
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-zinc-500/15" aria-hidden="true">
            <div className="h-full rounded-full bg-gradient-to-r from-primary to-secondary" style={{ width: `${item.percentage}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function TopLinks({ report }: { report: AnalyticsReport }) {
  return (
    <Card>
      <SectionTitle icon={<MousePointerClick />} title="Top Performing Links" />
      {report.topLinks.length === 0 ? (
        <p className="text-sm text-muted">No clicks in this period.</p>
      ) : (
        <ol className="space-y-3">
          {report.topLinks.slice(0, 10).map((link, index) => (
            <li key={link.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-xs font-bold text-primary">
                {index + 1}
              </span>
              {/* On a phone the figures go under the name rather than squeezing it. */}
              <div className="min-w-[8rem] flex-1">
                <p className="truncate text-sm font-medium">{link.name}</p>
                {link.url && <p className="truncate text-xs text-muted">{link.url}</p>}
              </div>
              <div className="ms-auto shrink-0 text-end text-sm">
                <p className="font-semibold">{countOf(link.clicks, 'click')}</p>
                <p className="text-xs text-muted">
                  {formatCount(link.uniqueClicks)} unique · {link.share}% of total
                  {link.clickThroughRate !== null && <> · {link.clickThroughRate}% of views</>}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function EmptyAnalytics({ username }: { username: string }) {
  const { copyProfileUrl } = useProfileActions(username);
  return (
    <Card className="flex flex-col items-center gap-3 py-14 text-center">
      <BarChart3 className="size-10 text-primary" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{analyticsMessages.emptyTitle}</h2>
      <p className="max-w-md text-sm text-muted">{analyticsMessages.emptyHint}</p>
      <Button variant="outline" className="mt-2" onClick={() => void copyProfileUrl()}>
        <Copy /> Copy Profile URL
      </Button>
    </Card>
  );
}

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** Days are counted in the profile's time zone; changing it applies to visits from then on. */
function TimeZoneSetting({ current }: { current: string }) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
      <label htmlFor="analytics-time-zone">Days are counted in</label>
      <select
        id="analytics-time-zone"
        value={current}
        disabled={update.isPending}
        onChange={(event) =>
          void update.run(
            { timeZone: event.target.value },
            { onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'analytics'] }) },
          )
        }
        className="min-h-11 rounded-lg border border-border bg-surface px-2 py-1 text-zinc-100 sm:min-h-0"
      >
        {timeZones(current).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      <span>(applies to visits from now on)</span>
    </div>
  );
}
