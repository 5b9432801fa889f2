import { CalendarClock, ExternalLink, Megaphone } from 'lucide-react';
import { type AnalyticsReport, WEEKDAYS } from '#shared/analytics.ts';
import { countOf, formatCount } from '#shared/counts.ts';
import { Card } from '#web/components/ui/card.tsx';
import { PlanLockNote } from '#web/features/purchases/plan-lock-note.tsx';
import { SectionTitle } from './section-title.tsx';

// Premium analytics (Business, issue 52 §2): campaigns by their UTM values,
// full referring addresses, and views by hour and weekday in the profile's
// time zone. Every value a visitor sent is shown as text, never as markup.

type Premium = {
  campaigns: NonNullable<AnalyticsReport['campaigns']>;
  referrers: NonNullable<AnalyticsReport['referrers']>;
  heatMap: NonNullable<AnalyticsReport['heatMap']>;
};

/** The three sections, or one note saying which plans have them. */
export function PremiumSections({ report, plans }: { report: AnalyticsReport; plans: string }) {
  const { campaigns, referrers, heatMap } = report;
  if (campaigns === null || referrers === null || heatMap === null) {
    return (
      <Card>
        <SectionTitle icon={<Megaphone />} title="Campaigns, referring pages and busiest hours" />
        <PlanLockNote
          note={`Campaigns (utm_source, utm_medium and utm_campaign), the full address of each referring page and views by hour and weekday come with ${plans}.`}
        />
      </Card>
    );
  }
  return <Sections campaigns={campaigns} referrers={referrers} heatMap={heatMap} timeZone={report.timeZone} />;
}

function Sections({ campaigns, referrers, heatMap, timeZone }: Premium & { timeZone: string }) {
  return (
    <>
      <Card>
        <SectionTitle
          icon={<Megaphone />}
          title="Campaigns"
          hint="Visits whose address carried utm_source, utm_medium or utm_campaign. Clicks count visitors who came through the campaign that day."
        />
        <CampaignTable campaigns={campaigns} />
      </Card>
      {/* min-w-0: a grid item may be narrower than its table, which then scrolls inside it. */}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="min-w-0">
          <SectionTitle
            icon={<ExternalLink />}
            title="Referring pages"
            hint="The page each visit came from, as the browser told it, without its query. Many sites only tell their domain."
          />
          <ReferrerList referrers={referrers} />
        </Card>
        <Card className="min-w-0">
          <SectionTitle icon={<CalendarClock />} title="Busiest hours" hint={`Views by weekday and hour, in ${timeZone} time.`} />
          <HeatMap cells={heatMap} />
        </Card>
      </div>
    </>
  );
}

function CampaignTable({ campaigns }: { campaigns: Premium['campaigns'] }) {
  if (campaigns.length === 0) {
    return (
      <p className="text-sm text-muted">
        No campaign visits in this period. Add{' '}
        <code className="rounded bg-zinc-500/15 px-1">?utm_source=newsletter&amp;utm_campaign=launch</code> to the address you share to see
        it here.
      </p>
    );
  }
  const cell = 'px-3 py-2';
  return (
    <div className="-mx-2 overflow-x-auto" data-testid="campaigns">
      <table className="w-full min-w-[32rem] text-start text-sm">
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className={cell}>
              Source
            </th>
            <th scope="col" className={cell}>
              Medium
            </th>
            <th scope="col" className={cell}>
              Campaign
            </th>
            <th scope="col" className={`${cell} text-end`}>
              Views
            </th>
            <th scope="col" className={`${cell} text-end`}>
              Visitors
            </th>
            <th scope="col" className={`${cell} text-end`}>
              Clicks
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((row) => (
            <tr key={`${row.source}\n${row.medium}\n${row.campaign}`} className="border-t border-border">
              <Value text={row.source} className={cell} />
              <Value text={row.medium} className={cell} />
              <Value text={row.campaign} className={cell} />
              <td className={`${cell} text-end tabular-nums`}>{formatCount(row.views)}</td>
              <td className={`${cell} text-end tabular-nums`}>{formatCount(row.visitors)}</td>
              <td className={`${cell} text-end tabular-nums`}>{formatCount(row.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A UTM value as text, cut to the cell with the whole value on hover; a missing one says so. */
function Value({ text, className }: { text: string; className: string }) {
  return (
    <td className={`${className} max-w-[12rem] truncate`} title={text || undefined}>
      {text || <span className="text-muted">(not set)</span>}
    </td>
  );
}

function ReferrerList({ referrers }: { referrers: Premium['referrers'] }) {
  if (referrers.length === 0) return <p className="text-sm text-muted">No visit came from another site in this period.</p>;
  return (
    <ol className="space-y-2.5" data-testid="referrers">
      {referrers.slice(0, 15).map((referrer) => (
        <li key={referrer.address} className="flex items-baseline justify-between gap-3 text-sm">
          <span className="min-w-0 truncate font-medium" title={referrer.address}>
            {referrer.address}
          </span>
          <span className="shrink-0 text-muted">
            {countOf(referrer.visits, 'visit')} · {referrer.percentage}%
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Every cell's hour, as the table and screen readers read it. */
const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Seven rows of 24 cells, darker where there were more views; each cell says its figure to screen readers and on hover. */
function HeatMap({ cells }: { cells: Premium['heatMap'] }) {
  const most = Math.max(0, ...cells.flat());
  if (most === 0) return <p className="text-sm text-muted">No views in this period.</p>;
  return (
    <div className="overflow-x-auto" data-testid="heat-map">
      <table className="w-full min-w-[20rem] table-fixed border-separate border-spacing-0.5 text-[10px]">
        <caption className="sr-only">Views by weekday and hour</caption>
        <colgroup>
          <col className="w-8" />
        </colgroup>
        <thead>
          <tr>
            <td />
            {cells[0]!.map((_, hour) => (
              <th key={hour} scope="col" className="text-start font-normal text-muted">
                <span className="sr-only">{hourName(hour)}</span>
                <span aria-hidden="true">{hour % 6 === 0 ? hour : ''}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((line, weekday) => (
            <tr key={WEEKDAYS[weekday]}>
              <th scope="row" className="pe-1 text-start font-normal text-muted">
                {WEEKDAYS[weekday]}
              </th>
              {line.map((views, hour) => (
                <td
                  key={hour}
                  title={`${WEEKDAYS[weekday]} ${hourName(hour)}: ${countOf(views, 'view')}`}
                  className="h-4 rounded-[3px] bg-zinc-500/10"
                  style={views > 0 ? { backgroundColor: `rgb(139 92 246 / ${0.15 + 0.85 * (views / most)})` } : undefined}
                >
                  <span className="sr-only">{countOf(views, 'view')}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted" aria-hidden="true">
        Darker: more views (most in one hour: {formatCount(most)}).
      </p>
    </div>
  );
}
