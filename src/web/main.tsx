import '@fontsource-variable/inter';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// From react-router/dom: the provider that can flush a navigation synchronously (useLogout relies on it).
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '#web/lib/constants.ts';
import { ApiError } from './lib/api.ts';
import { routes } from './routes.tsx';

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

const router = createBrowserRouter(routes);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster theme="dark" position="bottom-right" visibleToasts={1} duration={TOAST_DURATION_MS} richColors closeButton />
    </QueryClientProvider>
  </StrictMode>,
);
