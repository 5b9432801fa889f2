import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '#shared/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { FullPageSpinner } from '#web/components/ui/spinner.tsx';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { requestPasswordReset } from './auth-requests.ts';

const backToLogin = (
  <p className="mt-6 text-center text-sm text-muted">
    Remembered it?{' '}
    <Link to="/login" className="font-semibold text-primary-text hover:underline">
      Log in
    </Link>
  </p>
);

/**
 * /forgot-password: a reset link by email; on a site without a mail server the
 * link waits in the administrator's Outbox, and the page says so (issue 51 §3).
 * The answer is the same whether or not the account exists.
 */
export function ForgotPasswordPage() {
  return (
    <AuthIsland name="forgot-password">
      <ForgotPasswordCard />
    </AuthIsland>
  );
}

/** Its card: drawn by the server with the site's features (whether it sends mail), then hydrated alone. */
export function ForgotPasswordCard() {
  const features = useSiteFeatures();
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm(forgotPasswordSchema);
  const request = useApiMutation({ mutationFn: requestPasswordReset, failure: 'Your request could not be sent. Please try again.' });
  const submit = form.handleSubmit((input) => request.run(input, { form, onSuccess: setSent }));

  if (!features) return <FullPageSpinner />;
  const held = features.mail === 'held';
  if (sent) {
    return (
      <AuthCard title={held ? 'Ask the administrator' : 'Check your email'} subtitle={sent}>
        <p className="text-sm text-muted">
          {held
            ? 'The link works once, for 30 minutes. An administrator can also make you a new link from the control center.'
            : 'The link works once, for 30 minutes. If nothing arrives, check your spam folder, or make sure the address was confirmed in your dashboard.'}
        </p>
        {backToLogin}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={
        held
          ? 'Enter your username or your confirmed email. This site has no mail server yet, so the link waits in its administrator’s Outbox.'
          : 'Enter your username or your confirmed email, and we will mail you a link to set a new one.'
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Send a reset link" className="space-y-5">
        <FormError message={form.error} />
        <div className="space-y-2">
          <Label htmlFor="identifier">Username or email</Label>
          <Input id="identifier" autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.field('identifier')} />
        </div>
        <Button type="submit" className="w-full" disabled={!hydrated || request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      {backToLogin}
    </AuthCard>
  );
}
