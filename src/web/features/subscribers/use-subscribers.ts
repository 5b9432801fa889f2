import { useQuery } from '@tanstack/react-query';
import type { SubscriberList } from '#shared/subscribers.ts';
import { api } from '#web/lib/api.ts';

export const subscribersQueryKey = ['me', 'subscribers'] as const;

/** The page's email list, with whether sign-ups confirm by mail. */
export function useSubscribers() {
  return useQuery({
    queryKey: subscribersQueryKey,
    queryFn: async () => (await api<{ data: SubscriberList }>('/api/me/subscribers')).data,
  });
}

export const removeSubscriber = (id: number) => api(`/api/me/subscribers/${id}`, { method: 'DELETE' });
