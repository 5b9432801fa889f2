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
import { authWords as words } from './auth-words.ts';
import { useSiteAddress, useSiteLanguage, useSiteWords } from '#web/lib/site-words.ts';

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
  // The page's language is the first choice (/es/register: Español). On the English page, the browser's language is
  // suggested once the page runs (the prerendered page cannot know it), unless one was picked.
  const siteLanguage = useSiteLanguage();
  useEffect(() => {
    const suggested = languageAmong(navigator.languages ?? [navigator.language]);
    if (siteLanguage === DEFAULT_LANGUAGE && suggested && getValues('language') === DEFAULT_LANGUAGE) setValue('language', suggested);
  }, [getValues, setValue, siteLanguage]);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  const register = useApiMutation({ mutationFn: registerAccount, failure: t(words.registrationFailed) });

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
    <AuthCard title={t(words.createYourLinkverse)} subtitle={t(words.claimYourLink)}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate {...authFormPreloadProps} className="space-y-5">
        <FormError message={form.error} />
        <div className="space-y-2">
          <Label htmlFor="username">{t(words.username)}</Label>
          <Input
            id="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t(words.usernamePlaceholder)}
            aria-describedby="username-hint"
            {...form.field('username')}
          />
          <p id="username-hint" className="text-xs text-muted">
            {t(words.usernameHint, { max: USERNAME_MAX_LENGTH })}
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="displayName">
            {t(words.displayName)} <span className="font-normal text-muted">{t(words.optional)}</span>
          </Label>
          <Input
            id="displayName"
            autoComplete="name"
            placeholder={t(words.displayNamePlaceholder)}
            maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
            {...form.field('displayName')}
          />
        </div>
        <PasswordField label={t(words.password)} autoComplete="new-password" {...form.field('password')} />
        <PasswordField label={t(words.confirmPassword)} autoComplete="new-password" {...form.field('confirmPassword')} />
        <div className="space-y-2">
          <Label htmlFor="language">{t(words.language)}</Label>
          <Select id="language" aria-describedby="language-hint" defaultValue={siteLanguage} className="w-full" {...form.field('language')}>
            <LanguageOptions />
          </Select>
          <p id="language-hint" className="text-xs text-muted">
            {t(words.languageHint)}
          </p>
        </div>
        <TermsCheckbox id="acceptTerms" {...form.field('acceptTerms')} />
        <Button type="submit" className="w-full" disabled={!hydrated || register.isPending}>
          {t(register.isPending ? words.creating : words.createAccount)}
        </Button>
      </form>
      <SingleSignOnButtons divider onError={(message) => form.showFailure(message)} />
      <p className="mt-6 text-center text-sm text-muted">
        {t(words.alreadyHaveAccount)}{' '}
        <Link to={addressOf('/login')} className="font-semibold text-primary-text hover:underline">
          {t(words.logIn)}
        </Link>
      </p>
    </AuthCard>
  );
}
