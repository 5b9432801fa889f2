import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import { copyWithToast } from '#web/lib/clipboard.ts';
import {
  type ApiToken,
  type CreatedApiToken,
  TOKEN_EXPIRY_DAYS,
  TOKEN_NAME_MAX_LENGTH,
  TOKEN_SCOPES,
  type TokenScope,
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
import { partsAround, useAppWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.tokens.title', message: 'API tokens' },
  text: /*i18n*/ {
    id: 'app.tokens.text',
    message:
      'Let your own scripts manage your links, profile and look, or read your analytics, through the {api}. A token acts as you within the scopes you give it; it can never change your password, email or tokens.',
  },
  newToken: /*i18n*/ { id: 'app.tokens.newToken', message: 'New token' },
  loading: /*i18n*/ { id: 'app.tokens.loading', message: 'Loading tokens...' },
  failed: /*i18n*/ { id: 'app.tokens.failed', message: 'Your tokens could not be loaded.' },
  none: /*i18n*/ { id: 'app.tokens.none', message: 'No tokens yet.' },
  newApiToken: /*i18n*/ { id: 'app.tokens.newApiToken', message: 'New API token' },
  name: /*i18n*/ { id: 'app.tokens.name', message: 'Name' },
  namePlaceholder: /*i18n*/ { id: 'app.tokens.namePlaceholder', message: 'Link sync script' },
  mayDo: /*i18n*/ { id: 'app.tokens.mayDo', message: 'What it may do' },
  expires: /*i18n*/ { id: 'app.tokens.expires', message: 'Expires' },
  inDays: /*i18n*/ { id: 'app.tokens.inDays', message: 'In {days} days' },
  never: /*i18n*/ { id: 'app.tokens.never', message: 'Never (until revoked)' },
  cancel: /*i18n*/ { id: 'app.tokens.cancel', message: 'Cancel' },
  making: /*i18n*/ { id: 'app.tokens.making', message: 'Making...' },
  makeToken: /*i18n*/ { id: 'app.tokens.makeToken', message: 'Make token' },
  copied: /*i18n*/ { id: 'app.tokens.copied', message: 'Token copied' },
  copyFailed: /*i18n*/ { id: 'app.tokens.copyFailed', message: 'Copy failed: select the token and copy it by hand.' },
  ready: /*i18n*/ { id: 'app.tokens.ready', message: '“{name}” is ready. Copy it now: it will not be shown again.' },
  token: /*i18n*/ { id: 'app.tokens.token', message: 'Token' },
  sendAs: /*i18n*/ {
    id: 'app.tokens.sendAs',
    message: 'Send it as {header}. Keep it secret: anyone holding it can do what its scopes allow.',
  },
  done: /*i18n*/ { id: 'app.tokens.done', message: 'Done' },
  copyToken: /*i18n*/ { id: 'app.tokens.copyToken', message: 'Copy token' },
  revoked: /*i18n*/ { id: 'app.tokens.revoked', message: 'Token “{name}” revoked' },
  made: /*i18n*/ { id: 'app.tokens.made', message: 'made {when}' },
  lastUsed: /*i18n*/ { id: 'app.tokens.lastUsed', message: 'last used {when}' },
  neverUsed: /*i18n*/ { id: 'app.tokens.neverUsed', message: 'never used' },
  expired: /*i18n*/ { id: 'app.tokens.expired', message: 'expired {at}' },
  expiresAt: /*i18n*/ { id: 'app.tokens.expiresAt', message: 'expires {at}' },
  neverExpires: /*i18n*/ { id: 'app.tokens.neverExpires', message: 'never expires' },
  revokeName: /*i18n*/ { id: 'app.tokens.revokeName', message: 'Revoke {name}' },
  revoke: /*i18n*/ { id: 'app.tokens.revoke', message: 'Revoke' },
  revokeTitle: /*i18n*/ { id: 'app.tokens.revokeTitle', message: 'Revoke “{name}”?' },
  revokeText: /*i18n*/ {
    id: 'app.tokens.revokeText',
    message: 'Every script using it stops working at once. This cannot be undone: a new token would have to be made and given to them.',
  },
  revoking: /*i18n*/ { id: 'app.tokens.revoking', message: 'Revoking...' },
} as const;

/** What each scope lets a token do (TOKEN_SCOPE_ACTIONS), as the form offers it. */
const SCOPE_WORDS = {
  'links:read': /*i18n*/ { id: 'app.tokens.linksRead', message: 'Read links' },
  'links:write': /*i18n*/ { id: 'app.tokens.linksWrite', message: 'Change links' },
  'profile:read': /*i18n*/ { id: 'app.tokens.profileRead', message: 'Read the profile and its look' },
  'profile:write': /*i18n*/ { id: 'app.tokens.profileWrite', message: 'Change the profile and its look' },
  'analytics:read': /*i18n*/ { id: 'app.tokens.analyticsRead', message: 'Read analytics' },
} as const satisfies Record<TokenScope, object>;

/**
 * Personal API tokens (issue 32): made here with a name, scopes and an expiry,
 * shown once, listed with their last use, revoked after a confirmation.
 */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const t = useAppWords();
  const [before, after] = partsAround(t, words.text, 'api');

  return (
    <Card className="lg:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <KeySquare className="size-5 text-primary-text" aria-hidden="true" /> {t(words.title)}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {before}
            <a href="/api/docs" className="font-semibold text-primary-text hover:underline" translate="no">
              API
            </a>
            {after}
          </p>
        </div>
        {!creating && !created && (
          <Button variant="outline" onClick={() => setCreating(true)}>
            {t(words.newToken)}
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
      {tokens.isPending && <LoadingState label={t(words.loading)} />}
      {tokens.isError && <LoadError title={t(words.failed)} onRetry={() => void tokens.refetch()} />}
      {tokens.data &&
        (tokens.data.length === 0 ? (
          !creating && <p className="mt-5 text-sm text-muted">{t(words.none)}</p>
        ) : (
          <ul className="mt-5 divide-y divide-border" aria-label={t(words.title)}>
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
  const t = useAppWords();

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(words.newApiToken)}
      className="mt-5 space-y-4 rounded-xl border border-border/70 p-4"
    >
      <FormError message={form.error} />
      <div className="space-y-2">
        <Label htmlFor="token-name">{t(words.name)}</Label>
        <Input
          id="token-name"
          maxLength={TOKEN_NAME_MAX_LENGTH * 2}
          placeholder={t(words.namePlaceholder)}
          autoFocus
          {...form.field('name')}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-200">{t(words.mayDo)}</legend>
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
                {t(SCOPE_WORDS[scope])}
                <span className="block font-mono text-xs text-muted" dir="ltr" translate="no">
                  {scope}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor="token-expiry" className="text-sm font-medium text-zinc-200">
          {t(words.expires)}
        </label>
        <Select
          id="token-expiry"
          {...form.register('expiresInDays', { setValueAs: (days: string) => (days === 'never' ? null : Number(days)) })}
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t(words.inDays, { days })}
            </option>
          ))}
          <option value="never">{t(words.never)}</option>
        </Select>
      </div>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={create.isPending}>
          {t(words.cancel)}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {t(create.isPending ? words.making : words.makeToken)}
        </Button>
      </div>
    </form>
  );
}

