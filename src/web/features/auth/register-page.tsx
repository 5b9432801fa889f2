import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { ApiError, serverMessageOr } from '#web/lib/api.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { authFormPreloadProps, loadAuthSchemas } from './auth-schemas.ts';
import { focusField, useFormError, valuesOf } from './use-form-error.ts';
import { SingleSignOnButtons } from './single-sign-on.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { NEW_ACCOUNT_STORAGE_KEY } from '#web/lib/constants.ts';
import { setSessionMark } from '#web/lib/session-mark.ts';
import { registerAccount } from '#web/lib/use-session.ts';

export function RegisterPage() {
  return (
    <AuthIsland name="register">
      <RegisterCard />
    </AuthIsland>
  );
}

/** The sign-up card: the form and single sign-on. */
export function RegisterCard() {
  const [searchParams] = useSearchParams();
  const [isSubmitting, setSubmitting] = useState(false);
  const usernameField = useRef<HTMLInputElement>(null);
  // The name claimed on the landing page (?username=), once the prerendered page runs, unless one was typed.
  const claimed = (searchParams.get('username') ?? '').slice(0, USERNAME_MAX_LENGTH);
  useEffect(() => {
    if (usernameField.current && !usernameField.current.value) usernameField.current.value = claimed;
  }, [claimed]);
  const { error, invalidField, show, check } = useFormError();
  const navigate = useNavigate();
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The eight rules of spec 000 §5, in order; the first failure is shown.
    const { registerFormSchema } = await loadAuthSchemas();
    const input = check(registerFormSchema, valuesOf(form), (field) => focusField(form, field));
    if (!input) return;
    const { username, displayName, password } = input;
    setSubmitting(true);
    try {
      await registerAccount({ username, password, ...(displayName ? { displayName } : {}) });
      // Without storage (a private mode) the overview says "Welcome back", as it would later.
      setSessionMark(NEW_ACCOUNT_STORAGE_KEY, username);
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      const message = serverMessageOr(caught, 'Registration failed');
      // Shown once, beside the form (issue 11: not also as a toast).
      show(message, caught instanceof ApiError ? (Object.keys(caught.fieldErrors)[0] ?? null) : null);
    } finally {
      setSubmitting(false);
    }
  };

  const invalid = (field: string) => invalidField === field || undefined;

  return (
    <AuthCard title="Create your Linkverse" subtitle="Claim your link and build your page in minutes.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate {...authFormPreloadProps} className="space-y-5">
        <FormError message={error} />
        <div className="space-y-2">
          <Label htmlFor="username">Username</Label>
          <Input
            id="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="yourname"
            aria-invalid={invalid('username')}
            aria-describedby="username-hint"
            name="username"
            ref={usernameField}
          />
          <p id="username-hint" className="text-xs text-muted">
            Lowercase letters, numbers, _ and -, up to {USERNAME_MAX_LENGTH} characters.
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="displayName">
            Display name <span className="font-normal text-muted">(optional)</span>
          </Label>
          <Input
            id="displayName"
            autoComplete="name"
            placeholder="Your Name"
            aria-invalid={invalid('displayName')}
            maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
            name="displayName"
          />
        </div>
        <PasswordField name="password" label="Password" autoComplete="new-password" invalid={invalidField === 'password'} />
        <PasswordField
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          invalid={invalidField === 'confirmPassword'}
        />
        <TermsCheckbox id="acceptTerms" invalid={invalid('acceptTerms')} />
        <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create account'}
        </Button>
      </form>
      <SingleSignOnButtons divider onError={show} />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-primary-text hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
