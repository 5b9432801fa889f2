import { useQuery } from '@tanstack/react-query';
import type { Purchase } from '#shared/purchases.schema.ts';
import { api } from '#web/lib/api.ts';

/** The newest purchase, when it was paid at or after `since`. */
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
    queryKey: ['purchases'],
    queryFn: async () => (await api<{ data: Purchase[] }>('/api/me/purchases')).data,
    refetchInterval: (query) => (watch && Date.now() < watch.until && !paidSince(query.state.data, watch.since) ? 2000 : false),
  });
}
