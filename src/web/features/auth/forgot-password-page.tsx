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
import { authWords as words } from './auth-words.ts';
import { useSiteAddress, useSiteMessages, useSiteWords } from '#web/lib/site-words.ts';

function BackToLogin() {
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  return (
    <p className="mt-6 text-center text-sm text-muted">
      {t(words.rememberedIt)}{' '}
      <Link to={addressOf('/login')} className="font-semibold text-primary-text hover:underline">
        {t(words.logIn)}
      </Link>
    </p>
  );
}

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
  const t = useSiteWords();
  const say = useSiteMessages();
  const request = useApiMutation({ mutationFn: requestPasswordReset, failure: t(words.requestFailed) });
  const submit = form.handleSubmit((input) => request.run(input, { form, onSuccess: setSent }));

  if (!features) return <FullPageSpinner />;
  const held = features.mail === 'held';
  if (sent) {
    return (
      <AuthCard title={t(held ? words.askTheAdministrator : words.checkYourEmail)} subtitle={say(sent)}>
        <p className="text-sm text-muted">{t(held ? words.heldLinkNote : words.sentLinkNote)}</p>
        <BackToLogin />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t(words.forgotYourPassword)} subtitle={t(held ? words.forgotHeld : words.forgotSent)}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(words.sendResetLinkForm)} className="space-y-5">
        <FormError message={form.error} />
        <div className="space-y-2">
          <Label htmlFor="identifier">{t(words.usernameOrEmail)}</Label>
          <Input id="identifier" autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.field('identifier')} />
        </div>
        <Button type="submit" className="w-full" disabled={!hydrated || request.isPending}>
          {t(request.isPending ? words.sending : words.sendResetLink)}
        </Button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
