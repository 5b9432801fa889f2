import { formatDay } from '#web/lib/dates.ts';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { deleteAccountSchema, exportRequestSchema } from '#shared/account.ts';
import { USERNAME_HOLD_DAYS } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { PasswordField } from '#web/components/ui/password-input.tsx';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { TypedUsernameField, typingUsername } from '#web/components/typed-username-field.tsx';
import { useDeleteAccount, useExportData } from './use-account.ts';

/** Taking everything away: the export, and deleting the account (issue 28). */
export function AccountDataCard({ user }: { user: CurrentUser }) {
  const [dialog, setDialog] = useState<'export' | 'delete' | null>(null);
  const graceDays = useSiteFeatures()?.accountDeletionGraceDays ?? 30;
  return (
    <Card className="lg:col-span-2">
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="flex-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Download className="size-5 text-primary-text" aria-hidden="true" /> Export my data
          </h2>
          <p className="mt-1 text-sm text-muted">
            One zip with your profile, every link and block, your page’s look, the files you uploaded, your daily analytics, and your
            sign-up list, as JSON and CSV.
          </p>
          <Button variant="outline" className="mt-4" onClick={() => setDialog('export')}>
            <Download /> Export my data
          </Button>
        </div>
        <div className="flex-1 rounded-xl border border-danger/40 bg-danger/5 p-4">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-red-200">
            <Trash2 className="size-5" aria-hidden="true" /> Delete my account
          </h2>
          <p className="mt-1 text-sm text-muted">
            Your page goes offline at once. After {graceDays} days your account, links, uploads and analytics are removed for good.
          </p>
          <Button variant="danger" className="mt-4" onClick={() => setDialog('delete')}>
            Delete my account
          </Button>
        </div>
      </div>
      {dialog === 'export' && <ExportDialog onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteAccountDialog user={user} graceDays={graceDays} onClose={() => setDialog(null)} />}
    </Card>
  );
}

function ExportDialog({ onClose }: { onClose: () => void }) {
  const exportData = useExportData();
  const form = useSchemaForm(exportRequestSchema);
  const submit = form.handleSubmit(({ password }) => exportData.run(password, { form, onSuccess: onClose }));
  return (
    <FormDialog
      title="Export my data"
      description={<p>Enter your password to download everything your account holds, as one zip file.</p>}
      submitLabel="Download zip"
      pendingLabel="Preparing..."
      pending={exportData.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
    </FormDialog>
  );
}

function DeleteAccountDialog({ user, graceDays, onClose }: { user: CurrentUser; graceDays: number; onClose: () => void }) {
  const deleteAccount = useDeleteAccount();
  const [deleteAfter, setDeleteAfter] = useState<string | null>(null);
  const form = useSchemaForm(typingUsername(deleteAccountSchema, user.accountUsername));
  const submit = form.handleSubmit((input) =>
    deleteAccount.run(input, { form, onSuccess: (scheduled) => setDeleteAfter(scheduled.deleteAfter) }),
  );
  if (deleteAfter) {
    // Every session has ended: the only way on is out.
    return (
      <FormDialog
        title="Your account is scheduled for deletion"
        description={
          <>
            <p>Your page is offline now. On {formatDay(deleteAfter)} your account is removed for good.</p>
            <p>Changed your mind? Log in before then and keep it.</p>
          </>
        }
        submitLabel="Done"
        pendingLabel="Done"
        cancellable={false}
        pending={false}
        error={null}
        onSubmit={() => window.location.assign('/')}
        onClose={() => window.location.assign('/')}
      >
        {null}
      </FormDialog>
    );
  }
  return (
    <FormDialog
      title="Delete your account?"
      description={
        <>
          <p>
            Your page <strong className="text-zinc-100">/{user.accountUsername}</strong>, and every other page you own, goes offline at
            once, and you are signed out everywhere. Pages you only joined stay with their owners.
          </p>
          <p>
            After {graceDays} days your account, links, uploads and analytics are removed for good, and nobody can take your username for
            another {USERNAME_HOLD_DAYS} days. Until then, logging in lets you keep the account.
          </p>
          <p>Export your data first if you want a copy.</p>
        </>
      }
      submitLabel="Delete my account"
      pendingLabel="Deleting..."
      danger
      pending={deleteAccount.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <TypedUsernameField id="confirm-username" username={user.accountUsername} label="to confirm" {...form.field('username')} />
    </FormDialog>
  );
}
