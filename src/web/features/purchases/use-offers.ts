import { useEffect, useState } from 'react';
import type { PurchaseItem } from '#shared/purchases.ts';
import type { Offers } from '#shared/purchases.schema.ts';
import { api } from '#web/lib/api.ts';

// Buying a plan or add-on through Stripe Checkout (issue 33): the server prices
// every item for this account; the browser only names the item and goes to
// the page Stripe opened. The pricing page is prerendered and loads without
// the query library (issue 11): its two calls are plain fetches.

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

/** Open Stripe's payment page for the item: the browser leaves for it. */
export async function openCheckout(item: PurchaseItem): Promise<void> {
  const { data } = await api<{ data: { url: string } }>('/api/me/checkout', { method: 'POST', body: { item } });
  window.location.assign(data.url);
}
