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

/** A guess at what to call a new passkey: the kind of device it is made on. */
function deviceName(): string {
  const agent = navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return 'iPhone or iPad';
  if (/Android/.test(agent)) return 'Android phone';
  if (/Mac OS X/.test(agent)) return 'Mac';
  if (/Windows/.test(agent)) return 'Windows computer';
  return 'This device';
}

/** Passkeys (issue 29): added and named here, listed with their last use, removed after asking. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Fingerprint className="size-5 text-primary-text" aria-hidden="true" /> Passkeys
          </h2>
          <p className="mt-1 text-sm text-muted">
            Sign in with your fingerprint, face or device PIN instead of a password. A passkey also stands in for the app’s code.
          </p>
        </div>
        {!adding && (
          <Button variant="outline" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )}
      </div>
      {adding && <AddPasskeyForm onDone={() => setAdding(false)} />}
      {passkeys.isPending && <LoadingState label="Loading passkeys..." />}
      {passkeys.isError && <LoadError title="Your passkeys could not be loaded." onRetry={() => void passkeys.refetch()} />}
      {passkeys.data &&
        (passkeys.data.length === 0 ? (
          !adding && <p className="mt-5 text-sm text-muted">No passkeys yet.</p>
        ) : (
          <ul className="mt-5 divide-y divide-border" aria-label="Passkeys">
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
  const form = useSchemaForm(passkeyNameFormSchema, { defaultValues: { name: deviceName() } });
  const submit = form.handleSubmit(({ name }) => add.run(name, { form, onSuccess: onDone }));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add a passkey"
      className="mt-5 space-y-3 rounded-xl border border-border/70 p-4"
    >
      <FormError message={form.error} />
      <div className="space-y-2">
        <Label htmlFor="passkey-name">Name</Label>
        <Input id="passkey-name" placeholder="Work laptop" {...form.field('name')} />
        <p className="text-xs text-muted">Your browser asks next: choose where to keep the passkey.</p>
      </div>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium">{passkey.name}</p>
        <p className="text-xs text-muted">
          Added {formatDay(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${timeAgo(passkey.lastUsedAt, now)}` : 'not used yet'}
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        trigger={
          <Button variant="ghost" size="sm" className="text-red-300" aria-label={`Remove ${passkey.name}`}>
            Remove
          </Button>
        }
        title={`Remove “${passkey.name}”?`}
        description="It no longer signs you in. The passkey stays in your device or password manager until you delete it there."
        confirmLabel="Remove passkey"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => void remove.run(passkey.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
