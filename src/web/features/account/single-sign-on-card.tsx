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

/**
 * Single sign-on (issue 29): each provider this site has, linked or not. A link
 * is made by signing in at the provider; unlinking asks first, and the server
 * keeps the last way to sign in.
 */
export function SingleSignOnCard() {
  const providers = useSiteFeatures()?.singleSignOn ?? [];
  const links = useSsoLinks();
  if (providers.length === 0 && !links.data?.length) return null;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <LogIn className="size-5 text-primary-text" aria-hidden="true" /> Single sign-on
      </h2>
      <p className="mt-1 text-sm text-muted">Sign in with an account you already have elsewhere. Link one here to use it.</p>
      {links.isPending && <LoadingState label="Loading linked sign-ins..." />}
      {links.isError && <LoadError title="Your linked sign-ins could not be loaded." onRetry={() => void links.refetch()} />}
      {links.data && (
        <ul className="mt-5 divide-y divide-border" aria-label="Sign-in providers">
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
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{provider.name}</p>
        <p className="text-xs text-muted">
          {link
            ? `Linked ${formatDay(link.createdAt)}${link.email ? ` as ${link.email}` : ''} · ${link.lastUsedAt ? `last used ${timeAgo(link.lastUsedAt, now)}` : 'not used yet'}`
            : 'Not linked'}
        </p>
      </div>
      {link ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="ghost" size="sm" className="text-red-300" aria-label={`Unlink ${provider.name}`}>
              Unlink
            </Button>
          }
          title={`Unlink ${provider.name}?`}
          description={`Continue with ${provider.name} will no longer sign you in to this account. You can link it again later.`}
          confirmLabel="Unlink"
          pendingLabel="Unlinking..."
          pending={unlink.isPending}
          onConfirm={() =>
            void unlink.run(link.id, {
              success: `${provider.name} unlinked`,
              onSuccess: () => setConfirming(false),
              onFailure: () => setConfirming(false),
            })
          }
        />
      ) : (
        <Button variant="outline" size="sm" disabled={start.isPending} onClick={() => void start.run(provider.id)}>
          {start.isPending ? `Going to ${provider.name}...` : `Link ${provider.name}`}
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

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary-text" aria-hidden="true" /> Password
      </h2>
      <p className="mt-1 text-sm text-muted">
        {user.accountUsername} signs in through single sign-on and has no password yet. Set one to sign in without it, and to export or
        delete the account.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Set a password" className="mt-5 space-y-4">
        <FormError message={form.error} />
        <PasswordField label="New password" autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" disabled={setPassword.isPending}>
          {setPassword.isPending ? 'Setting...' : 'Set password'}
        </Button>
      </form>
    </Card>
  );
}
