import { useEffect, useRef, useState } from 'react';
import { LogIn, UserPlus } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import type { SsoCallbackAnswer } from '#shared/single-sign-on.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { serverMessageOr } from '#web/lib/api.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { siteHost } from '#web/lib/utils.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { AuthCard } from './auth-card.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { createSingleSignOnAccount, finishSingleSignOn, startSingleSignOn } from '#web/lib/use-session.ts';
import { announce } from '#web/lib/announcements.ts';
import { authWords as words } from './auth-words.ts';
import { useSiteWords } from '#web/lib/site-words.ts';

// Single sign-on's screens (issue 29): "Continue with {name}" on the login and
// registration pages, and the page the provider sends the browser back to,
// which hands its answer to the server and shows what it led to.

/** One button per provider this site has; nothing when it has none. */
export function SingleSignOnButtons({ next, divider, onError }: { next?: string; divider?: boolean; onError: (message: string) => void }) {
  const providers = useSiteFeatures()?.singleSignOn ?? [];
  const [pending, setPending] = useState<string | null>(null);
  const t = useSiteWords();
  const signIn = useApiMutation({ mutationFn: (id: string) => startSingleSignOn(id, next), failure: t(words.ssoStartFailed) });
  if (providers.length === 0) return null;
  // Stays "Going to…" while the browser goes to the provider.
  const start = (id: string) => {
    setPending(id);
    return signIn.run(id, { form: { showFailure: onError }, onFailure: () => setPending(null) });
  };
  return (
    <div className="mt-3 space-y-3">
      {divider && (
        <div className="mt-4 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-border" /> {t(words.or)} <span className="h-px flex-1 bg-border" />
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
          <LogIn /> {t(pending === provider.id ? words.goingTo : words.continueWith, { provider: provider.name })}
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
  const form = useSchemaForm(async () => (await import('#shared/auth.schema.ts')).singleSignOnAccountFormSchema, {
    defaultValues: { username: choice.suggestedUsername ?? '', acceptTerms: false },
  });
  const create = useApiMutation({
    mutationFn: createSingleSignOnAccount,
    failure: 'The account could not be made. Please try again.',
  });
  const pending = create.isPending;
  const name = choice.provider.name;
  const submit = form.handleSubmit(({ username }) =>
    create.run(username, { form, onSuccess: () => navigate('/dashboard', { replace: true }) }),
  );

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
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="New account" className="space-y-5">
        <FormError message={form.error} />
        <div className="space-y-2">
          <Label htmlFor="sso-username">Choose your username</Label>
          <div className="flex overflow-hidden rounded-xl border border-border bg-surface focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
            <span className="flex items-center border-e border-border bg-surface-raised px-3 text-sm text-muted" dir="ltr" translate="no">
              {siteHost()}/
            </span>
            <Input
              id="sso-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="yourname"
              aria-describedby="sso-username-hint"
              className="rounded-none border-0 focus:ring-0"
              {...form.field('username')}
            />
          </div>
          <p id="sso-username-hint" className="text-xs text-muted">
            Lowercase letters, numbers, _ and -, up to {USERNAME_MAX_LENGTH} characters. Your page will live at this address.
          </p>
        </div>
        <TermsCheckbox {...form.field('acceptTerms')} />
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
