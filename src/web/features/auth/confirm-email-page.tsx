import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { accountMessages } from '#shared/account.ts';
import { passwordResetMessages } from '#shared/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FullPageSpinner } from '#web/components/ui/spinner.tsx';
import { ApiError, api } from '#web/lib/api.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { AuthCard } from './auth-card.tsx';

/** One request per link, even when an effect runs twice (React's strict mode in development). */
const confirmations = new Map<string, Promise<{ data: { email: string } }>>();
function confirmOnce(token: string) {
  let request = confirmations.get(token);
  if (!request) {
    request = api<{ data: { email: string } }>('/api/auth/confirm-email', { method: 'POST', body: { token } });
    confirmations.set(token, request);
  }
  return request;
}

type Outcome = { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'failed'; message: string };

/** /confirm-email: the link mailed to a new address (token in the fragment, never sent to a server as part of the URL). */
export function ConfirmEmailPage() {
  // A shell page, drawn in the browser only: the fragment is there from the first render.
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token'));
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'confirming' } : { state: 'failed', message: passwordResetMessages.linkMissing },
  );

  useEffect(() => {
    if (!token) return;
    // The link is spent either way: it leaves the address bar and the history entry.
    window.history.replaceState(null, '', window.location.pathname);
    confirmOnce(token).then(
      (answer) => setOutcome({ state: 'confirmed', email: answer.data.email }),
      (caught: unknown) =>
        setOutcome({
          state: 'failed',
          message:
            caught instanceof ApiError && caught.status > 0 ? caught.message : 'Your email could not be confirmed. Please try again.',
        }),
    );
  }, [token]);

  if (outcome.state === 'confirming') return <FullPageSpinner />;
  if (outcome.state === 'failed') {
    return (
      <AuthCard title="Email not confirmed" subtitle="You can send a new link from Account in your dashboard.">
        <FormError message={outcome.message} />
        <Button asChild className="mt-6 w-full">
          <Link to="/dashboard?tab=account">Go to Account</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={accountMessages.emailConfirmed}
      subtitle={`${outcome.email} can now receive password reset links and, if you turn it on, the weekly summary.`}
    >
      <Button asChild className="w-full">
        <Link to="/dashboard?tab=account">Go to your dashboard</Link>
      </Button>
    </AuthCard>
  );
}
