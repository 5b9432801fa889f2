import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ServerUnavailable } from '#web/components/server-unavailable.tsx';
import { FullPageSpinner } from '#web/components/ui/spinner.tsx';
import type { CurrentUser } from '#shared/user.types.ts';
import { useSession } from '#web/lib/use-session.ts';
import { mayHaveSession } from '#web/lib/session-hint.ts';
import { useWordsReady } from '#web/lib/words.ts';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages.ts';

/** The scopes of words a signed-in screen speaks: the chrome's and the app's own (issue 54). */
const SIGNED_IN_WORDS = ['site', 'app'] as const;

/** Pages for signed-in users only, in the person's language: anonymous visitors go to /login (spec 000 §6). */
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
  // Drawn once in the person's language, not in English first.
  const wordsReady = useWordsReady(SIGNED_IN_WORDS, user?.language ?? DEFAULT_LANGUAGE);
  if (isLoading || (user && !wordsReady)) return loading;
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
