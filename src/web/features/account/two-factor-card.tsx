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
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.twoFactor.title', message: 'Two-factor sign-in' },
  text: /*i18n*/ {
    id: 'app.twoFactor.text',
    message:
      'After your password, ask for a code from an authenticator app on your phone (1Password, Aegis, Google Authenticator…): a stolen password alone no longer opens your account.',
  },
  loading: /*i18n*/ { id: 'app.twoFactor.loading', message: 'Loading...' },
  failed: /*i18n*/ { id: 'app.twoFactor.failed', message: 'Could not load your sign-in settings.' },
  on: /*i18n*/ { id: 'app.twoFactor.on', message: 'On' },
  codesLeft: /*i18n*/ { id: 'app.twoFactor.codesLeft', message: 'Authenticator app · {left} of 10 recovery codes left' },
  codesLeftFew: /*i18n*/ {
    id: 'app.twoFactor.codesLeftFew',
    message: 'Authenticator app · {left} of 10 recovery codes left: make new ones soon',
  },
  newCodes: /*i18n*/ { id: 'app.twoFactor.newCodes', message: 'New recovery codes' },
  turnOff: /*i18n*/ { id: 'app.twoFactor.turnOff', message: 'Turn off' },
  starting: /*i18n*/ { id: 'app.twoFactor.starting', message: 'Starting...' },
  setUp: /*i18n*/ { id: 'app.twoFactor.setUp', message: 'Set up authenticator app' },
  qrAlt: /*i18n*/ { id: 'app.twoFactor.qrAlt', message: 'QR code to scan with your authenticator app' },
  scan: /*i18n*/ { id: 'app.twoFactor.scan', message: 'Scan the code with your authenticator app.' },
  cantScan: /*i18n*/ { id: 'app.twoFactor.cantScan', message: 'Can’t scan? Enter this key in the app (time-based, 6 digits):' },
  keyCopied: /*i18n*/ { id: 'app.twoFactor.keyCopied', message: 'Key copied' },
  keyCopyFailed: /*i18n*/ { id: 'app.twoFactor.keyCopyFailed', message: 'Copy failed: select the key and copy it by hand.' },
  copyKey: /*i18n*/ { id: 'app.twoFactor.copyKey', message: 'Copy key' },
  enterCode: /*i18n*/ { id: 'app.twoFactor.enterCode', message: 'Enter the 6-digit code the app shows.' },
  codeFromApp: /*i18n*/ { id: 'app.twoFactor.codeFromApp', message: 'Code from the app' },
  cancel: /*i18n*/ { id: 'app.twoFactor.cancel', message: 'Cancel' },
  checking: /*i18n*/ { id: 'app.twoFactor.checking', message: 'Checking...' },
  turnOn: /*i18n*/ { id: 'app.twoFactor.turnOn', message: 'Turn on' },
  codesFileTitle: /*i18n*/ { id: 'app.twoFactor.codesFileTitle', message: 'Linkverse recovery codes (each works once)' },
  saveCodes: /*i18n*/ {
    id: 'app.twoFactor.saveCodes',
    message: 'Save these recovery codes now: they will not be shown again. Each signs you in once if you lose your phone.',
  },
  codes: /*i18n*/ { id: 'app.twoFactor.codes', message: 'Recovery codes' },
  codesCopied: /*i18n*/ { id: 'app.twoFactor.codesCopied', message: 'Codes copied' },
  codesCopyFailed: /*i18n*/ { id: 'app.twoFactor.codesCopyFailed', message: 'Copy failed: download them instead.' },
  copy: /*i18n*/ { id: 'app.twoFactor.copy', message: 'Copy' },
  download: /*i18n*/ { id: 'app.twoFactor.download', message: 'Download .txt' },
  saved: /*i18n*/ { id: 'app.twoFactor.saved', message: 'I saved them' },
  turnOffTitle: /*i18n*/ { id: 'app.twoFactor.turnOffTitle', message: 'Turn off two-factor sign-in?' },
  turnOffText: /*i18n*/ {
    id: 'app.twoFactor.turnOffText',
    message: 'Sign-in will ask for your password alone, and your recovery codes stop working.',
  },
  turningOff: /*i18n*/ { id: 'app.twoFactor.turningOff', message: 'Turning off...' },
  password: /*i18n*/ { id: 'app.twoFactor.password', message: 'Password' },
  newCodesTitle: /*i18n*/ { id: 'app.twoFactor.newCodesTitle', message: 'Make new recovery codes?' },
  newCodesText: /*i18n*/ {
    id: 'app.twoFactor.newCodesText',
    message: 'Ten new codes replace the ones you have: the old ones stop working at once.',
  },
  makeCodes: /*i18n*/ { id: 'app.twoFactor.makeCodes', message: 'Make new codes' },
  making: /*i18n*/ { id: 'app.twoFactor.making', message: 'Making...' },
} as const;

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
  const t = useAppWords();

  const begin = () => start.run(undefined, { onSuccess: setSetup });

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 text-primary-text" aria-hidden="true" /> {t(words.title)}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(words.text)}</p>
      {status.isPending && <LoadingState label={t(words.loading)} />}
      {status.isError && <LoadError title={t(words.failed)} onRetry={() => void status.refetch()} />}
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
              <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 font-semibold text-emerald-200">{t(words.on)}</span>
              <span className="text-muted">
                {t(status.data.recoveryCodesLeft <= 3 ? words.codesLeftFew : words.codesLeft, { left: status.data.recoveryCodesLeft })}
              </span>
            </p>
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setDialog('codes')}>
                {t(words.newCodes)}
              </Button>
              <Button variant="ghost" onClick={() => setDialog('off')}>
                {t(words.turnOff)}
              </Button>
            </div>
          </div>
        ) : (
          <Button className="mt-5" disabled={start.isPending} onClick={() => void begin()}>
            {t(start.isPending ? words.starting : words.setUp)}
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
  const t = useAppWords();

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(words.setUp)} className="mt-5 space-y-4">
      <ol className="space-y-4 text-sm text-zinc-200">
        <li className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t(words.qrAlt)}
            width={160}
            height={160}
            className="size-40 shrink-0 rounded-lg bg-white p-1"
          />
          <div className="min-w-0 space-y-2">
            <p>
              <strong>1.</strong> {t(words.scan)}
            </p>
            <p className="text-muted">{t(words.cantScan)}</p>
            <p className="break-words rounded-lg border border-border/70 bg-surface px-3 py-2 font-mono text-sm" dir="ltr" translate="no">
              {grouped}
            </p>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => void copyWithToast(setup.secret, t(words.keyCopied), { message: t(words.keyCopyFailed) })}
            >
              {t(words.copyKey)}
            </Button>
          </div>
        </li>
        <li className="space-y-2">
          <p>
            <strong>2.</strong> {t(words.enterCode)}
          </p>
          <FormError message={form.error} />
          <Label htmlFor="totp-code" className="sr-only">
            {t(words.codeFromApp)}
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
          {t(words.cancel)}
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {t(confirm.isPending ? words.checking : words.turnOn)}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, this once: the server keeps only their hashes. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useAppWords();
  const text = `${t(words.codesFileTitle)}\n\n${codes.join('\n')}\n`;
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
      <p className="text-sm font-semibold text-amber-100">{t(words.saveCodes)}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-zinc-100" aria-label={t(words.codes)} dir="ltr" translate="no">
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
          onClick={() => void copyWithToast(text, t(words.codesCopied), { message: t(words.codesCopyFailed) })}
        >
          {t(words.copy)}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          {t(words.download)}
        </Button>
        <Button type="button" onClick={onDone}>
          {t(words.saved)}
        </Button>
      </div>
    </div>
  );
}

