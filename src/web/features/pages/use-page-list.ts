import { useQuery } from '@tanstack/react-query';
import type { PagesAnswer } from '#shared/pages.ts';
import { api } from '#web/lib/api.ts';

// The person's pages (issue 53), as the switcher at the top of the dashboard
// lists them: loaded with the dashboard, apart from the calls of the screens
// that change pages and teams (use-pages.ts), which load with their tab.

/** The person's pages: kept across a change of page (they are the account's, not the page's). */
export const pagesQueryKey = ['pages'] as const;

export function usePages() {
  return useQuery({
    queryKey: pagesQueryKey,
    queryFn: async () => (await api<{ data: PagesAnswer }>('/api/me/pages')).data,
  });
}
