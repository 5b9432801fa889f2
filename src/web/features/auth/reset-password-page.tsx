import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { passwordResetMessages, resetPasswordFormSchema } from '#shared/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { checkResetLink, resetPassword } from './auth-requests.ts';
import { serverMessageOr } from '#web/lib/api.ts';
import { authWords as words } from './auth-words.ts';
import { useSiteAddress, useSiteMessages, useSiteWords } from '#web/lib/site-words.ts';

/**
 * Whether the link still works, asked as the page opens (issue 51), so that a
 * used or expired one says so before a new password is typed twice: undefined
 * while asking, null when it works, else what the server said.
 */
function useLinkProblem(token: string | null | undefined): string | null | undefined {
  const [problem, setProblem] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkResetLink(token).then(
      () => current && setProblem(null),
      (error: unknown) => current && setProblem(serverMessageOr(error, passwordResetMessages.linkInvalid)),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return problem;
}

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
  const problem = useLinkProblem(token);
  const form = useSchemaForm(resetPasswordFormSchema);
  const t = useSiteWords();
  const say = useSiteMessages();
  const addressOf = useSiteAddress();
  const reset = useApiMutation({ mutationFn: resetPassword, failure: t(words.resetFailed) });
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
      <AuthCard title={t(words.passwordChanged)} subtitle={say(passwordResetMessages.passwordReset)}>
        <Button asChild className="w-full">
          <Link to={addressOf('/login')}>{t(words.logIn)}</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t(words.setNewPassword)} subtitle={t(words.setNewPasswordText)}>
      {token === null ? (
        <FormError message={say(passwordResetMessages.linkMissing)} />
      ) : problem ? (
        <div className="space-y-4">
          <FormError message={say(problem)} />
          <Button asChild className="w-full">
            <Link to={addressOf('/forgot-password')}>{t(words.askNewLink)}</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(words.setNewPassword)} className="space-y-5">
          <FormError message={form.error} />
          <PasswordField label={t(words.newPassword)} autoComplete="new-password" {...form.field('newPassword')} />
          <PasswordField label={t(words.confirmNewPassword)} autoComplete="new-password" {...form.field('confirmPassword')} />
          <Button type="submit" className="w-full" disabled={token === undefined || problem === undefined || reset.isPending}>
            {t(reset.isPending ? words.saving : words.setNewPasswordButton)}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