function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const turnOff = useTurnOffTotp();
  const form = useSchemaForm(turnOffTotpSchema);
  const submit = form.handleSubmit((input) => turnOff.run(input, { form, onSuccess: onClose }));
  const t = useAppWords();
  return (
    <FormDialog
      title={t(words.turnOffTitle)}
      description={<p>{t(words.turnOffText)}</p>}
      submitLabel={t(words.turnOff)}
      pendingLabel={t(words.turningOff)}
      danger
      pending={turnOff.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label={t(words.password)} autoComplete="current-password" {...form.field('password')} />
      <div className="space-y-2">
        <Label htmlFor="off-code">{t(words.codeFromApp)}</Label>
        <Input id="off-code" inputMode="numeric" autoComplete="one-time-code" placeholder="123 456" {...form.field('code')} />
      </div>
    </FormDialog>
  );
}

function NewCodesDialog({ onClose, onMade }: { onClose: () => void; onMade: (codes: string[]) => void }) {
  const make = useNewRecoveryCodes();
  const form = useSchemaForm(newRecoveryCodesSchema);
  const submit = form.handleSubmit(({ password }) => make.run(password, { form, onSuccess: onMade }));
  const t = useAppWords();
  return (
    <FormDialog
      title={t(words.newCodesTitle)}
      description={<p>{t(words.newCodesText)}</p>}
      submitLabel={t(words.makeCodes)}
      pendingLabel={t(words.making)}
      pending={make.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label={t(words.password)} autoComplete="current-password" {...form.field('password')} />
    </FormDialog>
  );
}
