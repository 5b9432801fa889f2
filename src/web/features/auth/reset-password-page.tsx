import { useState } from 'react';
import { Link } from 'react-router';
import { passwordResetMessages, resetPasswordFormSchema } from '#shared/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { resetPassword } from './auth-requests.ts';

/** The token of a reset link rides in the fragment (#token=…), which never reaches a server or a Referer. */
function tokenFromFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

/** /reset-password: a new password from a one-time link, mailed or made by an admin (issue 28). */
export function ResetPasswordPage() {
  return (
    <AuthIsland name="reset-password">
      <ResetPasswordCard />
    </AuthIsland>
  );
}

/** Its card: drawn before the link's token is known (undefined), which is read once hydrated. */
export function ResetPasswordCard() {
  const token = useHydrated() ? tokenFromFragment() : undefined;
  const [done, setDone] = useState(false);
  const form = useSchemaForm(resetPasswordFormSchema);
  const reset = useApiMutation({ mutationFn: resetPassword, failure: 'Your password could not be changed. Please try again.' });
  const submit = form.handleSubmit(({ newPassword }) => {
    if (!token) return;
    return reset.run(
      { token, newPassword },
      {
        form,
        onSuccess: () => {
          // The link is spent: it leaves the address bar and the history entry.
          window.history.replaceState(null, '', window.location.pathname);
          setDone(true);
        },
      },
    );
  });

  if (done) {
    return (
      <AuthCard title="Password changed" subtitle={passwordResetMessages.passwordReset}>
        <Button asChild className="w-full">
          <Link to="/login">Log in</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set a new password"
      subtitle="Choose the password you will log in with. Every device signed in to the account is signed out."
    >
      {token === null ? (
        <FormError message={passwordResetMessages.linkMissing} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Set a new password" className="space-y-5">
          <FormError message={form.error} />
          <PasswordField label="New password" autoComplete="new-password" {...form.field('newPassword')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field('confirmPassword')} />
          <Button type="submit" className="w-full" disabled={token === undefined || reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
