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
import { partsAround, useAppWords } from '#web/lib/site-words.ts';

const words = {
  export: /*i18n*/ { id: 'app.accountData.export', message: 'Export my data' },
  exportText: /*i18n*/ {
    id: 'app.accountData.exportText',
    message:
      'One zip with your profile, every link and block, your page’s look, the files you uploaded, your daily analytics, and your sign-up list, as JSON and CSV.',
  },
  delete: /*i18n*/ { id: 'app.accountData.delete', message: 'Delete my account' },
  deleteText: /*i18n*/ {
    id: 'app.accountData.deleteText',
    message: 'Your page goes offline at once. After {days} days your account, links, uploads and analytics are removed for good.',
  },
  exportDialogText: /*i18n*/ {
    id: 'app.accountData.exportDialogText',
    message: 'Enter your password to download everything your account holds, as one zip file.',
  },
  downloadZip: /*i18n*/ { id: 'app.accountData.downloadZip', message: 'Download zip' },
  preparing: /*i18n*/ { id: 'app.accountData.preparing', message: 'Preparing...' },
  password: /*i18n*/ { id: 'app.accountData.password', message: 'Password' },
  scheduled: /*i18n*/ { id: 'app.accountData.scheduled', message: 'Your account is scheduled for deletion' },
  scheduledText: /*i18n*/ {
    id: 'app.accountData.scheduledText',
    message: 'Your page is offline now. On {day} your account is removed for good.',
  },
  changedMind: /*i18n*/ { id: 'app.accountData.changedMind', message: 'Changed your mind? Log in before then and keep it.' },
  done: /*i18n*/ { id: 'app.accountData.done', message: 'Done' },
  deleteTitle: /*i18n*/ { id: 'app.accountData.deleteTitle', message: 'Delete your account?' },
  deleteDialogPage: /*i18n*/ {
    id: 'app.accountData.deleteDialogPage',
    message:
      'Your page {page}, and every other page you own, goes offline at once, and you are signed out everywhere. Pages you only joined stay with their owners.',
  },
  deleteDialogAfter: /*i18n*/ {
    id: 'app.accountData.deleteDialogAfter',
    message:
      'After {days} days your account, links, uploads and analytics are removed for good, and nobody can take your username for another {holdDays} days. Until then, logging in lets you keep the account.',
  },
  exportFirst: /*i18n*/ { id: 'app.accountData.exportFirst', message: 'Export your data first if you want a copy.' },
  deleting: /*i18n*/ { id: 'app.accountData.deleting', message: 'Deleting...' },
} as const;

/** Taking everything away: the export, and deleting the account (issue 28). */
export function AccountDataCard({ user }: { user: CurrentUser }) {
  const [dialog, setDialog] = useState<'export' | 'delete' | null>(null);
  const graceDays = useSiteFeatures()?.accountDeletionGraceDays ?? 30;
  const t = useAppWords();
  return (
    <Card className="lg:col-span-2">
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="flex-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Download className="size-5 text-primary-text" aria-hidden="true" /> {t(words.export)}
          </h2>
          <p className="mt-1 text-sm text-muted">{t(words.exportText)}</p>
          <Button variant="outline" className="mt-4" onClick={() => setDialog('export')}>
            <Download /> {t(words.export)}
          </Button>
        </div>
        <div className="flex-1 rounded-xl border border-danger/40 bg-danger/5 p-4">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-red-200">
            <Trash2 className="size-5" aria-hidden="true" /> {t(words.delete)}
          </h2>
          <p className="mt-1 text-sm text-muted">{t(words.deleteText, { days: graceDays })}</p>
          <Button variant="danger" className="mt-4" onClick={() => setDialog('delete')}>
            {t(words.delete)}
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
  const t = useAppWords();
  return (
    <FormDialog
      title={t(words.export)}
      description={<p>{t(words.exportDialogText)}</p>}
      submitLabel={t(words.downloadZip)}
      pendingLabel={t(words.preparing)}
      pending={exportData.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label={t(words.password)} autoComplete="current-password" {...form.field('password')} />
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
  const t = useAppWords();
  const [pageBefore, pageAfter] = partsAround(t, words.deleteDialogPage, 'page');
  if (deleteAfter) {
    // Every session has ended: the only way on is out.
    return (
      <FormDialog
        title={t(words.scheduled)}
        description={
          <>
            <p>{t(words.scheduledText, { day: formatDay(deleteAfter) })}</p>
            <p>{t(words.changedMind)}</p>
          </>
        }
        submitLabel={t(words.done)}
        pendingLabel={t(words.done)}
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
      title={t(words.deleteTitle)}
      description={
        <>
          <p>
            {pageBefore}
            <bdi className="font-bold text-zinc-100" translate="no">
              /{user.accountUsername}
            </bdi>
            {pageAfter}
          </p>
          <p>{t(words.deleteDialogAfter, { days: graceDays, holdDays: USERNAME_HOLD_DAYS })}</p>
          <p>{t(words.exportFirst)}</p>
        </>
      }
      submitLabel={t(words.delete)}
      pendingLabel={t(words.deleting)}
      danger
      pending={deleteAccount.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField label={t(words.password)} autoComplete="current-password" {...form.field('password')} />
      <TypedUsernameField id="confirm-username" username={user.accountUsername} {...form.field('username')} />
    </FormDialog>
  );
}
