import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { type Passkey, passkeyNameFormSchema } from '#shared/passkeys.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './use-account.ts';
import { timeAgo } from '#web/lib/dates.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  iPhone: /*i18n*/ { id: 'app.passkeys.iPhone', message: 'iPhone or iPad' },
  android: /*i18n*/ { id: 'app.passkeys.android', message: 'Android phone' },
  windows: /*i18n*/ { id: 'app.passkeys.windows', message: 'Windows computer' },
  thisDevice: /*i18n*/ { id: 'app.passkeys.thisDevice', message: 'This device' },
  title: /*i18n*/ { id: 'app.passkeys.title', message: 'Passkeys' },
  text: /*i18n*/ {
    id: 'app.passkeys.text',
    message: 'Sign in with your fingerprint, face or device PIN instead of a password. A passkey also stands in for the app’s code.',
  },
  add: /*i18n*/ { id: 'app.passkeys.add', message: 'Add a passkey' },
  loading: /*i18n*/ { id: 'app.passkeys.loading', message: 'Loading passkeys...' },
  failed: /*i18n*/ { id: 'app.passkeys.failed', message: 'Your passkeys could not be loaded.' },
  none: /*i18n*/ { id: 'app.passkeys.none', message: 'No passkeys yet.' },
  name: /*i18n*/ { id: 'app.passkeys.name', message: 'Name' },
  namePlaceholder: /*i18n*/ { id: 'app.passkeys.namePlaceholder', message: 'Work laptop' },
  nameHint: /*i18n*/ { id: 'app.passkeys.nameHint', message: 'Your browser asks next: choose where to keep the passkey.' },
  cancel: /*i18n*/ { id: 'app.passkeys.cancel', message: 'Cancel' },
  waiting: /*i18n*/ { id: 'app.passkeys.waiting', message: 'Waiting for your device...' },
  continue: /*i18n*/ { id: 'app.passkeys.continue', message: 'Continue' },
  added: /*i18n*/ { id: 'app.passkeys.added', message: 'Added {day}' },
  lastUsed: /*i18n*/ { id: 'app.passkeys.lastUsed', message: 'last used {when}' },
  notUsed: /*i18n*/ { id: 'app.passkeys.notUsed', message: 'not used yet' },
  removeName: /*i18n*/ { id: 'app.passkeys.removeName', message: 'Remove {name}' },
  remove: /*i18n*/ { id: 'app.passkeys.remove', message: 'Remove' },
  removeTitle: /*i18n*/ { id: 'app.passkeys.removeTitle', message: 'Remove “{name}”?' },
  removeText: /*i18n*/ {
    id: 'app.passkeys.removeText',
    message: 'It no longer signs you in. The passkey stays in your device or password manager until you delete it there.',
  },
  removePasskey: /*i18n*/ { id: 'app.passkeys.removePasskey', message: 'Remove passkey' },
  removing: /*i18n*/ { id: 'app.passkeys.removing', message: 'Removing...' },
} as const;

/** A guess at what to call a new passkey: the kind of device it is made on. */
function deviceName(t: Translate): string {
  const agent = navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return t(words.iPhone);
  if (/Android/.test(agent)) return t(words.android);
  if (/Mac OS X/.test(agent)) return 'Mac';
  if (/Windows/.test(agent)) return t(words.windows);
  return t(words.thisDevice);
}

/** Passkeys (issue 29): added and named here, listed with their last use, removed after asking. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const t = useAppWords();
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Fingerprint className="size-5 text-primary-text" aria-hidden="true" /> {t(words.title)}
          </h2>
          <p className="mt-1 text-sm text-muted">{t(words.text)}</p>
        </div>
        {!adding && (
          <Button variant="outline" onClick={() => setAdding(true)}>
            {t(words.add)}
          </Button>
        )}
      </div>
      {adding && <AddPasskeyForm onDone={() => setAdding(false)} />}
      {passkeys.isPending && <LoadingState label={t(words.loading)} />}
      {passkeys.isError && <LoadError title={t(words.failed)} onRetry={() => void passkeys.refetch()} />}
      {passkeys.data &&
        (passkeys.data.length === 0 ? (
          !adding && <p className="mt-5 text-sm text-muted">{t(words.none)}</p>
        ) : (
          <ul className="mt-5 divide-y divide-border" aria-label={t(words.title)}>
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        ))}
    </Card>
  );
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  const t = useAppWords();
  const form = useSchemaForm(passkeyNameFormSchema, { defaultValues: { name: deviceName(t) } });
  const submit = form.handleSubmit(({ name }) => add.run(name, { form, onSuccess: onDone }));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(words.add)}
      className="mt-5 space-y-3 rounded-xl border border-border/70 p-4"
    >
      <FormError message={form.error} />
      <div className="space-y-2">
        <Label htmlFor="passkey-name">{t(words.name)}</Label>
        <Input id="passkey-name" placeholder={t(words.namePlaceholder)} {...form.field('name')} />
        <p className="text-xs text-muted">{t(words.nameHint)}</p>
      </div>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone} disabled={add.isPending}>
          {t(words.cancel)}
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {t(add.isPending ? words.waiting : words.continue)}
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const t = useAppWords();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium" dir="auto" translate="no">
          {passkey.name}
        </p>
        <p className="text-xs text-muted">
          {t(words.added, { day: formatDay(passkey.createdAt) })} ·{' '}
          {passkey.lastUsedAt ? t(words.lastUsed, { when: timeAgo(passkey.lastUsedAt, now) }) : t(words.notUsed)}
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        trigger={
          <Button variant="ghost" size="sm" className="text-red-300" aria-label={t(words.removeName, { name: passkey.name })}>
            {t(words.remove)}
          </Button>
        }
        title={t(words.removeTitle, { name: passkey.name })}
        description={t(words.removeText)}
        confirmLabel={t(words.removePasskey)}
        pendingLabel={t(words.removing)}
        pending={remove.isPending}
        onConfirm={() => void remove.run(passkey.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
