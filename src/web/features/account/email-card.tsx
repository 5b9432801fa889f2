import { BadgeCheck, Mail } from 'lucide-react';
import { accountMessages } from '#shared/account.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { useResendConfirmation, useWeeklySummary } from './use-account.ts';
import { SUMMARY_CADENCES } from '#shared/constants.ts';
import { DEFAULT_PLAN_LIMITS } from '#shared/plans.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The account's email: whether it is confirmed, the link to confirm it, and
 * the weekly summary. On a site without a mail server, mail waits in the
 * administrator's Outbox, and the card says so (issue 51 §3).
 */
export function EmailCard({ user, onEditEmail }: { user: CurrentUser; onEditEmail: () => void }) {
  const features = useSiteFeatures();
  const held = features?.mail === 'held';
  const resend = useResendConfirmation(features?.mail);
  const weekly = useWeeklySummary();

  const sendLink = () => resend.run();
  // Business's report (premium analytics) goes every week or every month, with a chart; the other plans' summary weekly.
  const premium = (features?.planLimits ?? DEFAULT_PLAN_LIMITS)[user.plan].premiumAnalytics;
  const every = premium ? user.summaryEvery : 'week';
  const setWeekly = (on: boolean) => weekly.run({ weeklySummary: on });

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Mail className="size-5 text-primary-text" aria-hidden="true" /> Email
      </h2>
      <p className="mt-1 text-sm text-muted">
        A confirmed address can receive password reset links and the summary of your analytics. It is never shown on your page.
      </p>
      {held && <p className="mt-2 text-sm text-muted">{accountMessages.mailHeld}</p>}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 truncate font-medium">{user.email ?? <span className="text-muted">No email yet</span>}</p>
        {user.email && (
          <span
            className={
              user.emailConfirmed
                ? 'inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-300'
                : 'rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-semibold text-amber-200'
            }
          >
            {user.emailConfirmed ? (
              <>
                <BadgeCheck className="size-3.5" aria-hidden="true" /> Confirmed
              </>
            ) : (
              'Unconfirmed'
            )}
          </span>
        )}
        <Button variant="outline" size="sm" onClick={onEditEmail}>
          {user.email ? 'Change' : 'Add email'}
        </Button>
      </div>
      {user.email && !user.emailConfirmed && (
        <div className="mt-4 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm">
          <p className="text-amber-100">
            {held
              ? 'Until you open the confirmation link, which the administrator can pass on to you, nothing is sent to this address.'
              : 'Until you open the link we mailed to this address, nothing is sent to it.'}
          </p>
          <Button size="sm" className="mt-3" onClick={() => void sendLink()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : held ? 'Make a new link' : 'Send the link again'}
          </Button>
        </div>
      )}
      <div className="mt-5 rounded-xl border border-border p-4">
        <label className="flex items-start justify-between gap-4">
          <span>
            <span className="block font-medium">{premium ? 'Analytics report' : 'Weekly summary'}</span>
            <span className="block text-sm text-muted">
              {!user.emailConfirmed
                ? accountMessages.weeklySummaryNeedsEmail
                : !premium
                  ? 'Every Monday: last week’s views, visitors, clicks and your most clicked links.'
                  : every === 'month'
                    ? 'On the 1st: last month beside the days before it, your top links, sources and campaigns, the busiest hour, and a chart.'
                    : 'Every Monday: last week beside the week before, your top links, sources and campaigns, the busiest hour, and a chart.'}
            </span>
          </span>
          <Switch
            checked={user.weeklySummary}
            disabled={!user.emailConfirmed || weekly.isPending}
            onCheckedChange={(on) => void setWeekly(on)}
            aria-label="Weekly summary by email"
          />
        </label>
        {premium && (
          <div
            role="group"
            aria-label="How often the report goes"
            className="mt-3 flex gap-1 rounded-xl border border-border bg-surface/80 p-1"
          >
            {SUMMARY_CADENCES.map((cadence) => (
              <button
                key={cadence}
                type="button"
                aria-pressed={every === cadence}
                disabled={weekly.isPending}
                onClick={() => every !== cadence && void weekly.run({ weeklySummary: user.weeklySummary, every: cadence })}
                className={cn(
                  'min-h-11 flex-1 cursor-pointer rounded-lg px-3 py-2 text-sm font-medium transition-colors sm:min-h-0',
                  every === cadence ? 'bg-primary/20 text-white' : 'text-zinc-300 hover:text-white',
                )}
              >
                {cadence === 'week' ? 'Every week' : 'Every month'}
              </button>
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
