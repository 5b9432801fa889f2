import { MailCheck, UsersRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { InvitationPreview } from '#shared/pages.ts';
import { PAGE_ROLE_INFO, teamMessages } from '#shared/page-roles.ts';
import { formatDay } from '#web/lib/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { serverMessageOr } from '#web/lib/api.ts';
import { useSession } from '#web/lib/use-session.ts';
import { previewInvitation, useAcceptInvitation } from './use-pages.ts';

/** Where an invitation's token waits while its reader signs in or signs up (this tab only; spent once accepted). */
const TOKEN_KEY = 'linkverse:invitation';

/** The link's token: in the address's fragment on arrival (taken out of it at once), else kept from before a sign-in. */
function readToken(): string | null {
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fromLink) {
    sessionStorage.setItem(TOKEN_KEY, fromLink);
    window.history.replaceState(null, '', window.location.pathname);
    return fromLink;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** The invitation the link names, as its page shows it, or why it cannot be accepted. */
async function loadInvitation(): Promise<Loaded> {
  const token = readToken();
  if (!token) return { state: 'invalid', message: teamMessages.invitationInvalid };
  try {
    return { state: 'ready', token, preview: await previewInvitation(token) };
  } catch (caught) {
    return { state: 'invalid', message: serverMessageOr(caught, 'The invitation could not be read. Please try again.') };
  }
}

type Loaded = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'ready'; token: string; preview: InvitationPreview };

/**
 * /invitation#token=… (issue 53): what the invitation offers, and accepting it signed in with the invited address;
 * someone not signed in logs in or signs up first and comes back here, the token kept for this tab.
 */
export function InvitationPage() {
  const { user, isLoading } = useSession();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const accept = useAcceptInvitation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void loadInvitation().then(setLoaded);
  }, []);

  const join = (token: string, username: string) =>
    void accept.run(token, {
      success: { title: `You joined /${username}`, description: 'It is in your dashboard’s page switcher.' },
      onSuccess: () => {
        sessionStorage.removeItem(TOKEN_KEY);
        void navigate(`/dashboard?page=${encodeURIComponent(username)}&tab=page`);
      },
      onFailure: (caught) => setRefusal(serverMessageOr(caught, 'The invitation could not be accepted. Please try again.')),
    });

  return (
    // The card keeps its top and the page its height while the invitation is read: nothing below it moves.
    <div className="mx-auto flex min-h-[70dvh] max-w-lg items-start px-4 py-16">
      <div className="w-full rounded-3xl border border-border bg-surface/80 p-8 shadow-2xl shadow-black/30">
        {loaded.state === 'loading' && (
          <div className="min-h-72" role="status">
            <p className="flex items-center gap-3 text-sm text-muted">
              <Spinner className="text-primary" /> Reading your invitation...
            </p>
          </div>
        )}
        {loaded.state === 'invalid' && (
          <>
            <h1 className="text-2xl font-bold">Invitation not valid</h1>
            <FormError message={loaded.message} />
            <Button asChild className="mt-6">
              <Link to={user ? '/dashboard' : '/'}>{user ? 'Go to your dashboard' : 'Go to the home page'}</Link>
            </Button>
          </>
        )}
        {loaded.state === 'ready' && (
          <>
            <span className="flex size-12 items-center justify-center rounded-2xl bg-primary/15 text-primary-text" aria-hidden="true">
              <UsersRound className="size-6" />
            </span>
            <h1 className="mt-4 text-2xl font-bold">Join {loaded.preview.page.displayName}</h1>
            <p className="mt-2 text-sm text-muted">
              {loaded.preview.invitedBy} invited you to the team of{' '}
              <strong className="text-zinc-100">/{loaded.preview.page.username}</strong> as{' '}
              {loaded.preview.role === 'editor' ? 'an editor' : 'an analyst'}: {PAGE_ROLE_INFO[loaded.preview.role].may.toLowerCase()}.
            </p>
            <p className="mt-3 flex items-center gap-2 text-sm text-muted">
              <MailCheck className="size-4 shrink-0" aria-hidden="true" />
              For {loaded.preview.email}, until {formatDay(loaded.preview.expiresAt)}.
            </p>
            {refusal && (
              <div className="mt-4">
                <FormError message={refusal} />
              </div>
            )}
            {isLoading ? null : user ? (
              <div className="mt-6 space-y-3">
                <Button className="w-full" disabled={accept.isPending} onClick={() => join(loaded.token, loaded.preview.page.username)}>
                  {accept.isPending ? 'Joining...' : 'Accept invitation'}
                </Button>
                <p className="text-center text-xs text-muted">Signed in as @{user.accountUsername}.</p>
              </div>
            ) : (
              <div className="mt-6 grid gap-3 sm:grid-cols-2">
                <Button asChild>
                  <Link to="/login?next=/invitation">Log in to accept</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/register?next=/invitation">Sign up</Link>
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
