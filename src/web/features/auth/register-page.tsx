import { safeNextPath } from '#shared/next-path.ts';
import { LanguageOptions } from '#web/components/ui/language-options.tsx';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label, Select } from '#web/components/ui/input.tsx';
import { DEFAULT_LANGUAGE, languageAmong } from '#shared/i18n/languages.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { authFormPreloadProps, loadAuthSchemas } from './auth-schemas.ts';
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
  // The eight rules of spec 000 §5, in order; the first failure is shown. No defaults: what was typed before hydration stays.
  const form = useSchemaForm(async () => (await loadAuthSchemas()).registerFormSchema);
  // The name claimed on the landing page (?username=), once the prerendered page runs, unless one was typed.
  const claimed = (searchParams.get('username') ?? '').slice(0, USERNAME_MAX_LENGTH);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!getValues('username')) setValue('username', claimed);
  }, [claimed, getValues, setValue]);
  // The browser's language is suggested once the page runs (the prerendered page cannot know it), unless one was picked.
  useEffect(() => {
    const suggested = languageAmong(navigator.languages ?? [navigator.language]);
    if (suggested && getValues('language') === DEFAULT_LANGUAGE) setValue('language', suggested);
  }, [getValues, setValue]);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const register = useApiMutation({ mutationFn: registerAccount, failure: 'Registration failed' });

  // A refusal is shown once, beside the form (issue 11: not also as a toast).
  const onSubmit = form.handleSubmit(({ username, displayName, password, language }) =>
    register.run(
      { username, password, language, ...(displayName ? { displayName } : {}) },
      {
        form,
        onSuccess: () => {
          // Without storage (a private mode) the overview says "Welcome back", as it would later.
          setSessionMark(NEW_ACCOUNT_STORAGE_KEY, username);
          // Back to the page that sent here (an invitation to a team, issue 53), when it is a page of this site.
          navigate(safeNextPath(searchParams.get('next')), { replace: true });
        },
      },
    ),
  );

  return (
    <AuthCard title="Create your Linkverse" subtitle="Claim your link and build your page in minutes.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate {...authFormPreloadProps} className="space-y-5">
        <FormError message={form.error} />
        <div className="space-y-2">
          <Label htmlFor="username">Username</Label>
          <Input
            id="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="yourname"
            aria-describedby="username-hint"
            {...form.field('username')}
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
            maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
            {...form.field('displayName')}
          />
        </div>
        <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <div className="space-y-2">
          <Label htmlFor="language">Language</Label>
          <Select
            id="language"
            aria-describedby="language-hint"
            defaultValue={DEFAULT_LANGUAGE}
            className="w-full"
            {...form.field('language')}
          >
            <LanguageOptions />
          </Select>
          <p id="language-hint" className="text-xs text-muted">
            The mail this site sends you is in this language. Change it any time in Account.
          </p>
        </div>
        <TermsCheckbox id="acceptTerms" {...form.field('acceptTerms')} />
        <Button type="submit" className="w-full" disabled={!hydrated || register.isPending}>
          {register.isPending ? 'Creating...' : 'Create account'}
        </Button>
      </form>
      <SingleSignOnButtons divider onError={(message) => form.showFailure(message)} />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-primary-text hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
