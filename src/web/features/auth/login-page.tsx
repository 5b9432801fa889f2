import { siteHost } from '#web/lib/utils.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { AuthCard } from './auth-card.tsx';
import { PasswordInput } from './password-input.tsx';
import { authFormPreloadProps, loadAuthSchemas } from './auth-schemas.ts';
import { focusField, useFormError, valuesOf } from './use-form-error.ts';
import { type SecondFactorMethod, logIn, logInWithPasskey, logInWithSecondFactor } from './use-session.ts';
import { safeNextPath } from '#shared/next-path.ts';

export function LoginPage() {
  const [isSubmitting, setSubmitting] = useState(false);
  const { error, invalidField, show, check } = useFormError();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  // After a right password, an account with a second factor asks for its code (issue 29).
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);

  const enter = () => {
    // Signed in, the rest of the app is no longer the coming-soon page's (an admin's is not).
    document.documentElement.removeAttribute('data-site');
    // Back to the page that asked for signing in, when it is a page of this site (issue 27).
    navigate(safeNextPath(new URLSearchParams(location.search).get('next')), { replace: true });
  };
  const enterRef = useRef(enter);
  useEffect(() => {
    enterRef.current = enter;
  });

  // Conditional UI: where the browser can, the username field offers this site's passkeys; picking one signs in.
  useEffect(() => {
    if (!hydrated || secondFactor) return;
    let live = true;
    let abortAutofill = (): void => undefined;
    void (async () => {
      const { browserSupportsWebAuthnAutofill, WebAuthnAbortService } = await import('@simplewebauthn/browser');
      if (!live || !(await browserSupportsWebAuthnAutofill())) return;
      abortAutofill = () => WebAuthnAbortService.cancelCeremony();
      try {
        await logInWithPasskey(true);
        if (live) enterRef.current();
      } catch {
        // Cancelled, replaced by another ceremony, or refused: the form is still there.
      }
    })();
    return () => {
      live = false;
      abortAutofill();
    };
  }, [hydrated, secondFactor]);

  const passkey = async () => {
    setPasskeyPending(true);
    try {
      await logInWithPasskey();
      enter();
    } catch (caught) {
      show(await passkeyFailure(caught));
    } finally {
      setPasskeyPending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Checked in order before any call (spec 000 §5): username, then password.
    const { authMessages, loginSchema } = await loadAuthSchemas();
    const input = check(loginSchema, valuesOf(form), (field) => focusField(form, field));
    if (!input) return;
    setSubmitting(true);
    try {
      const result = await logIn(input);
      if ('methods' in result) setSecondFactor(result.methods);
      else enter();
    } catch (caught) {
      const message = caught instanceof ApiError && caught.status > 0 ? caught.message : 'An error occurred during login';
      // Shown once, beside the form (issue 11: not also as a toast).
      show(message || authMessages.invalidCredentials);
    } finally {
      setSubmitting(false);
    }
  };

  if (secondFactor) {
    return (
      <SecondFactorStep
        methods={secondFactor}
        onSignedIn={enter}
        onStartOver={(message) => {
          setSecondFactor(null);
          if (message) show(message);
        }}
      />
    );
  }

  return (
    <AuthCard title="Welcome back" subtitle="Log in to manage your page.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate {...authFormPreloadProps} className="space-y-5">
        <FormError message={error} />
        <div className="space-y-2">
          <Label htmlFor="username">Username</Label>
          <div className="flex overflow-hidden rounded-xl border border-border bg-surface focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
            <span className="flex items-center border-r border-border bg-surface-raised px-3 text-sm text-muted">{siteHost()}/</span>
            <Input
              id="username"
              autoComplete="username webauthn"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="yourname"
              aria-invalid={invalidField === 'username' || undefined}
              className="rounded-none border-0 focus:ring-0"
              name="username"
            />
          </div>
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="password">Password</Label>
            <Link to="/forgot-password" className="text-xs font-medium text-primary-text hover:underline">
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            aria-invalid={invalidField === 'password' || undefined}
            name="password"
          />
        </div>
        <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Enter Linkverse'}
        </Button>
      </form>
      <div className="mt-4 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="mt-4 w-full" disabled={!hydrated || passkeyPending} onClick={() => void passkey()}>
        <KeyRound /> {passkeyPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
      <p className="closed-site-only mt-4 text-center text-sm text-muted">
        This site is closed for now: only its administrators can use it.
      </p>
      <p className="open-site-only mt-4 text-center text-sm text-muted">
        New here?{' '}
        <Link to="/register" className="font-semibold text-primary-text hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}

/** Why a passkey did not sign in: the server's words, or the browser's refusal said plainly. */
async function passkeyFailure(caught: unknown): Promise<string> {
  if (caught instanceof ApiError && caught.status > 0) return caught.message;
  const { passkeyMessages } = await import('#shared/passkeys.ts');
  if (caught instanceof ApiError) return caught.message;
  return (caught as { name?: string })?.name === 'NotAllowedError' || (caught as { code?: string })?.code === 'ERROR_CEREMONY_ABORTED'
    ? passkeyMessages.cancelled
    : passkeyMessages.unsupported;
}

/** The second step: a code from the authenticator app, one of the recovery codes, or a passkey. */
function SecondFactorStep({
  methods,
  onSignedIn,
  onStartOver,
}: {
  methods: SecondFactorMethod[];
  onSignedIn: () => void;
  onStartOver: (message?: string) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const passkey = async () => {
    setPending(true);
    setError(null);
    try {
      await logInWithPasskey();
      onSignedIn();
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'challenge_expired' && caught.message.startsWith('Signing in')) {
        return onStartOver(caught.message);
      }
      setError(await passkeyFailure(caught));
    } finally {
      setPending(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '').replace(/[\s-]/g, '');
    const { twoFactorMessages } = await import('#shared/two-factor.ts');
    if (!(recovery ? /^[a-z0-9]{10}$/i : /^\d{6}$/).test(value)) {
      setError(recovery ? twoFactorMessages.recoveryMissing : twoFactorMessages.codeMissing);
      return;
    }
    setPending(true);
    try {
      await logInWithSecondFactor(recovery ? { recoveryCode: value } : { code: value });
      onSignedIn();
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'challenge_expired') return onStartOver(caught.message);
      setError(caught instanceof ApiError && caught.status > 0 ? caught.message : 'The code could not be checked. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      subtitle={recovery ? 'Enter one of the recovery codes you saved.' : 'Enter the 6-digit code your authenticator app shows.'}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Second factor" className="space-y-5">
        <FormError message={error} />
        <div className="space-y-2">
          <Label htmlFor="code">{recovery ? 'Recovery code' : 'Authentication code'}</Label>
          <Input
            key={recovery ? 'recovery' : 'code'}
            id="code"
            name="code"
            autoFocus
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={recovery ? 'xxxxx-xxxxx' : '123 456'}
            aria-invalid={error ? true : undefined}
            className="text-center font-mono text-lg tracking-widest"
          />
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Checking...' : 'Verify and log in'}
        </Button>
      </form>
      {methods.includes('passkey') && (
        <Button type="button" variant="outline" className="mt-3 w-full" disabled={pending} onClick={() => void passkey()}>
          <KeyRound /> Use a passkey instead
        </Button>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary-text hover:underline"
          onClick={() => {
            setRecovery((value) => !value);
            setError(null);
          }}
        >
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-muted hover:text-zinc-200 hover:underline" onClick={() => onStartOver()}>
          Start over
        </button>
      </div>
    </AuthCard>
  );
}
