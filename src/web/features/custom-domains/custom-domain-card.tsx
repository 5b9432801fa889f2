import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Globe } from 'lucide-react';
import { useState } from 'react';
import { type CustomDomainState, type DomainStatus, customDomainMessages, domainRequestSchema } from '#shared/custom-domains.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { domainCall, queryKey } from './domain-requests.ts';
import { copyWithToast } from '#web/lib/clipboard.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { PlanLockNote } from '#web/features/purchases/plan-lock-note.tsx';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';

const STATUS_TEXT: Record<DomainStatus, { label: string; tone: string }> = {
  pending: { label: 'Waiting for DNS', tone: 'border-amber-400/40 bg-amber-400/10 text-amber-200' },
  verified: { label: 'Verified', tone: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200' },
  lost: { label: 'Record missing', tone: 'border-red-400/40 bg-red-400/10 text-red-200' },
};

/**
 * Account → Custom domain (issue 33 §3): name a domain, see the two DNS records
 * to create, check them, and remove the domain after a confirmation. The site
 * re-checks the TXT record every day; a domain whose record is gone stops being served.
 */
export function CustomDomainCard() {
  const features = useSiteFeatures();
  const client = useQueryClient();
  const state = useQuery({ queryKey, queryFn: () => domainCall('GET', '/api/me/domain'), enabled: features?.customDomains === true });
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** A new name waiting for its confirmation: it would replace a verified domain. */
  const [replacing, setReplacing] = useState<string | null>(null);
  const done = (next: CustomDomainState) => client.setQueryData(queryKey, next);
  // Every refusal is said once, above the card's controls.
  const target = { form: { showFailure: setError }, onSuccess: done };

  const save = useApiMutation({
    mutationFn: (domain: string) => domainCall('PUT', '/api/me/domain', { domain }),
    failure: 'The domain could not be saved. Please try again.',
  });
  const check = useApiMutation({
    mutationFn: () => domainCall('POST', '/api/me/domain/check'),
    failure: customDomainMessages.lookupFailed,
    success: (next) => (next.domain?.status === 'verified' ? customDomainMessages.verified(next.domain.domain) : undefined),
  });
  const remove = useApiMutation({
    mutationFn: () => domainCall('DELETE', '/api/me/domain'),
    failure: 'The domain could not be removed. Please try again.',
    success: 'Domain removed',
  });

  if (!features?.customDomains) return null;
  const current = state.data?.domain ?? null;

  const saveDomain = (domain: string) => {
    setError(null);
    return save.run(domain, {
      ...target,
      onSuccess: (next) => {
        done(next);
        setEditing(false);
      },
    });
  };

  const runCheck = () => {
    setError(null);
    return check.run(undefined, target);
  };

  return (
    <Card className="lg:col-span-2" data-testid="custom-domain-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Globe className="size-5 text-primary-text" aria-hidden="true" /> Custom domain
      </h2>
      <p className="mt-1 text-sm text-muted">
        Serve your page at your own address, such as links.example.org, with HTTPS. Your page keeps its address on this site too.
      </p>
      {state.isPending ? (
        <LoadingState label="Loading your domain" />
      ) : state.isError ? (
        <LoadError title="Your domain could not be loaded." onRetry={() => void state.refetch()} />
      ) : !state.data.allowed && !current ? (
        <PlanLockNote className="mt-4" note={customDomainMessages.notAllowed} />
      ) : (
        <div className="mt-5 space-y-5">
          <FormError message={error} />
          {!state.data.allowed && <PlanLockNote note="Your plan no longer includes a custom domain: it is kept, but not served." />}
          {current && !editing ? (
            <>
              <div className="flex flex-wrap items-center gap-3">
                <span className="break-all font-mono text-base font-semibold">{current.domain}</span>
                <span className={cn('rounded-full border px-2.5 py-0.5 text-xs font-semibold', STATUS_TEXT[current.status].tone)}>
                  {STATUS_TEXT[current.status].label}
                </span>
                {current.served && (
                  <a
                    href={`https://${current.domain}/`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-sm font-semibold text-primary-text hover:underline"
                  >
                    Open
                  </a>
                )}
              </div>
              {current.status !== 'verified' && (
                <p className="text-sm text-zinc-300">
                  {current.status === 'lost'
                    ? 'The TXT record was not found at the last daily check, so your page is no longer served there. Put it back, then check again.'
                    : 'Create these two records at your DNS provider, then press Check.'}
                </p>
              )}
              <DnsRecords state={current} />
              {features?.outbound === false && <p className="text-sm text-amber-200">{customDomainMessages.lookupsOff}</p>}
              {current.lastError && current.status !== 'verified' && <p className="text-sm text-amber-200">{current.lastError}</p>}
              <p className="text-xs text-muted">
                {current.checkedAt ? `Last checked ${formatDateTime(current.checkedAt)}. ` : ''}
                {current.status === 'verified' ? 'Checked again every day: keep the TXT record in place.' : ''}
              </p>
              <div className="flex flex-wrap justify-end gap-3">
                <Button variant="ghost" onClick={() => setConfirming(true)}>
                  Remove
                </Button>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  Change domain
                </Button>
                <Button onClick={() => void runCheck()} disabled={check.isPending}>
                  {check.isPending ? 'Checking...' : 'Check now'}
                </Button>
              </div>
            </>
          ) : (
            <DomainForm
              initial={current?.domain ?? ''}
              pending={save.isPending}
              onCancel={current ? () => setEditing(false) : undefined}
              onSubmit={async (domain) => {
                // Replacing a verified domain cannot be undone: adding it back needs a new TXT record.
                if (current?.status === 'verified' && domain !== current.domain) setReplacing(domain);
                else await saveDomain(domain);
              }}
              onInvalid={setError}
            />
          )}
          <ConfirmDialog
            title={`Replace ${current?.domain ?? 'the domain'}?`}
            description={`${replacing ?? 'The new domain'} replaces it, and needs verifying. Your page stops being served at ${current?.domain ?? 'the old domain'} at once; using it again later means verifying it anew, with a new TXT record.`}
            confirmLabel="Replace domain"
            pendingLabel="Replacing..."
            pending={save.isPending}
            open={replacing !== null}
            onOpenChange={(open) => !open && setReplacing(null)}
            onConfirm={() => {
              const domain = replacing;
              setReplacing(null);
              if (domain) void saveDomain(domain);
            }}
          />
          <ConfirmDialog
            title={`Remove ${current?.domain ?? 'the domain'}?`}
            description={
              current?.served
                ? `Your page stops being served at ${current.domain} at once; its address on this site stays. To use the domain again, you would add it and verify it anew.`
                : 'The domain is forgotten. Your page keeps its address on this site.'
            }
            confirmLabel="Remove domain"
            pendingLabel="Removing..."
            pending={remove.isPending}
            open={confirming}
            onOpenChange={setConfirming}
            onConfirm={() => void remove.run(undefined, target).then(() => setConfirming(false))}
          />
        </div>
      )}
    </Card>
  );
}

function DomainForm({
  initial,
  pending,
  onSubmit,
  onCancel,
  onInvalid,
}: {
  initial: string;
  pending: boolean;
  onSubmit: (domain: string) => Promise<unknown>;
  onCancel?: () => void;
  onInvalid: (message: string) => void;
}) {
  const form = useSchemaForm(domainRequestSchema, { defaultValues: { domain: initial } });
  const submit = form.handleSubmit(
    ({ domain }) => onSubmit(domain),
    (errors) => onInvalid(Object.values(errors)[0]?.message ?? customDomainMessages.lookupFailed),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Custom domain" className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64 space-y-2">
        <Label htmlFor="custom-domain">Domain</Label>
        <Input
          id="custom-domain"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="links.example.org"
          {...form.field('domain')}
        />
      </div>
      {onCancel && (
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Add domain'}
      </Button>
    </form>
  );
}

/** The two records to create: where the name points, and the proof that it is the creator's. */
function DnsRecords({ state }: { state: NonNullable<CustomDomainState['domain']> }) {
  const rows = [
    { type: 'CNAME', name: state.domain, value: state.target, note: 'or an A record to this site’s address' },
    { type: 'TXT', name: state.record.name, value: state.record.value, note: 'proves the domain is yours' },
  ];
  return (
    <div className="overflow-hidden rounded-xl border border-border">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">DNS records for {state.domain}</caption>
        <thead className="bg-surface-raised/60 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Type
            </th>
            <th scope="col" className="px-3 py-2">
              Name and value
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.type}>
              <td className="px-3 py-3 align-top font-mono font-semibold">{row.type}</td>
              <td className="space-y-1 px-3 py-3">
                <div className="break-all font-mono text-zinc-200">{row.name}</div>
                <div className="flex items-start gap-2">
                  <span className="min-w-0 flex-1 break-all font-mono text-primary-text">{row.value}</span>
                  <button
                    type="button"
                    className="shrink-0 rounded-md p-1 text-muted hover:bg-surface-raised hover:text-zinc-100"
                    aria-label={`Copy the ${row.type} record's value`}
                    onClick={() =>
                      void copyWithToast(row.value, 'Copied', { message: 'Copy failed: select the value and copy it by hand.' })
                    }
                  >
                    <Copy className="size-4" aria-hidden="true" />
                  </button>
                </div>
                <div className="text-xs text-muted">{row.note}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
