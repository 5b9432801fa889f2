import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { accountMessages, passwordResetMessages } from '#shared/account-messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { serverMessageOr } from '#web/lib/api.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { confirmEmail } from './auth-requests.ts';

type Outcome = { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'failed'; message: string };

/** Reads the link's token from the page's address, sends it, and says what came of it. */
async function confirmLink(): Promise<Outcome> {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (!token) return { state: 'failed', message: passwordResetMessages.linkMissing };
  // The link is spent either way: it leaves the address bar and the history entry.
  window.history.replaceState(null, '', window.location.pathname);
  try {
    return { state: 'confirmed', email: await confirmEmail(token) };
  } catch (caught) {
    const message = serverMessageOr(caught, 'Your email could not be confirmed. Please try again.');
    return { state: 'failed', message };
  }
}

/** /confirm-email: the link mailed to a new address (token in the fragment, never sent to a server as part of the URL). */
export function ConfirmEmailPage() {
  return (
    <AuthIsland name="confirm-email">
      <ConfirmEmailCard />
    </AuthIsland>
  );
}

/** Its card: drawn confirming, before the link's token is known; once hydrated, the token is read and sent. */
export function ConfirmEmailCard() {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });

  const asked = useRef(false);
  useEffect(() => {
    // Once: the link can be used only once (React's development double effect included).
    if (asked.current) return;
    asked.current = true;
    void confirmLink().then(setOutcome);
  }, []);

  if (outcome.state === 'confirming') {
    return (
      <AuthCard title="Confirming your email" subtitle="This takes a moment: keep this page open.">
        <p className="flex items-center gap-3 rounded-xl border border-border bg-surface-raised px-4 py-3 text-sm text-muted" role="status">
          <Spinner className="shrink-0 text-primary" />
          The address your link was sent to is being confirmed with this site. You will see here when it is done.
        </p>
      </AuthCard>
    );
  }
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
