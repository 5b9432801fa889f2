import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import { copyWithToast } from '#web/lib/clipboard.ts';
import {
  type ApiToken,
  type CreatedApiToken,
  TOKEN_EXPIRY_DAYS,
  TOKEN_NAME_MAX_LENGTH,
  TOKEN_SCOPES,
  TOKEN_SCOPE_ACTIONS,
  createApiTokenSchema,
} from '#shared/api-tokens.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label, Select } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './use-account.ts';
import { timeAgo } from '#web/lib/dates.ts';

/**
 * Personal API tokens (issue 32): made here with a name, scopes and an expiry,
 * shown once, listed with their last use, revoked after a confirmation.
 */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  return (
    <Card className="lg:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <KeySquare className="size-5 text-primary-text" aria-hidden="true" /> API tokens
          </h2>
          <p className="mt-1 text-sm text-muted">
            Let your own scripts manage your links, profile and look, or read your analytics, through the{' '}
            <a href="/api/docs" className="font-semibold text-primary-text hover:underline">
              API
            </a>
            . A token acts as you within the scopes you give it; it can never change your password, email or tokens.
          </p>
        </div>
        {!creating && !created && (
          <Button variant="outline" onClick={() => setCreating(true)}>
            New token
          </Button>
        )}
      </div>
      {created && <NewTokenPanel token={created} onDone={() => setCreated(null)} />}
      {creating && (
        <NewTokenForm
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {tokens.isPending && <LoadingState label="Loading tokens..." />}
      {tokens.isError && <LoadError title="Your tokens could not be loaded." onRetry={() => void tokens.refetch()} />}
      {tokens.data &&
        (tokens.data.length === 0 ? (
          !creating && <p className="mt-5 text-sm text-muted">No tokens yet.</p>
        ) : (
          <ul className="mt-5 divide-y divide-border" aria-label="API tokens">
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        ))}
    </Card>
  );
}

function NewTokenForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (token: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const form = useSchemaForm(createApiTokenSchema, { defaultValues: { name: '', scopes: ['links:read'], expiresInDays: 90 } });
  const submit = form.handleSubmit((input) => create.run(input, { form, onSuccess: onCreated }));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="New API token"
      className="mt-5 space-y-4 rounded-xl border border-border/70 p-4"
    >
      <FormError message={form.error} />
      <div className="space-y-2">
        <Label htmlFor="token-name">Name</Label>
        <Input id="token-name" maxLength={TOKEN_NAME_MAX_LENGTH * 2} placeholder="Link sync script" autoFocus {...form.field('name')} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-200">What it may do</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-3 rounded-lg border border-border/70 px-3 py-2 text-sm text-zinc-200">
              <input
                type="checkbox"
                className="size-4 rounded border-border bg-surface accent-primary"
                value={scope}
                {...form.register('scopes')}
              />
              <span>
                {TOKEN_SCOPE_ACTIONS[scope].replace(/^./, (first) => first.toUpperCase())}
                <span className="block font-mono text-xs text-muted">{scope}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor="token-expiry" className="text-sm font-medium text-zinc-200">
          Expires
        </label>
        <Select
          id="token-expiry"
          {...form.register('expiresInDays', { setValueAs: (days: string) => (days === 'never' ? null : Number(days)) })}
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              In {days} days
            </option>
          ))}
          <option value="never">Never (until revoked)</option>
        </Select>
      </div>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Making...' : 'Make token'}
        </Button>
      </div>
    </form>
  );
}

/** The new token, this once: the server keeps only its hash. */
function NewTokenPanel({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const copy = () => copyWithToast(token.token, 'Token copied', { message: 'Copy failed: select the token and copy it by hand.' });
  return (
    <div className="mt-5 space-y-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4" role="status">
      <p className="text-sm font-semibold text-emerald-200">“{token.name}” is ready. Copy it now: it will not be shown again.</p>
      <Label htmlFor="new-token">Token</Label>
      <Input id="new-token" readOnly value={token.token} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
      <p className="text-xs text-muted">
        Send it as <code className="font-mono">Authorization: Bearer {'<token>'}</code>. Keep it secret: anyone holding it can do what its
        scopes allow.
      </p>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone}>
          Done
        </Button>
        <Button type="button" onClick={() => void copy()}>
          Copy token
        </Button>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;

  const confirm = () => revoke.run(token.id, { success: `Token “${token.name}” revoked`, onSuccess: () => setConfirming(false) });

  return (
    <li className="flex flex-wrap items-center gap-3 py-4" data-testid="token-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{token.name}</p>
        <p className="mt-0.5 font-mono text-xs text-muted">{token.scopes.join(' · ')}</p>
        <p className="mt-0.5 text-sm text-muted">
          {[
            `made ${timeAgo(token.createdAt)}`,
            token.lastUsedAt ? `last used ${timeAgo(token.lastUsedAt)}` : 'never used',
            token.expiresAt ? `${expired ? 'expired' : 'expires'} ${formatDateTime(token.expiresAt)}` : 'never expires',
          ].join(' · ')}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
            Revoke
          </Button>
        }
        title={`Revoke “${token.name}”?`}
        description="Every script using it stops working at once. This cannot be undone: a new token would have to be made and given to them."
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => void confirm()}
        open={confirming}
        onOpenChange={setConfirming}
      />
    </li>
  );
}
