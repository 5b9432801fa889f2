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
import { useAppWords, useSiteMessages } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.email.title', message: 'Email' },
  text: /*i18n*/ {
    id: 'app.email.text',
    message: 'A confirmed address can receive password reset links and the summary of your analytics. It is never shown on your page.',
  },
  noEmail: /*i18n*/ { id: 'app.email.noEmail', message: 'No email yet' },
  confirmed: /*i18n*/ { id: 'app.email.confirmed', message: 'Confirmed' },
  unconfirmed: /*i18n*/ { id: 'app.email.unconfirmed', message: 'Unconfirmed' },
  change: /*i18n*/ { id: 'app.email.change', message: 'Change' },
  addEmail: /*i18n*/ { id: 'app.email.addEmail', message: 'Add email' },
  untilHeld: /*i18n*/ {
    id: 'app.email.untilHeld',
    message: 'Until you open the confirmation link, which the administrator can pass on to you, nothing is sent to this address.',
  },
  untilSent: /*i18n*/ { id: 'app.email.untilSent', message: 'Until you open the link we mailed to this address, nothing is sent to it.' },
  sending: /*i18n*/ { id: 'app.email.sending', message: 'Sending...' },
  newLink: /*i18n*/ { id: 'app.email.newLink', message: 'Make a new link' },
  sendAgain: /*i18n*/ { id: 'app.email.sendAgain', message: 'Send the link again' },
  report: /*i18n*/ { id: 'app.email.report', message: 'Analytics report' },
  weekly: /*i18n*/ { id: 'app.email.weekly', message: 'Weekly summary' },
  weeklyText: /*i18n*/ {
    id: 'app.email.weeklyText',
    message: 'Every Monday: last week’s views, visitors, clicks and your most clicked links.',
  },
  reportMonthText: /*i18n*/ {
    id: 'app.email.reportMonthText',
    message: 'On the 1st: last month beside the days before it, your top links, sources and campaigns, the busiest hour, and a chart.',
  },
  reportWeekText: /*i18n*/ {
    id: 'app.email.reportWeekText',
    message: 'Every Monday: last week beside the week before, your top links, sources and campaigns, the busiest hour, and a chart.',
  },
  weeklyLabel: /*i18n*/ { id: 'app.email.weeklyLabel', message: 'Weekly summary by email' },
  howOften: /*i18n*/ { id: 'app.email.howOften', message: 'How often the report goes' },
  everyWeek: /*i18n*/ { id: 'app.email.everyWeek', message: 'Every week' },
  everyMonth: /*i18n*/ { id: 'app.email.everyMonth', message: 'Every month' },
} as const;

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
  const t = useAppWords();
  const say = useSiteMessages();

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Mail className="size-5 text-primary-text" aria-hidden="true" /> {t(words.title)}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(words.text)}</p>
      {held && <p className="mt-2 text-sm text-muted">{say(accountMessages.mailHeld)}</p>}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 truncate font-medium">
          {user.email ? (
            <bdi dir="ltr" translate="no">
              {user.email}
            </bdi>
          ) : (
            <span className="text-muted">{t(words.noEmail)}</span>
          )}
        </p>
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
                <BadgeCheck className="size-3.5" aria-hidden="true" /> {t(words.confirmed)}
              </>
            ) : (
              t(words.unconfirmed)
            )}
          </span>
        )}
        <Button variant="outline" size="sm" onClick={onEditEmail}>
          {t(user.email ? words.change : words.addEmail)}
        </Button>
      </div>
      {user.email && !user.emailConfirmed && (
        <div className="mt-4 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm">
          <p className="text-amber-100">{t(held ? words.untilHeld : words.untilSent)}</p>
          <Button size="sm" className="mt-3" onClick={() => void sendLink()} disabled={resend.isPending}>
            {t(resend.isPending ? words.sending : held ? words.newLink : words.sendAgain)}
          </Button>
        </div>
      )}
      <div className="mt-5 rounded-xl border border-border p-4">
        <label className="flex items-start justify-between gap-4">
          <span>
            <span className="block font-medium">{t(premium ? words.report : words.weekly)}</span>
            <span className="block text-sm text-muted">
              {!user.emailConfirmed
                ? say(accountMessages.weeklySummaryNeedsEmail)
                : t(!premium ? words.weeklyText : every === 'month' ? words.reportMonthText : words.reportWeekText)}
            </span>
          </span>
          <Switch
            checked={user.weeklySummary}
            disabled={!user.emailConfirmed || weekly.isPending}
            onCheckedChange={(on) => void setWeekly(on)}
            aria-label={t(words.weeklyLabel)}
          />
        </label>
        {premium && (
          <div role="group" aria-label={t(words.howOften)} className="mt-3 flex gap-1 rounded-xl border border-border bg-surface/80 p-1">
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
                {t(cadence === 'week' ? words.everyWeek : words.everyMonth)}
              </button>
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
