import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Offers, Purchase, PurchaseItem } from '#shared/purchases.ts';
import { api } from '#web/lib/api.ts';

// Buying a plan or add-on through Stripe Checkout (issue 33): the server prices
// every item for this account; the browser only names the item and goes to
// the page Stripe opened.

// The pricing page is prerendered and loads without the query library
// (issue 11): its two calls are plain fetches.

const purchasesKey = ['purchases'] as const;

/** What the signed-in account may buy, at its prices; undefined while unknown (or when `enabled` is false). */
export function useOffers(enabled: boolean): Offers | undefined {
  const [offers, setOffers] = useState<Offers>();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api<{ data: Offers }>('/api/me/offers', { signal: controller.signal }).then(
      ({ data }) => setOffers(data),
      () => undefined,
    );
    return () => controller.abort();
  }, [enabled]);
  return enabled ? offers : undefined;
}

/** A purchase paid since this time (ms), the newest: what the buyer came back from Checkout for. */
export function paidSince(purchases: Purchase[] | undefined, since: number): Purchase | undefined {
  const newest = purchases?.[0];
  return newest?.status === 'paid' && newest.paidAt && Date.parse(newest.paidAt) >= since ? newest : undefined;
}

/**
 * The account's receipts. `watch`, back from Checkout: asked every two seconds
 * until a purchase paid since `watch.since` shows, or `watch.until` passes.
 */
export function usePurchases(watch?: { since: number; until: number }) {
  return useQuery({
    queryKey: [...purchasesKey, 'receipts'],
    queryFn: async () => (await api<{ data: Purchase[] }>('/api/me/purchases')).data,
    refetchInterval: (query) => (watch && Date.now() < watch.until && !paidSince(query.state.data, watch.since) ? 2000 : false),
  });
}

/** Open Stripe's payment page for the item: the browser leaves for it. */
export async function openCheckout(item: PurchaseItem): Promise<void> {
  const { data } = await api<{ data: { url: string } }>('/api/me/checkout', { method: 'POST', body: { item } });
  window.location.assign(data.url);
}
