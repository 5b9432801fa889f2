import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api.ts';

// The cache the signed-in pages (dashboard, admin, picture upload) read the API
// through: loaded with them, so the public pages do without it (issue 11). One
// for the page's life, so going from one of them to another keeps what is known.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      gcTime: 5 * 60_000,
      // Retry once, and never a refusal the server meant (spec 000 §7).
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
