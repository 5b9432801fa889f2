import { type FormEvent, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { ApiError, serverMessageOr } from '#web/lib/api.ts';
import { AuthCard } from './auth-card.tsx';
import { type SecondFactorMethod, logInWithPasskey, logInWithSecondFactor } from '#web/lib/use-session.ts';

// The second step of a sign-in (issue 29), after a password or a single
// sign-on: a code from the authenticator app, a recovery code, or a passkey.

/** Why a passkey did not sign in: the server's words, or the browser's refusal said plainly. */
export async function passkeyFailure(caught: unknown): Promise<string> {
  if (caught instanceof ApiError && caught.status > 0) return caught.message;
  const { passkeyMessages } = await import('#shared/passkeys.ts');
  if (caught instanceof ApiError) return caught.message;
  return (caught as { name?: string })?.name === 'NotAllowedError' || (caught as { code?: string })?.code === 'ERROR_CEREMONY_ABORTED'
    ? passkeyMessages.cancelled
    : passkeyMessages.unsupported;
}

/** The second step: a code from the authenticator app, one of the recovery codes, or a passkey. */
export function SecondFactorStep({
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
      setError(serverMessageOr(caught, 'The code could not be checked. Please try again.'));
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
