import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LogIn, UserPlus } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import type { SsoCallbackAnswer } from '#shared/single-sign-on.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, serverMessageOr } from '#web/lib/api.ts';
import { siteHost } from '#web/lib/utils.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { AuthCard } from './auth-card.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { createSingleSignOnAccount, finishSingleSignOn, startSingleSignOn } from '#web/lib/use-session.ts';
import { announce } from '#web/lib/announcements.ts';

// Single sign-on's screens (issue 29): "Continue with {name}" on the login and
// registration pages, and the page the provider sends the browser back to,
// which hands its answer to the server and shows what it led to.

/** One button per provider this site has; nothing when it has none. */
export function SingleSignOnButtons({ next, divider, onError }: { next?: string; divider?: boolean; onError: (message: string) => void }) {
  const providers = useSiteFeatures()?.singleSignOn ?? [];
  const [pending, setPending] = useState<string | null>(null);
  if (providers.length === 0) return null;
  const start = async (id: string) => {
    setPending(id);
    try {
      await startSingleSignOn(id, next);
    } catch (caught) {
      onError(serverMessageOr(caught, 'The sign-in could not start. Please try again.'));
      setPending(null);
    }
  };
  return (
    <div className="mt-3 space-y-3">
      {divider && (
        <div className="mt-4 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
        </div>
      )}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          className="w-full"
          disabled={pending !== null}
          onClick={() => void start(provider.id)}
        >
          <LogIn /> {pending === provider.id ? `Going to ${provider.name}...` : `Continue with ${provider.name}`}
        </Button>
      ))}
    </div>
  );
}

type Choice = Extract<SsoCallbackAnswer, { outcome: 'choose' }>;

/** Says that a provider now signs this account in. */
export function announceLinked(providerName: string): Promise<void> {
  return announce({
    tone: 'success',
    title: `${providerName} linked`,
    description: `Continue with ${providerName} signs you in from now on.`,
  });
}

/** /login/sso/{provider}: where the provider sends the browser back. */
export function SingleSignOnReturnPage() {
  const { provider = '' } = useParams();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<SsoCallbackAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Once: the provider's answer can be used only once (React's development double effect included).
    if (asked.current) return;
    asked.current = true;
    const query = window.location.search;
    // The code leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    void (async () => {
      try {
        const result = await finishSingleSignOn(provider, query);
        if (result.outcome === 'signed_in') return navigate(result.next, { replace: true });
        if (result.outcome === 'linked') {
          await announceLinked(result.provider.name);
          return navigate('/dashboard?tab=account', { replace: true });
        }
        setAnswer(result);
      } catch (caught) {
        setError(serverMessageOr(caught, 'The sign-in could not be finished. Please try again.'));
      }
    })();
  }, [provider, navigate]);

  if (error) {
    return (
      <AuthCard title="Not signed in" subtitle="The sign-in did not go through.">
        <FormError message={error} />
        <Button asChild className="mt-5 w-full">
          <Link to="/login">Back to log in</Link>
        </Button>
      </AuthCard>
    );
  }
  if (answer?.outcome === 'second_factor') {
    return (
      <SecondFactorStep
        methods={answer.methods}
        onSignedIn={() => navigate(answer.next, { replace: true })}
        onStartOver={() => navigate('/login', { replace: true })}
      />
    );
  }
  if (answer?.outcome === 'choose') return <ChooseAccount choice={answer} />;
  return (
    <AuthCard title="Signing you in" subtitle="Checking the answer of your sign-in provider...">
      <div className="flex justify-center py-4" role="status" aria-label="Signing you in">
        <Spinner />
      </div>
    </AuthCard>
  );
}

/** A person with no account here: a new one under a username they choose, or the account of theirs to link. */
function ChooseAccount({ choice }: { choice: Choice }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const name = choice.provider.name;

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const { usernameSchema } = await import('#shared/auth.schema.ts');
    const parsed = usernameSchema.safeParse(values.get('username'));
    if (!parsed.success) {
      setInvalid(true);
      return setError(parsed.error.issues[0]!.message);
    }
    if (values.get('acceptTerms') !== 'on') {
      setInvalid(false);
      return setError('You must accept the terms and conditions');
    }
    setPending(true);
    try {
      await createSingleSignOnAccount(parsed.data);
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      setInvalid(caught instanceof ApiError && caught.fieldErrors?.username !== undefined);
      setError(serverMessageOr(caught, 'The account could not be made. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title={`Welcome${choice.name ? `, ${choice.name}` : ''}`}
      subtitle={`${name} signed you in${choice.email ? ` as ${choice.email}` : ''}. No account here is linked to it yet.`}
    >
      {choice.emailInUse && (
        <p className="mb-5 rounded-xl border border-primary/40 bg-primary/10 p-3 text-sm text-zinc-200">
          An account here already uses this address. If it is yours, sign in to it to link {name}.
        </p>
      )}
      <form onSubmit={(event) => void create(event)} noValidate aria-label="New account" className="space-y-5">
        <FormError message={error} />
        <div className="space-y-2">
          <Label htmlFor="sso-username">Choose your username</Label>
          <div className="flex overflow-hidden rounded-xl border border-border bg-surface focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
            <span className="flex items-center border-r border-border bg-surface-raised px-3 text-sm text-muted">{siteHost()}/</span>
            <Input
              id="sso-username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={choice.suggestedUsername ?? ''}
              placeholder="yourname"
              aria-invalid={invalid || undefined}
              aria-describedby="sso-username-hint"
              className="rounded-none border-0 focus:ring-0"
            />
          </div>
          <p id="sso-username-hint" className="text-xs text-muted">
            Lowercase letters, numbers, _ and -, up to {USERNAME_MAX_LENGTH} characters. Your page will live at this address.
          </p>
        </div>
        <TermsCheckbox />
        <Button type="submit" className="w-full" disabled={pending}>
          <UserPlus /> {pending ? 'Creating...' : 'Create my account'}
        </Button>
      </form>
      <div className="mt-5 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <p className="mt-4 text-center text-sm text-muted">Already have an account here?</p>
      <Button asChild variant="outline" className="mt-3 w-full">
        <Link to="/login?link=sso">Sign in to link {name}</Link>
      </Button>
    </AuthCard>
  );
}
