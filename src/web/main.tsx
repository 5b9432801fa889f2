import '@fontsource-variable/inter';
import './styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// From react-router/dom: the provider that can flush a navigation synchronously (useLogout relies on it).
import { RouterProvider } from 'react-router/dom';
import { AppShell, createQueryClient } from './app-shell.tsx';
import { mayHaveSession } from './features/auth/use-session.ts';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const app = (
  <AppShell queryClient={createQueryClient()}>
    <RouterProvider router={router} />
  </AppShell>
);

// A prerendered page was rendered for an anonymous visitor: it hydrates as it is.
// Someone who may be signed in sees their own state drawn afresh instead.
if (root.firstElementChild && !mayHaveSession()) hydrateRoot(root, app);
else createRoot(root).render(app);
