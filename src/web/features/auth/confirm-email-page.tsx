import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { accountMessages, passwordResetMessages } from '#shared/account-messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { confirmEmail } from './auth-requests.ts';
import { authWords as words } from './auth-words.ts';
import { useSiteMessages, useSiteWords } from '#web/lib/site-words.ts';

type Outcome = { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'failed'; message: string | null };

/** Reads the link's token from the page's address, sends it, and says what came of it. */
async function confirmLink(): Promise<Outcome> {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (!token) return { state: 'failed', message: passwordResetMessages.linkMissing };
  // The link is spent either way: it leaves the address bar and the history entry.
  window.history.replaceState(null, '', window.location.pathname);
  try {
    return { state: 'confirmed', email: await confirmEmail(token) };
  } catch (caught) {
    // null: the server was not reached, said in the page's words.
    return { state: 'failed', message: caught instanceof ApiError && caught.status > 0 ? caught.message : null };
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
  const t = useSiteWords();
  const say = useSiteMessages();

  const asked = useRef(false);
  useEffect(() => {
    // Once: the link can be used only once (React's development double effect included).
    if (asked.current) return;
    asked.current = true;
    void confirmLink().then(setOutcome);
  }, []);

  if (outcome.state === 'confirming') {
    return (
      <AuthCard title={t(words.confirming)} subtitle={t(words.confirmingWait)}>
        <p className="flex items-center gap-3 rounded-xl border border-border bg-surface-raised px-4 py-3 text-sm text-muted" role="status">
          <Spinner className="shrink-0 text-primary" />
          {t(words.confirmingText)}
        </p>
      </AuthCard>
    );
  }
  if (outcome.state === 'failed') {
    return (
      <AuthCard title={t(words.notConfirmed)} subtitle={t(words.sendNewLinkFromAccount)}>
        <FormError message={outcome.message === null ? t(words.confirmFailed) : say(outcome.message)} />
        <Button asChild className="mt-6 w-full">
          <Link to="/dashboard?tab=account">{t(words.goToAccount)}</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={say(accountMessages.emailConfirmed)} subtitle={t(words.confirmedText, { email: outcome.email })}>
      <Button asChild className="w-full">
        <Link to="/dashboard?tab=account">{t(words.goToDashboard)}</Link>
      </Button>
    </AuthCard>
  );
}
