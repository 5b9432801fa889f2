import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ServerUnavailable } from '#web/components/server-unavailable.tsx';
import { FullPageSpinner } from '#web/components/ui/spinner.tsx';
import type { CurrentUser } from '#shared/user.types.ts';
import { useSession } from '#web/lib/use-session.ts';
import { mayHaveSession } from '#web/lib/session-hint.ts';

/** Pages for signed-in users only: anonymous visitors go to /login (spec 000 §6). */
export function RequireUser({
  children,
  loading = <FullPageSpinner />,
  preload,
}: {
  children: (user: CurrentUser) => ReactNode;
  loading?: ReactNode;
  /** Asks for the page's code while the session is checked (idempotent), when the browser holds a session to check. */
  preload?: () => unknown;
}) {
  if (mayHaveSession()) preload?.();
  const { user, isLoading, error, refetch } = useSession();
  const location = useLocation();
  if (isLoading) return loading;
  if (error) return <ServerUnavailable message={error.message} onRetry={() => void refetch()} />;
  // The page asked for rides in ?next=, so that it survives a reload of the login page.
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children(user);
}

/** /login and /register send a signed-in user to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
