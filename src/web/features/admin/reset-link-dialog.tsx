import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { copyWithToast } from '#web/lib/clipboard.ts';
import type { AdminUser } from '#shared/admin.ts';
import { ADMIN_RESET_LINK_HOURS, type ResetLink, passwordResetMessages } from '#shared/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { ApiError, api } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/dates.ts';

/**
 * A one-time link that lets the user set a new password, for a user who cannot
 * reset it themselves. The link is shown here once: the server keeps only its hash.
 */
export function ResetLinkDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [link, setLink] = useState<ResetLink | null>(null);
  const [pending, setPending] = useState(false);

  const make = async () => {
    setPending(true);
    try {
      setLink((await api<{ data: ResetLink }>(`/api/admin/users/${user.id}/password-reset-link`, { method: 'POST' })).data);
      toast.success(passwordResetMessages.linkCreated);
    } catch (caught) {
      toast.error('Error', { description: caught instanceof ApiError && caught.status > 0 ? caught.message : 'Failed to create the link' });
    } finally {
      setPending(false);
    }
  };

  const copy = async () => {
    if (link) await copyWithToast(link.url, 'Link copied', { message: 'Copy failed: select the link and copy it by hand.' });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold">Password reset link</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            A one-time link that lets @{user.username} set a new password, valid for {ADMIN_RESET_LINK_HOURS} hours. Using it signs them out
            everywhere. Give it to them privately: anyone holding it can set the password.
          </Dialog.Description>
          {link ? (
            <div className="mt-5 space-y-2">
              <Label htmlFor="reset-link">Link (shown once)</Label>
              <Input id="reset-link" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
              <p className="text-xs text-muted">
                Valid until {formatDateTime(link.expiresAt)}. The activity log records that it was made, not the link.
              </p>
            </div>
          ) : null}
          <div className="mt-6 flex justify-end gap-3">
            <Button type="button" variant="ghost" onClick={onClose}>
              {link ? 'Done' : 'Cancel'}
            </Button>
            {link ? (
              <Button type="button" onClick={() => void copy()}>
                Copy link
              </Button>
            ) : (
              <Button type="button" onClick={() => void make()} disabled={pending}>
                {pending ? 'Making...' : 'Make link'}
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
