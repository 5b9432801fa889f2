import { KeyRound, LogIn } from 'lucide-react';
import { useState } from 'react';
import { setPasswordFormSchema } from '#shared/account.ts';
import type { SsoLink, SsoProvider } from '#shared/single-sign-on.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useNow } from '#web/lib/use-now.ts';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { useLinkSso, useSetFirstPassword, useSsoLinks, useUnlinkSso } from './use-account.ts';
import { timeAgo } from '#web/lib/dates.ts';
import { partsAround, useAppWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.sso.title', message: 'Single sign-on' },
  text: /*i18n*/ { id: 'app.sso.text', message: 'Sign in with an account you already have elsewhere. Link one here to use it.' },
  loading: /*i18n*/ { id: 'app.sso.loading', message: 'Loading linked sign-ins...' },
  failed: /*i18n*/ { id: 'app.sso.failed', message: 'Your linked sign-ins could not be loaded.' },
  providers: /*i18n*/ { id: 'app.sso.providers', message: 'Sign-in providers' },
  linked: /*i18n*/ { id: 'app.sso.linked', message: 'Linked {day}' },
  linkedAs: /*i18n*/ { id: 'app.sso.linkedAs', message: 'Linked {day} as {email}' },
  lastUsed: /*i18n*/ { id: 'app.sso.lastUsed', message: 'last used {when}' },
  notUsed: /*i18n*/ { id: 'app.sso.notUsed', message: 'not used yet' },
  notLinked: /*i18n*/ { id: 'app.sso.notLinked', message: 'Not linked' },
  unlinkName: /*i18n*/ { id: 'app.sso.unlinkName', message: 'Unlink {name}' },
  unlink: /*i18n*/ { id: 'app.sso.unlink', message: 'Unlink' },
  unlinkTitle: /*i18n*/ { id: 'app.sso.unlinkTitle', message: 'Unlink {name}?' },
  unlinkText: /*i18n*/ {
    id: 'app.sso.unlinkText',
    message: 'Continue with {name} will no longer sign you in to this account. You can link it again later.',
  },
  unlinking: /*i18n*/ { id: 'app.sso.unlinking', message: 'Unlinking...' },
  unlinked: /*i18n*/ { id: 'app.sso.unlinked', message: '{name} unlinked' },
  going: /*i18n*/ { id: 'app.sso.going', message: 'Going to {name}...' },
  link: /*i18n*/ { id: 'app.sso.link', message: 'Link {name}' },
  password: /*i18n*/ { id: 'app.sso.password', message: 'Password' },
  noPassword: /*i18n*/ {
    id: 'app.sso.noPassword',
    message:
      '{account} signs in through single sign-on and has no password yet. Set one to sign in without it, and to export or delete the account.',
  },
  setAPassword: /*i18n*/ { id: 'app.sso.setAPassword', message: 'Set a password' },
  newPassword: /*i18n*/ { id: 'app.sso.newPassword', message: 'New password' },
  confirmPassword: /*i18n*/ { id: 'app.sso.confirmPassword', message: 'Confirm new password' },
  setting: /*i18n*/ { id: 'app.sso.setting', message: 'Setting...' },
  setPassword: /*i18n*/ { id: 'app.sso.setPassword', message: 'Set password' },
} as const;

/**
 * Single sign-on (issue 29): each provider this site has, linked or not. A link
 * is made by signing in at the provider; unlinking asks first, and the server
 * keeps the last way to sign in.
 */
export function SingleSignOnCard() {
  const providers = useSiteFeatures()?.singleSignOn ?? [];
  const links = useSsoLinks();
  const t = useAppWords();
  if (providers.length === 0 && !links.data?.length) return null;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <LogIn className="size-5 rtl:-scale-x-100 text-primary-text" aria-hidden="true" /> {t(words.title)}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(words.text)}</p>
      {links.isPending && <LoadingState label={t(words.loading)} />}
      {links.isError && <LoadError title={t(words.failed)} onRetry={() => void links.refetch()} />}
      {links.data && (
        <ul className="mt-5 divide-y divide-border" aria-label={t(words.providers)}>
          {providers.map((provider) => (
            <ProviderRow key={provider.id} provider={provider} link={links.data.find((link) => link.provider.id === provider.id)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ProviderRow({ provider, link }: { provider: SsoProvider; link: SsoLink | undefined }) {
  const start = useLinkSso();
  const unlink = useUnlinkSso();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const t = useAppWords();
  const name = provider.name;
  const used = link?.lastUsedAt ? t(words.lastUsed, { when: timeAgo(link.lastUsedAt, now) }) : t(words.notUsed);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" translate="no">
          {name}
        </p>
        <p className="text-xs text-muted">
          {link
            ? `${link.email ? t(words.linkedAs, { day: formatDay(link.createdAt), email: link.email }) : t(words.linked, { day: formatDay(link.createdAt) })} · ${used}`
            : t(words.notLinked)}
        </p>
      </div>
      {link ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="ghost" size="sm" className="text-red-300" aria-label={t(words.unlinkName, { name })}>
              {t(words.unlink)}
            </Button>
          }
          title={t(words.unlinkTitle, { name })}
          description={t(words.unlinkText, { name })}
          confirmLabel={t(words.unlink)}
          pendingLabel={t(words.unlinking)}
          pending={unlink.isPending}
          onConfirm={() =>
            void unlink.run(link.id, {
              success: t(words.unlinked, { name }),
              onSuccess: () => setConfirming(false),
              onFailure: () => setConfirming(false),
            })
          }
        />
      ) : (
        <Button variant="outline" size="sm" disabled={start.isPending} onClick={() => void start.run(provider.id)}>
          {t(start.isPending ? words.going : words.link, { name })}
        </Button>
      )}
    </li>
  );
}

/** An account made through single sign-on has no password: it can set one, which then signs in too. */
export function SetPasswordCard({ user }: { user: CurrentUser }) {
  const setPassword = useSetFirstPassword();
  const form = useSchemaForm(setPasswordFormSchema);
  const submit = form.handleSubmit(({ newPassword }) => setPassword.run(newPassword, { form, onSuccess: () => form.reset() }));
  const t = useAppWords();
  const [before, after] = partsAround(t, words.noPassword, 'account');

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary-text" aria-hidden="true" /> {t(words.password)}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {before}
        <bdi translate="no">{user.accountUsername}</bdi>
        {after}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(words.setAPassword)} className="mt-5 space-y-4">
        <FormError message={form.error} />
        <PasswordField label={t(words.newPassword)} autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordField label={t(words.confirmPassword)} autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" disabled={setPassword.isPending}>
          {t(setPassword.isPending ? words.setting : words.setPassword)}
        </Button>
      </form>
    </Card>
  );
}
