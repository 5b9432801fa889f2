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
import { useAppWords, useSiteLanguage } from '#web/lib/site-words.ts';

const words = {
  password: /*i18n*/ { id: 'app.account.password', message: 'Password' },
  passwordText: /*i18n*/ {
    id: 'app.account.passwordText',
    message: 'Changing it signs out every other session; this one stays signed in.',
  },
  changePassword: /*i18n*/ { id: 'app.account.changePassword', message: 'Change password' },
  currentPassword: /*i18n*/ { id: 'app.account.currentPassword', message: 'Current password' },
  newPassword: /*i18n*/ { id: 'app.account.newPassword', message: 'New password' },
  confirmPassword: /*i18n*/ { id: 'app.account.confirmPassword', message: 'Confirm new password' },
  changing: /*i18n*/ { id: 'app.account.changing', message: 'Changing...' },
  sessions: /*i18n*/ { id: 'app.account.sessions', message: 'Where you’re signed in' },
  sessionsText: /*i18n*/ {
    id: 'app.account.sessionsText',
    message: 'Sign out a session you don’t recognise. Places are approximate, from the network address.',
  },
  loadingSessions: /*i18n*/ { id: 'app.account.loadingSessions', message: 'Loading sessions...' },
  sessionsFailed: /*i18n*/ { id: 'app.account.sessionsFailed', message: 'Your sessions could not be loaded.' },
  sessionList: /*i18n*/ { id: 'app.account.sessionList', message: 'Sessions' },
  signOutAll: /*i18n*/ { id: 'app.account.signOutAll', message: 'Sign out all other sessions' },
  signOutAllTitle: /*i18n*/ { id: 'app.account.signOutAllTitle', message: 'Sign out every other session?' },
  signOutAllText: /*i18n*/ {
    id: 'app.account.signOutAllText',
    message:
      '{count, plural, one {The other session} other {The # other sessions}} will need your password to sign in again. This session stays signed in.',
  },
  signOutOthers: /*i18n*/ { id: 'app.account.signOutOthers', message: 'Sign out others' },
  signingOut: /*i18n*/ { id: 'app.account.signingOut', message: 'Signing out...' },
  deviceName: /*i18n*/ {
    id: 'app.account.deviceName',
    message: '{browser} on {device, select, desktop {desktop} mobile {mobile} tablet {tablet} other {{device}}}',
  },
  thisDevice: /*i18n*/ { id: 'app.account.thisDevice', message: 'This device' },
  signedIn: /*i18n*/ { id: 'app.account.signedIn', message: 'signed in {when}' },
  lastSeen: /*i18n*/ { id: 'app.account.lastSeen', message: 'last seen {when}' },
  seenNow: /*i18n*/ { id: 'app.account.seenNow', message: 'last seen now' },
  signOutSession: /*i18n*/ { id: 'app.account.signOutSession', message: 'Sign out {name}' },
  signOut: /*i18n*/ { id: 'app.account.signOut', message: 'Sign out' },
} as const;

/** The Account section, the person's own: the password, sign-in ways and sessions, email, purchases, export and deletion (issue 28), API tokens (issue 32). */
export function AccountTab({ user, onEditEmail }: { user: CurrentUser; onEditEmail: () => void }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
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
  const t = useAppWords();
  const changePassword = useChangePassword();
  const form = useSchemaForm(changePasswordFormSchema);

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.run({ currentPassword, newPassword }, { form, onSuccess: () => form.reset() }),
  );

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary-text" aria-hidden="true" /> {t(words.password)}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(words.passwordText)}</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(words.changePassword)} className="mt-5 space-y-4">
        <FormError message={form.error} />
        <PasswordField label={t(words.currentPassword)} autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField label={t(words.newPassword)} autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordField label={t(words.confirmPassword)} autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" disabled={changePassword.isPending}>
          {t(changePassword.isPending ? words.changing : words.changePassword)}
        </Button>
      </form>
    </Card>
  );
}

const DEVICE_ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet } as const;

function SessionsCard() {
  const t = useAppWords();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const signOutOthers = () => endOthers.run(undefined, { onSuccess: () => setConfirming(false) });

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MonitorSmartphone className="size-5 text-primary-text" aria-hidden="true" /> {t(words.sessions)}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(words.sessionsText)}</p>
      {sessions.isPending && <LoadingState label={t(words.loadingSessions)} />}
      {sessions.isError && <LoadError title={t(words.sessionsFailed)} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <>
          <ul className="mt-5 divide-y divide-border" aria-label={t(words.sessionList)}>
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others.length > 0 && (
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="mt-5 w-full sm:w-auto">
                  {t(words.signOutAll)}
                </Button>
              }
              title={t(words.signOutAllTitle)}
              description={t(words.signOutAllText, { count: others.length })}
              confirmLabel={t(words.signOutOthers)}
              pendingLabel={t(words.signingOut)}
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
  const t = useAppWords();
  const language = useSiteLanguage();
  const endSession = useEndSession();
  const Icon = DEVICE_ICONS[session.device as keyof typeof DEVICE_ICONS] ?? Laptop;
  const place = session.country ? countryName(session.country, language) : null;
  const name = t(words.deviceName, { browser: session.browser, device: session.device });

  const end = () => endSession.run(session.id);

  return (
    <li className="flex flex-wrap items-center gap-3 py-4" data-testid="session-row">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-raised text-zinc-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {session.current && (
            <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary-text">{t(words.thisDevice)}</span>
          )}
        </p>
        <p className="text-sm text-muted">
          {[
            place,
            t(words.signedIn, { when: timeAgo(session.signedInAt) }),
            session.current ? t(words.seenNow) : t(words.lastSeen, { when: timeAgo(session.lastSeenAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void end()}
          disabled={endSession.isPending}
          aria-label={t(words.signOutSession, { name })}
        >
          {t(words.signOut)}
        </Button>
      )}
    </li>
  );
}
