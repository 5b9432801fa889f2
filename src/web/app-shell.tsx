import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, Suspense, lazy, useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '#web/lib/constants.ts';
import { ApiError } from './lib/api.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        gcTime: 5 * 60_000,
        // Retry once, and never a refusal the server meant (spec 000 §7).
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * The toasts' host, mounted once the page has loaded: a page's first load does
 * not wait for it, and sonner shows a toast raised before it was there.
 */
function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    if (document.readyState === 'complete') mount();
    else window.addEventListener('load', mount, { once: true });
    return () => window.removeEventListener('load', mount);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme="dark" position="bottom-right" visibleToasts={1} duration={TOAST_DURATION_MS} richColors closeButton />
    </Suspense>
  );
}

/** What surrounds the router, in the browser and in the prerender alike (their trees must match to hydrate). */
export function AppShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toasts />
      </QueryClientProvider>
    </StrictMode>
  );
}
