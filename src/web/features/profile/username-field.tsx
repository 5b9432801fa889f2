import { siteHost } from '#web/lib/utils.ts';
import { Info, Lock } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { changeUsernameSchema, daysUntil, profileSettingsMessages, type ProfileSettings } from '#shared/profile-settings.ts';
import { USERNAME_CHANGE_COOLDOWN_DAYS, USERNAME_HOLD_DAYS } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useChangeUsername } from '#web/lib/use-profile-settings.ts';
import { partsAround, useAppWords, useSiteMessages } from '#web/lib/site-words.ts';

const words = {
  username: /*i18n*/ { id: 'app.username.username', message: 'Username' },
  locked: /*i18n*/ { id: 'app.username.locked', message: 'Locked' },
  lockedHint: /*i18n*/ {
    id: 'app.username.lockedHint',
    message: 'You can change your username once every {days, plural, one {# day} other {# days}}.',
  },
  changing: /*i18n*/ { id: 'app.username.changing', message: 'Changing...' },
  change: /*i18n*/ { id: 'app.username.change', message: 'Change username' },
  confirmTitle: /*i18n*/ { id: 'app.username.confirmTitle', message: 'Change your username?' },
  confirmText: /*i18n*/ {
    id: 'app.username.confirmText',
    message:
      'Your page moves to {address}. The old address, {old}, sends visitors to the new one for {holdDays, plural, one {# day} other {# days}}, then anyone may take it. You can change your username again in {days, plural, one {# day} other {# days}}.',
  },
} as const;

/**
 * The username and its 90-day lock (spec 000 §2 "Profile tab", §4 "Username
 * lock"): 'Locked' with a tooltip and the days left while the cooldown runs,
 * and a notice that the profile URL changes.
 */
export function UsernameField({ settings }: { settings: ProfileSettings }) {
  const changeUsername = useChangeUsername();
  const t = useAppWords();
  const say = useSiteMessages();
  // A name that is too long is refused with the rule's message, never cut short; the same name is refused before asking.
  const form = useSchemaForm(
    changeUsernameSchema.refine(({ username }) => username !== settings.username, {
      path: ['username'],
      message: profileSettingsMessages.sameUsername,
    }),
    { defaultValues: { username: settings.username } },
  );
  const value = form.watch('username');
  const locked = settings.usernameLockedUntil !== null;
  const daysLeft = settings.usernameLockedUntil ? daysUntil(settings.usernameLockedUntil) : 0;

  // The name checked and waiting for the owner's yes: it locks the name and moves the page (issue 27).
  const [asking, setAsking] = useState<string | null>(null);
  const submit = form.handleSubmit(({ username }) => setAsking(username));
  const change = (username: string) => changeUsername.run(username, { form }).then(() => setAsking(null));

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2" noValidate>
      <div className="flex items-center gap-2">
        <Label htmlFor="profile-username">{t(words.username)}</Label>
        {locked && (
          <Tooltip.Provider delayDuration={200}>
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                <span
                  tabIndex={0}
                  className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-300"
                  data-testid="username-locked"
                >
                  <Lock className="size-3" aria-hidden="true" /> {t(words.locked)}
                </span>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  sideOffset={6}
                  className="z-50 max-w-xs rounded-lg border border-border bg-surface-raised px-3 py-2 text-xs text-zinc-100 shadow-xl"
                >
                  {t(words.lockedHint, { days: USERNAME_CHANGE_COOLDOWN_DAYS })}
                  <Tooltip.Arrow className="fill-surface-raised" />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </Tooltip.Provider>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="flex h-11 shrink-0 items-center overflow-hidden sm:flex-1 rounded-xl border border-border bg-surface focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
          <span className="ps-4 text-sm text-muted" aria-hidden="true" dir="ltr">
            {siteHost()}/
          </span>
          <Input
            id="profile-username"
            disabled={locked || changeUsername.isPending}
            {...form.field('username')}
            onChange={(event) => {
              event.target.value = event.target.value.toLowerCase();
              return form.field('username').onChange(event);
            }}
            aria-invalid={form.error ? true : undefined}
            aria-describedby="profile-username-notice"
            autoComplete="off"
            className="-my-px h-11 border-0 bg-transparent px-0.5 focus:ring-0"
          />
        </div>
        <Button type="submit" variant="outline" disabled={locked || changeUsername.isPending || value === settings.username}>
          {t(changeUsername.isPending ? words.changing : words.change)}
        </Button>
      </div>
      {form.error && (
        <p role="alert" className="text-sm text-red-400">
          {form.error}
        </p>
      )}
      <ConfirmDialog
        title={t(words.confirmTitle)}
        description={asking && <MoveNotice t={t} asking={asking} current={settings.username} />}
        confirmLabel={t(words.change)}
        pendingLabel={t(words.changing)}
        pending={changeUsername.isPending}
        open={asking !== null}
        onOpenChange={(open) => !open && !changeUsername.isPending && setAsking(null)}
        onConfirm={() => asking && void change(asking)}
      />
      <p id="profile-username-notice" className="flex items-start gap-2 text-xs text-muted">
        <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span>
          {locked ? `${say(profileSettingsMessages.usernameLocked(daysLeft))} ` : ''}
          {say(profileSettingsMessages.usernameUrlNotice)}
        </span>
      </p>
    </form>
  );
}

/** Where the page moves, and what becomes of the old address: the addresses in their own direction. */
function MoveNotice({ t, asking, current }: { t: ReturnType<typeof useAppWords>; asking: string; current: string }) {
  const values = { holdDays: USERNAME_HOLD_DAYS, days: USERNAME_CHANGE_COOLDOWN_DAYS, old: '\u2064' };
  const [before, rest] = partsAround(t, words.confirmText, 'address', values);
  const [middle, after] = rest.split('\u2064');
  return (
    <>
      {before}
      <bdi className="font-bold text-zinc-100" translate="no">{`${siteHost()}/${asking}`}</bdi>
      {middle}
      <bdi translate="no">{`${siteHost()}/${current}`}</bdi>
      {after}
    </>
  );
}
