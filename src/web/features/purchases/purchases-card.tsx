import { Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { PLAN_NAMES } from '#shared/plans.ts';
import { type PurchaseItem, formatMoney } from '#shared/purchases.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { refreshSession } from '#web/lib/use-session.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { PurchaseStatusPill } from './purchase-status-pill.tsx';
import { paidSince, usePurchases } from './use-purchases.ts';
import { partsAround, useAppWords, useSiteAddress, useSiteLanguage } from '#web/lib/site-words.ts';
import { formattingLocaleOf } from '#shared/i18n/languages.ts';
import { ITEM_WORDS } from './purchase-words.ts';

const words = {
  confirmed: /*i18n*/ { id: 'app.purchases.confirmed', message: 'Payment confirmed: {item} is yours.' },
  title: /*i18n*/ { id: 'app.purchases.title', message: 'Plan and purchases' },
  onPlan: /*i18n*/ { id: 'app.purchases.onPlan', message: 'You are on the {plan} plan.' },
  onPlanVerified: /*i18n*/ { id: 'app.purchases.onPlanVerified', message: 'You are on the {plan} plan, with the verified badge.' },
  stripe: /*i18n*/ {
    id: 'app.purchases.stripe',
    message: 'Plans and add-ons are one-time payments through Stripe; upgrading later costs only the difference.',
  },
  givenByAdmin: /*i18n*/ { id: 'app.purchases.givenByAdmin', message: 'Plans on this site are given by its administrator.' },
  seePlans: /*i18n*/ { id: 'app.purchases.seePlans', message: 'See plans' },
  notYet: /*i18n*/ {
    id: 'app.purchases.notYet',
    message:
      'Stripe has not confirmed the payment yet. It shows here once it does; if it does not within the hour, contact the site’s administrator.',
  },
  thanks: /*i18n*/ {
    id: 'app.purchases.thanks',
    message: 'Thank you! Your purchase appears here as soon as Stripe confirms the payment, usually within a few seconds.',
  },
  loading: /*i18n*/ { id: 'app.purchases.loading', message: 'Loading purchases' },
  failed: /*i18n*/ { id: 'app.purchases.failed', message: 'Your purchases could not be loaded.' },
  none: /*i18n*/ { id: 'app.purchases.none', message: 'No purchases yet.' },
  receipts: /*i18n*/ { id: 'app.purchases.receipts', message: 'Receipts' },
} as const;

/** How long the card watches for Stripe's confirmation after the buyer comes back from Checkout. */
const CONFIRMATION_WATCH_MS = 60_000;

/** A purchase paid since this time (ms), the newest: what the buyer came back from Checkout for. */

/**
 * Account → Plan and purchases (issue 33): the plan, and the receipts of what
 * was bought through Stripe. Back from Checkout (`?checkout=done`), it says the
 * payment is being confirmed and watches until Stripe's webhook has arrived.
 */
export function PurchasesCard({ user }: { user: CurrentUser }) {
  const [searchParams] = useSearchParams();
  // Back from Checkout: a payment made in the last quarter of an hour is the one awaited.
  const [watch] = useState(() =>
    searchParams.get('checkout') === 'done' ? { since: Date.now() - 15 * 60_000, until: Date.now() + CONFIRMATION_WATCH_MS } : undefined,
  );
  const [timedOut, setTimedOut] = useState(false);
  const purchases = usePurchases(watch);
  const payments = useSiteFeatures()?.payments;
  const confirmed = watch ? paidSince(purchases.data, watch.since) : undefined;
  const watching = watch !== undefined && !confirmed && !timedOut;
  const confirmedItem = confirmed?.item;
  const t = useAppWords();
  const language = useSiteLanguage();
  const siteAddress = useSiteAddress();
  const [planBefore, planAfter] = partsAround(t, user.verified ? words.onPlanVerified : words.onPlan, 'plan');
  const itemName = (item: PurchaseItem) => t(ITEM_WORDS[item], { plan: PLAN_NAMES[item as keyof typeof PLAN_NAMES] });

  useEffect(() => {
    if (!watch) return;
    const stop = setTimeout(() => setTimedOut(true), watch.until - Date.now());
    return () => clearTimeout(stop);
  }, [watch]);
  useEffect(() => {
    if (!confirmedItem) return;
    // The plan or badge just bought shows everywhere the session is read.
    void refreshSession();
    toast.success(t(words.confirmed, { item: itemName(confirmedItem) }));
    // Said once, when the payment is confirmed: not again when the words load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirmedItem]);

  return (
    <Card className="lg:col-span-2" data-testid="purchases-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Receipt className="size-5 text-primary-text" aria-hidden="true" /> {t(words.title)}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {planBefore}
            <span className="font-semibold text-zinc-100" translate="no">
              {PLAN_NAMES[user.plan]}
            </span>
            {planAfter} {t(payments ? words.stripe : words.givenByAdmin)}
          </p>
        </div>
        <Link
          to={siteAddress('/pricing')}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-text hover:underline sm:min-h-0"
        >
          {t(words.seePlans)}
        </Link>
      </div>
      {timedOut && !confirmed && (
        <p role="status" className="mt-4 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-sm">
          {t(words.notYet)}
        </p>
      )}
      {watching && (
        <p role="status" className="mt-4 rounded-xl border border-primary/30 bg-primary/10 px-4 py-3 text-sm">
          {t(words.thanks)}
        </p>
      )}
      <div className="mt-5">
        {purchases.isPending ? (
          <LoadingState label={t(words.loading)} />
        ) : purchases.isError ? (
          <LoadError title={t(words.failed)} onRetry={() => void purchases.refetch()} />
        ) : purchases.data.length === 0 ? (
          <p className="text-sm text-muted">{t(words.none)}</p>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border" aria-label={t(words.receipts)}>
            {purchases.data.map((purchase) => (
              <li key={purchase.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="receipt">
                <span className="min-w-0 flex-1 font-medium">{itemName(purchase.item)}</span>
                <span className="tabular-nums">{formatMoney(purchase.amount, purchase.currency, formattingLocaleOf(language))}</span>
                <PurchaseStatusPill status={purchase.status} />
                <span className="w-full text-xs text-muted">
                  {formatDateTime(purchase.paidAt ?? purchase.createdAt)} · <span className="break-all font-mono">{purchase.stripeId}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