/** The new token, this once: the server keeps only its hash. */
function NewTokenPanel({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const t = useAppWords();
  const copy = () => copyWithToast(token.token, t(words.copied), { message: t(words.copyFailed) });
  const [sendBefore, sendAfter] = partsAround(t, words.sendAs, 'header');
  return (
    <div className="mt-5 space-y-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4" role="status">
      <p className="text-sm font-semibold text-emerald-200">{t(words.ready, { name: token.name })}</p>
      <Label htmlFor="new-token">{t(words.token)}</Label>
      <Input
        id="new-token"
        readOnly
        value={token.token}
        className="font-mono"
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="text-xs text-muted">
        {sendBefore}
        <code className="font-mono" dir="ltr" translate="no">
          Authorization: Bearer {'<token>'}
        </code>
        {sendAfter}
      </p>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t(words.done)}
        </Button>
        <Button type="button" onClick={() => void copy()}>
          {t(words.copyToken)}
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

  const t = useAppWords();
  const confirm = () => revoke.run(token.id, { success: t(words.revoked, { name: token.name }), onSuccess: () => setConfirming(false) });

  return (
    <li className="flex flex-wrap items-center gap-3 py-4" data-testid="token-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium" dir="auto" translate="no">
          {token.name}
        </p>
        <p className="mt-0.5 font-mono text-xs text-muted" dir="ltr" translate="no">
          {token.scopes.join(' · ')}
        </p>
        <p className="mt-0.5 text-sm text-muted">
          {[
            t(words.made, { when: timeAgo(token.createdAt) }),
            token.lastUsedAt ? t(words.lastUsed, { when: timeAgo(token.lastUsedAt) }) : t(words.neverUsed),
            token.expiresAt ? t(expired ? words.expired : words.expiresAt, { at: formatDateTime(token.expiresAt) }) : t(words.neverExpires),
          ].join(' · ')}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={t(words.revokeName, { name: token.name })}>
            {t(words.revoke)}
          </Button>
        }
        title={t(words.revokeTitle, { name: token.name })}
        description={t(words.revokeText)}
        confirmLabel={t(words.revoke)}
        pendingLabel={t(words.revoking)}
        pending={revoke.isPending}
        onConfirm={() => void confirm()}
        open={confirming}
        onOpenChange={setConfirming}
      />
    </li>
  );
}
