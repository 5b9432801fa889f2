import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { copyWithToast } from '#web/lib/clipboard.ts';
import type { AdminUser } from '#shared/admin.ts';
import { ADMIN_RESET_LINK_HOURS, type ResetLink, passwordResetMessages } from '#shared/password-reset.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { adminRequests } from './use-admin.ts';
import { formatDateTime } from '#web/lib/dates.ts';

/**
 * A one-time link that lets the user set a new password, for a user who cannot
 * reset it themselves. The link is shown here once: the server keeps only its hash.
 */
export function ResetLinkDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [link, setLink] = useState<ResetLink | null>(null);
  const makeLink = useApiMutation({
    mutationFn: () => adminRequests.resetLink(user.id),
    failure: 'Failed to create the link',
    failureTitle: 'Error',
    success: passwordResetMessages.linkCreated,
  });
  const make = () => makeLink.run(undefined, { onSuccess: setLink });
  const pending = makeLink.isPending;

  // A user who lost their phone: their authenticator app goes, asked first (issue 29).
  const [removing, setRemoving] = useState<'idle' | 'asking' | 'pending' | 'done'>('idle');
  const removeSecondFactors = useApiMutation({
    mutationFn: () => adminRequests.removeSecondFactors(user.id),
    failure: 'Failed to remove them',
    failureTitle: 'Error',
    success: twoFactorMessages.removedByAdmin,
  });
  const removeFactors = () => {
    setRemoving('pending');
    return removeSecondFactors.run(undefined, { onSuccess: () => setRemoving('done'), onFailure: () => setRemoving('idle') });
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
          <section aria-labelledby="lost-phone-heading" className="mt-5 rounded-xl border border-border/70 p-3 text-sm">
            <h3 id="lost-phone-heading" className="font-semibold">
              Lost their phone?
            </h3>
            <p className="mt-1 text-muted">
              Remove @{user.username}’s authenticator app and recovery codes: their password alone signs them in until they set it up again.
              The activity log records it.
            </p>
            {removing === 'done' ? (
              <p className="mt-2 font-medium text-emerald-300" role="status">
                Removed.
              </p>
            ) : removing === 'idle' ? (
              <Button type="button" variant="ghost" size="sm" className="mt-2 text-red-300" onClick={() => setRemoving('asking')}>
                Remove second factors
              </Button>
            ) : (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span>Remove them now?</span>
                <Button type="button" variant="danger" size="sm" disabled={removing === 'pending'} onClick={() => void removeFactors()}>
                  {removing === 'pending' ? 'Removing...' : 'Yes, remove'}
                </Button>
                <Button type="button" variant="ghost" size="sm" disabled={removing === 'pending'} onClick={() => setRemoving('idle')}>
                  Keep them
                </Button>
              </div>
            )}
          </section>
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
