import { siteHost } from '#web/lib/utils.ts';
import { useEffect, useRef, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { serverMessageOr } from '#web/lib/api.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { AuthCard, AuthIsland } from './auth-card.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { authFormPreloadProps, loadAuthSchemas } from './auth-schemas.ts';
import { linkWaitingSignIn } from './auth-requests.ts';
import { type SecondFactorMethod, logIn, logInWithPasskey } from '#web/lib/use-session.ts';
import { SecondFactorStep, passkeyFailure } from './second-factor-step.tsx';
import { SingleSignOnButtons, announceLinked } from './single-sign-on.tsx';
import { safeNextPath } from '#shared/next-path.ts';
import { announce } from '#web/lib/announcements.ts';
import { authWords as words } from './auth-words.ts';
import { useSiteAddress, useSiteWords } from '#web/lib/site-words.ts';

/** After signing in from single sign-on's choice: link the person waiting, and say so (or why not). */
async function linkWaiting(): Promise<void> {
  try {
    const links = await linkWaitingSignIn();
    await announceLinked(links.at(-1)?.provider.name ?? 'Single sign-on');
  } catch (caught) {
    await announce({ tone: 'error', title: 'Not linked', description: serverMessageOr(caught, 'Please try again from Account.') });
  }
}

export function LoginPage() {
  return (
    <AuthIsland name="login">
      <LoginCard />
    </AuthIsland>
  );
}

/** The log-in card: the form, passkeys, single sign-on, and the second step. */
export function LoginCard() {
  // Checked in order before any call (spec 000 §5): username, then password. No defaults: what was typed before hydration stays.
  const form = useSchemaForm(async () => (await loadAuthSchemas()).loginSchema);
  const show = (message: string) => form.showFailure(message);
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  const login = useApiMutation({ mutationFn: logIn, failure: t(words.loginFailed) });
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  // After a right password, an account with a second factor asks for its code (issue 29).
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);

  const search = new URLSearchParams(location.search);
  // Come from single sign-on's choice (issue 29): the provider's person waits to be linked to the account signed in to.
  // Once hydrated: the page was drawn without its query, and hydrates as drawn.
  const linking = hydrated && search.get('link') === 'sso';
  const enter = () => {
    // Signed in, the rest of the app is no longer the coming-soon page's (an admin's is not).
    document.documentElement.removeAttribute('data-site');
    if (linking) return void linkWaiting().then(() => navigate('/dashboard?tab=account', { replace: true }));
    // Back to the page that asked for signing in, when it is a page of this site (issue 27).
    navigate(safeNextPath(search.get('next')), { replace: true });
  };
  const enterRef = useRef(enter);
  useEffect(() => {
    enterRef.current = enter;
  });

  // Conditional UI: where the browser can, the username field offers this site's passkeys; picking one signs in.
  useEffect(() => {
    // At an IP address no browser offers passkeys (WebAuthn names sites by domain): nothing to ask the server.
    if (!hydrated || secondFactor || /^[\d.]+$|^\[/.test(window.location.hostname)) return;
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

  // A refusal is shown once, beside the form (issue 11: not also as a toast).
  const onSubmit = form.handleSubmit((input) =>
    login.run(input, { form, onSuccess: (result) => ('methods' in result ? setSecondFactor(result.methods) : enter()) }),
  );

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
    <AuthCard
      title={t(linking ? words.linkYourAccount : words.welcomeBack)}
      subtitle={t(linking ? words.logInToLink : words.logInToManage)}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate {...authFormPreloadProps} className="space-y-5">
        <FormError message={form.error} />
        <div className="space-y-2">
          <Label htmlFor="username">{t(words.username)}</Label>
          <div className="flex overflow-hidden rounded-xl border border-border bg-surface focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
            <span className="flex items-center border-e border-border bg-surface-raised px-3 text-sm text-muted" dir="ltr" translate="no">
              {siteHost()}/
            </span>
            <Input
              id="username"
              autoComplete="username webauthn"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t(words.usernamePlaceholder)}
              className="rounded-none border-0 focus:ring-0"
              {...form.field('username')}
            />
          </div>
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="password">{t(words.password)}</Label>
            <Link to={addressOf('/forgot-password')} className="text-xs font-medium text-primary-text hover:underline">
              {t(words.forgotPassword)}
            </Link>
          </div>
          <PasswordInput id="password" autoComplete="current-password" {...form.field('password')} />
        </div>
        <Button type="submit" className="w-full" disabled={!hydrated || login.isPending}>
          {t(login.isPending ? words.loggingIn : words.enter)}
        </Button>
      </form>
      <div className="mt-4 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> {t(words.or)} <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="mt-4 w-full" disabled={!hydrated || passkeyPending} onClick={() => void passkey()}>
        <KeyRound /> {t(passkeyPending ? words.waitingForPasskey : words.signInWithPasskey)}
      </Button>
      {!linking && <SingleSignOnButtons next={search.get('next') ?? undefined} onError={show} />}
      <p className="closed-site-only mt-4 text-center text-sm text-muted">{t(words.siteClosed)}</p>
      <p className="open-site-only mt-4 text-center text-sm text-muted">
        {t(words.newHere)}{' '}
        <Link to={addressOf('/register')} className="font-semibold text-primary-text hover:underline">
          {t(words.createAnAccount)}
        </Link>
      </p>
    </AuthCard>
  );
}
