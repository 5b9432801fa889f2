import { KeyRound, Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { type AccountSession, changePasswordFormSchema } from '#shared/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { countryName } from '#shared/country-names.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { PurchasesCard } from '#web/features/purchases/purchases-card.tsx';
import { AccountDataCard } from './account-danger-zone.tsx';
import { EmailCard } from './email-card.tsx';
import { LanguageCard } from './language-card.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { SetPasswordCard, SingleSignOnCard } from './single-sign-on-card.tsx';
import { useChangePassword, useEndOtherSessions, useEndSession, useSessions } from './use-account.ts';
import { timeAgo } from '#web/lib/dates.ts';

/** The Account section, the person's own: the password, sign-in ways and sessions, email, purchases, export and deletion (issue 28), API tokens (issue 32). */
export function AccountTab({ user, onEditEmail }: { user: CurrentUser; onEditEmail: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {user.hasPassword ? <ChangePasswordCard /> : <SetPasswordCard user={user} />}
      <TwoFactorCard />
      <PasskeysCard />
      <SingleSignOnCard />
      <SessionsCard />
      <EmailCard user={user} onEditEmail={onEditEmail} />
      <LanguageCard user={user} />
      <PurchasesCard user={user} />
      <AccountDataCard user={user} />
      <ApiTokensCard />
    </div>
  );
}

function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const form = useSchemaForm(changePasswordFormSchema);

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.run({ currentPassword, newPassword }, { form, onSuccess: () => form.reset() }),
  );

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary-text" aria-hidden="true" /> Password
      </h2>
      <p className="mt-1 text-sm text-muted">Changing it signs out every other session; this one stays signed in.</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password" className="mt-5 space-y-4">
        <FormError message={form.error} />
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" disabled={changePassword.isPending}>
          {changePassword.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}

const DEVICE_ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet } as const;
function placeOf(country: string | null): string | null {
  return country ? countryName(country) : null;
}

function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const signOutOthers = () => endOthers.run(undefined, { onSuccess: () => setConfirming(false) });

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MonitorSmartphone className="size-5 text-primary-text" aria-hidden="true" /> Where you're signed in
      </h2>
      <p className="mt-1 text-sm text-muted">Sign out a session you don't recognise. Places are approximate, from the network address.</p>
      {sessions.isPending && <LoadingState label="Loading sessions..." />}
      {sessions.isError && <LoadError title="Your sessions could not be loaded." onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <>
          <ul className="mt-5 divide-y divide-border" aria-label="Sessions">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others.length > 0 && (
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="mt-5 w-full sm:w-auto">
                  Sign out all other sessions
                </Button>
              }
              title="Sign out every other session?"
              description={`${others.length === 1 ? 'The other session' : `The ${others.length} other sessions`} will need your password to sign in again. This session stays signed in.`}
              confirmLabel="Sign out others"
              pendingLabel="Signing out..."
              pending={endOthers.isPending}
              onConfirm={() => void signOutOthers()}
              open={confirming}
              onOpenChange={setConfirming}
            />
          )}
        </>
      )}
    </Card>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const endSession = useEndSession();
  const Icon = DEVICE_ICONS[session.device as keyof typeof DEVICE_ICONS] ?? Laptop;
  const place = placeOf(session.country);
  const name = `${session.browser} on ${session.device}`;

  const end = () => endSession.run(session.id);

  return (
    <li className="flex flex-wrap items-center gap-3 py-4" data-testid="session-row">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-raised text-zinc-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {session.current && (
            <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary-text">This device</span>
          )}
        </p>
        <p className="text-sm text-muted">
          {[place, `signed in ${timeAgo(session.signedInAt)}`, `last seen ${session.current ? 'now' : timeAgo(session.lastSeenAt)}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" onClick={() => void end()} disabled={endSession.isPending} aria-label={`Sign out ${name}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}
