import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AnalyticsReport, LiveVisitors } from '#shared/analytics.ts';
import type { AnalyticsPeriod } from '#shared/constants.ts';
import { isTimeZone } from '#shared/time-zone.ts';
import { countryName } from '#shared/country-names.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { useUpdateProfile } from '#web/lib/use-profile-settings.ts';
import { api } from '#web/lib/api.ts';

export const analyticsQueryKey = (days: AnalyticsPeriod) => ['me', 'analytics', days] as const;

/**
 * The signed-in profile's figures for the last 7, 30, 90 or 365 days. The server
 * writes visits at least once a second; a minute between reads is plenty.
 */
export function useAnalytics(days: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsQueryKey(days),
    queryFn: async () => (await api<{ data: AnalyticsReport }>(`/api/me/analytics?days=${days}`)).data,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** Visitors of the last 30 minutes (premium analytics), asked again every 10 seconds while the tab is open. */
export function useLiveVisitors(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'analytics', 'live'] as const,
    queryFn: async () => (await api<{ data: LiveVisitors }>('/api/me/analytics/live')).data,
    enabled,
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
  });
}

/** A visitor's country by name; '' is an address no database places. */
export function visitorCountry(code: string): string {
  return code ? countryName(code) : 'Unknown';
}

/** '2026-11-23' as 'Mon 23 Nov' (the day is a calendar day, so it is read in UTC). */
/**
 * A profile whose time zone was never set takes the browser's, once, so that its
 * days are the owner's days from the first visit on (the Analytics tab can change it).
 * It waits for an idle moment: the browser's first Intl call starts ICU, a long task
 * on a phone, which has no place in the dashboard's first render (issue 51 §5).
 */
export function useBrowserTimeZone(user: CurrentUser) {
  const { run } = useUpdateProfile();
  const unset = user.timeZone === null;
  useEffect(() => {
    if (!unset) return;
    const save = () => {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      // Unasked for: a failure says nothing, and the next visit tries again.
      if (zone && isTimeZone(zone)) void run({ timeZone: zone }, { form: { showFailure: () => undefined } });
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(save, 2000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(save, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [unset, run]);
}
