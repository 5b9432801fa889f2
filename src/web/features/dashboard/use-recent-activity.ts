import { useQuery } from '@tanstack/react-query';
import type { ActivityItem } from '#shared/activity.ts';
import { api } from '#web/lib/api.ts';

/** The profile's recent activity (GET /api/me/activity), asked again every minute. */
export function useRecentActivity() {
  return useQuery({
    queryKey: ['me', 'activity'],
    queryFn: async () => (await api<{ data: ActivityItem[] }>('/api/me/activity')).data,
    refetchInterval: 60_000,
  });
}
