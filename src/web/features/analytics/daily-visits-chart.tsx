import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsReport } from '#shared/analytics.ts';
import { countOf } from '#shared/counts.ts';
import { formatDay } from '#shared/time-zone.ts';

interface TooltipProps {
  weekly?: boolean;
  active?: boolean;
  payload?: Array<{ payload: AnalyticsReport['dailyVisits'][number] }>;
}

function DayTooltip({ weekly, active, payload }: TooltipProps) {
  const day = payload?.[0]?.payload;
  if (!active || !day) return null;
  return (
    <div className="rounded-xl border border-border bg-surface-raised px-3 py-2 text-sm shadow-xl">
      <p className="font-semibold">
        {weekly ? 'Week of ' : ''}
        {formatDay(day.date, 'long')}
      </p>
      <p className="text-muted">
        {countOf(day.count, 'visit')} · {countOf(day.clicks, 'click')}
      </p>
    </div>
  );
}

/** Past this many days (all time), a bar is a week: a few hundred bars stay readable. */
const DAILY_BARS_MAX = 120;

/** The period's days, or its weeks (each named by its first day) for a long period. */
function barsOf(days: AnalyticsReport['dailyVisits']): { bars: AnalyticsReport['dailyVisits']; weekly: boolean } {
  if (days.length <= DAILY_BARS_MAX) return { bars: days, weekly: false };
  const bars: AnalyticsReport['dailyVisits'] = [];
  for (let start = 0; start < days.length; start += 7) {
    const week = days.slice(start, start + 7);
    bars.push({
      date: week[0]!.date,
      count: week.reduce((total, day) => total + day.count, 0),
      clicks: week.reduce((total, day) => total + day.clicks, 0),
    });
  }
  return { bars, weekly: true };
}

/** One bar per day of the period (per week past 120 days), days without visits at zero; the chart library loads with this tab only. */
export default function DailyVisitsChart({ days }: { days: AnalyticsReport['dailyVisits'] }) {
  const { bars, weekly } = barsOf(days);
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`${weekly ? 'Weekly' : 'Daily'} profile visits, ${countOf(bars.length, weekly ? 'week' : 'day')}: ${bars.map((day) => day.count).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickFormatter={(day: string) => formatDay(day)}
            tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={{ fill: 'var(--color-muted)', fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
          <Tooltip content={<DayTooltip weekly={weekly} />} cursor={{ fill: 'rgba(139, 92, 246, 0.12)' }} />
          <Bar dataKey="count" name="Visits" fill="var(--color-primary)" radius={[6, 6, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
