import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsReport } from '#shared/analytics.ts';
import { countOf } from '#shared/counts.ts';
import { formatDate } from './use-analytics.ts';

interface TooltipProps {
  active?: boolean;
  payload?: Array<{ payload: AnalyticsReport['dailyVisits'][number] }>;
}

function DayTooltip({ active, payload }: TooltipProps) {
  const day = payload?.[0]?.payload;
  if (!active || !day) return null;
  return (
    <div className="rounded-xl border border-border bg-surface-raised px-3 py-2 text-sm shadow-xl">
      <p className="font-semibold">{formatDate(day.date, 'long')}</p>
      <p className="text-muted">
        {countOf(day.count, 'visit')} · {countOf(day.clicks, 'click')}
      </p>
    </div>
  );
}

/** One bar per day of the period, days without visits at zero; the chart library loads with this tab only. */
export default function DailyVisitsChart({ days }: { days: AnalyticsReport['dailyVisits'] }) {
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Daily profile visits, ${days.length} days: ${days.map((day) => day.count).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickFormatter={(day: string) => formatDate(day)}
            tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={{ fill: 'var(--color-muted)', fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
          <Tooltip content={<DayTooltip />} cursor={{ fill: 'rgba(139, 92, 246, 0.12)' }} />
          <Bar dataKey="count" name="Visits" fill="var(--color-primary)" radius={[6, 6, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
