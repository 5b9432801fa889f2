import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { passwordResetMessages, resetPasswordFormSchema } from '#shared/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';
import { api, serverMessageOr } from '#web/lib/api.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { focusField, useFormError, valuesOf } from './use-form-error.ts';

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
  const [isSubmitting, setSubmitting] = useState(false);
  const { error, invalidField, show, check } = useFormError();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = check(resetPasswordFormSchema, valuesOf(form), (field) => focusField(form, field));
    if (!input || !token) return;
    setSubmitting(true);
    try {
      await api('/api/auth/password-reset', { method: 'POST', body: { token, newPassword: input.newPassword } });
      // The link is spent: it leaves the address bar and the history entry.
      window.history.replaceState(null, '', window.location.pathname);
      setDone(true);
    } catch (caught) {
      show(serverMessageOr(caught, 'Your password could not be changed. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

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
          <FormError message={error} />
          <PasswordField name="newPassword" label="New password" autoComplete="new-password" invalid={invalidField === 'newPassword'} />
          <PasswordField
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
            invalid={invalidField === 'confirmPassword'}
          />
          <Button type="submit" className="w-full" disabled={token === undefined || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
