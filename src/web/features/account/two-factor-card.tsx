import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { type TotpSetup, confirmTotpSchema, newRecoveryCodesSchema, turnOffTotpSchema } from '#shared/two-factor.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { copyWithToast } from '#web/lib/clipboard.ts';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { useConfirmTotp, useNewRecoveryCodes, useStartTotp, useTurnOffTotp, useTwoFactorStatus } from './use-account.ts';

/**
 * Two-factor sign-in (issue 29): an authenticator app set up with a QR code
 * and confirmed with a first code; ten recovery codes shown once; turned off
 * with the password and a code.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'off' | 'codes' | null>(null);
  const start = useStartTotp();

  const begin = () => start.run(undefined, { onSuccess: setSetup });

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 text-primary-text" aria-hidden="true" /> Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-muted">
        After your password, ask for a code from an authenticator app on your phone (1Password, Aegis, Google Authenticator…): a stolen
        password alone no longer opens your account.
      </p>
      {status.isPending && <LoadingState label="Loading..." />}
      {status.isError && <LoadError title="Could not load your sign-in settings." onRetry={() => void status.refetch()} />}
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <TotpSetupPanel
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={(made) => {
            setSetup(null);
            setCodes(made);
          }}
        />
      ) : (
        status.data &&
        (status.data.totp ? (
          <div className="mt-5 space-y-4">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 font-semibold text-emerald-200">On</span>
              <span className="text-muted">
                Authenticator app · {status.data.recoveryCodesLeft} of 10 recovery codes left
                {status.data.recoveryCodesLeft <= 3 ? ': make new ones soon' : ''}
              </span>
            </p>
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setDialog('codes')}>
                New recovery codes
              </Button>
              <Button variant="ghost" onClick={() => setDialog('off')}>
                Turn off
              </Button>
            </div>
          </div>
        ) : (
          <Button className="mt-5" disabled={start.isPending} onClick={() => void begin()}>
            {start.isPending ? 'Starting...' : 'Set up authenticator app'}
          </Button>
        ))
      )}
      {dialog === 'off' && <TurnOffDialog onClose={() => setDialog(null)} />}
      {dialog === 'codes' && (
        <NewCodesDialog
          onClose={() => setDialog(null)}
          onMade={(made) => {
            setDialog(null);
            setCodes(made);
          }}
        />
      )}
    </Card>
  );
}

/** Scan, or type the key; then a first code confirms it. */
function TotpSetupPanel({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmTotp();
  const form = useSchemaForm(confirmTotpSchema);
  const grouped = setup.secret.match(/.{1,4}/g)!.join(' ');
  const submit = form.handleSubmit(({ code }) => confirm.run(code, { form, onSuccess: onConfirmed }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Set up authenticator app" className="mt-5 space-y-4">
      <ol className="space-y-4 text-sm text-zinc-200">
        <li className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code to scan with your authenticator app"
            width={160}
            height={160}
            className="size-40 shrink-0 rounded-lg bg-white p-1"
          />
          <div className="min-w-0 space-y-2">
            <p>
              <strong>1.</strong> Scan the code with your authenticator app.
            </p>
            <p className="text-muted">Can’t scan? Enter this key in the app (time-based, 6 digits):</p>
            <p className="break-words rounded-lg border border-border/70 bg-surface px-3 py-2 font-mono text-sm">{grouped}</p>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() =>
                void copyWithToast(setup.secret, 'Key copied', { message: 'Copy failed: select the key and copy it by hand.' })
              }
            >
              Copy key
            </Button>
          </div>
        </li>
        <li className="space-y-2">
          <p>
            <strong>2.</strong> Enter the 6-digit code the app shows.
          </p>
          <FormError message={form.error} />
          <Label htmlFor="totp-code" className="sr-only">
            Code from the app
          </Label>
          <Input
            id="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123 456"
            className="max-w-48 text-center font-mono text-lg tracking-widest"
            {...form.field('code')}
            aria-invalid={form.error ? true : undefined}
          />
        </li>
      </ol>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on'}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, this once: the server keeps only their hashes. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Linkverse recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const anchor = Object.assign(document.createElement('a'), { href: url, download: 'linkverse-recovery-codes.txt' });
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <div className="mt-5 space-y-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4" role="status">
      <p className="text-sm font-semibold text-amber-100">
        Save these recovery codes now: they will not be shown again. Each signs you in once if you lose your phone.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-zinc-100" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-black/30 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          type="button"
          variant="ghost"
          onClick={() => void copyWithToast(text, 'Codes copied', { message: 'Copy failed: download them instead.' })}
        >
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download .txt
        </Button>
        <Button type="button" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const turnOff = useTurnOffTotp();
  const form = useSchemaForm(turnOffTotpSchema);
  const submit = form.handleSubmit((input) => turnOff.run(input, { form, onSuccess: onClose }));
  return (
    <FormDialog
      title="Turn off two-factor sign-in?"
      description={<p>Sign-in will ask for your password alone, and your recovery codes stop working.</p>}
      submitLabel="Turn off"
      pendingLabel="Turning off..."
      danger
      pending={turnOff.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <div className="space-y-2">
        <Label htmlFor="off-code">Code from the app</Label>
        <Input id="off-code" inputMode="numeric" autoComplete="one-time-code" placeholder="123 456" {...form.field('code')} />
      </div>
    </FormDialog>
  );
}

function NewCodesDialog({ onClose, onMade }: { onClose: () => void; onMade: (codes: string[]) => void }) {
  const make = useNewRecoveryCodes();
  const form = useSchemaForm(newRecoveryCodesSchema);
  const submit = form.handleSubmit(({ password }) => make.run(password, { form, onSuccess: onMade }));
  return (
    <FormDialog
      title="Make new recovery codes?"
      description={<p>Ten new codes replace the ones you have: the old ones stop working at once.</p>}
      submitLabel="Make new codes"
      pendingLabel="Making..."
      pending={make.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
    </FormDialog>
  );
}
