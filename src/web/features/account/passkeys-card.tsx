import { Fingerprint } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { PASSKEY_NAME_MAX_LENGTH, type Passkey, passkeyMessages } from '#shared/passkeys.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './use-account.ts';
import { timeAgo } from '#web/lib/dates.ts';

/** What the browser's refusal means to the person who pressed the button. */
function failureOf(caught: unknown): string {
  if (caught instanceof ApiError && caught.status > 0) return caught.message;
  const { name, code } = (caught ?? {}) as { name?: string; code?: string };
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') return passkeyMessages.cancelled;
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already holds a passkey for your account.';
  }
  return passkeyMessages.unsupported;
}

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
  const [name, setName] = useState(deviceName);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(passkeyMessages.nameMissing);
    if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return setError(passkeyMessages.nameTooLong);
    setError(null);
    try {
      await add.mutateAsync(trimmed);
      toast.success(passkeyMessages.added);
      onDone();
    } catch (caught) {
      setError(failureOf(caught));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add a passkey"
      className="mt-5 space-y-3 rounded-xl border border-border/70 p-4"
    >
      <FormError message={error} />
      <div className="space-y-2">
        <Label htmlFor="passkey-name">Name</Label>
        <Input id="passkey-name" value={name} onChange={(event) => setName(event.target.value)} placeholder="Work laptop" />
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
        onConfirm={() =>
          remove.mutate(passkey.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(passkeyMessages.removed);
            },
            onError: (caught) => toast.error(failureOf(caught)),
          })
        }
      />
    </li>
  );
}
