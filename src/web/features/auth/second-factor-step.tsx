import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { AuthCard } from './auth-card.tsx';
import { type SecondFactorMethod, logInWithPasskey, logInWithSecondFactor } from '#web/lib/use-session.ts';
import { authWords as words } from './auth-words.ts';
import { useSiteWords } from '#web/lib/site-words.ts';

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
  // The schemas come with zod, loaded once this step is shown.
  const form = useSchemaForm(async () => (await import('#shared/two-factor.ts')).secondFactorFormSchemas[recovery ? 'recovery' : 'code']);
  const startOverOn = (caught: unknown) =>
    caught instanceof ApiError && caught.code === 'challenge_expired' ? onStartOver(caught.message) : undefined;
  const t = useSiteWords();
  const verify = useApiMutation({ mutationFn: logInWithSecondFactor, failure: t(words.codeCheckFailed) });
  const passkeySignIn = useApiMutation({ mutationFn: () => logInWithPasskey(), failure: () => '' });
  const pending = verify.isPending || passkeySignIn.isPending;

  const passkey = () =>
    passkeySignIn.run(undefined, {
      form: { showFailure: () => undefined },
      onSuccess: onSignedIn,
      onFailure: async (caught) => {
        if (caught instanceof ApiError && caught.code === 'challenge_expired' && caught.message.startsWith('Signing in')) {
          return onStartOver(caught.message);
        }
        form.showFailure(await passkeyFailure(caught));
      },
    });

  const submit = form.handleSubmit(({ code }) =>
    verify.run(recovery ? { recoveryCode: code } : { code }, { form, onSuccess: onSignedIn, onFailure: startOverOn }),
  );

  return (
    <AuthCard title={t(words.twoFactorTitle)} subtitle={t(recovery ? words.enterRecoveryCode : words.enterAppCode)}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(words.secondFactor)} className="space-y-5">
        <FormError message={form.error} />
        <div className="space-y-2">
          <Label htmlFor="code">{t(recovery ? words.recoveryCode : words.authenticationCode)}</Label>
          <Input
            key={recovery ? 'recovery' : 'code'}
            id="code"
            autoFocus
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={recovery ? 'xxxxx-xxxxx' : '123 456'}
            className="text-center font-mono text-lg tracking-widest"
            {...form.field('code')}
            aria-invalid={form.error ? true : undefined}
          />
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {t(pending ? words.checking : words.verifyAndLogIn)}
        </Button>
      </form>
      {methods.includes('passkey') && (
        <Button type="button" variant="outline" className="mt-3 w-full" disabled={pending} onClick={() => void passkey()}>
          <KeyRound /> {t(words.usePasskeyInstead)}
        </Button>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary-text hover:underline"
          onClick={() => {
            setRecovery((value) => !value);
            form.reset();
          }}
        >
          {t(recovery ? words.useAppCode : words.useRecoveryCode)}
        </button>
        <button type="button" className="text-muted hover:text-zinc-200 hover:underline" onClick={() => onStartOver()}>
          {t(words.startOver)}
        </button>
      </div>
    </AuthCard>
  );
}
