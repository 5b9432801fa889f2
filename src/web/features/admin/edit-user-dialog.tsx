import { FormError } from '#web/components/ui/form-error.tsx';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type AdminUser, adminMessages, changeUsernameSchema } from '#shared/admin.ts';
import type { Role } from '#shared/constants.ts';
import { describeZodError } from '#shared/validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { adminRequests, useAdminMutation } from './use-admin.ts';

/**
 * Edit a username and/or role with a reason. One change per save: the username
 * if it changed, else the role if it changed, else 'No changes detected' (spec 001 §4).
 */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [username, setUsername] = useState(user.username);
  const [role, setRole] = useState<Role>(user.role);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const changeUsername = useAdminMutation(
    (input: { newUsername: string; reason: string }) => adminRequests.changeUsername(user.id, input),
    { success: 'Username changed successfully', failure: 'Failed to change username' },
  );
  const changeRole = useAdminMutation((input: { role: Role; reason: string }) => adminRequests.changeRole(user.id, input), {
    success: 'User role changed successfully',
    failure: 'Failed to change role',
  });
  const saving = changeUsername.isPending || changeRole.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(adminMessages.reasonRequired);
    if (!username.trim()) return setError(adminMessages.usernameEmpty);
    setError(null);
    try {
      if (username.trim().toLowerCase() !== user.username) {
        const parsed = changeUsernameSchema.safeParse({ newUsername: username, reason });
        if (!parsed.success) return setError(describeZodError(parsed.error).message);
        await changeUsername.mutateAsync(parsed.data);
      } else if (role !== user.role) {
        await changeRole.mutateAsync({ role, reason: reason.trim() });
      } else {
        toast(adminMessages.noChanges);
      }
      onClose();
    } catch {
      // The mutation's toast already said what went wrong; the dialog stays open.
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold">Edit user</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Change @{user.username}'s username or role. Every change is logged with its reason.
          </Dialog.Description>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
            <FormError message={error} />
            <div className="space-y-2">
              <Label htmlFor="edit-username">Username</Label>
              <Input id="edit-username" value={username} onChange={(event) => setUsername(event.target.value)} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="edit-role">Role</Label>
              <select
                id="edit-role"
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                className="h-11 w-full rounded-xl border border-border bg-surface px-3 text-sm"
              >
                <option value="user">user</option>
                <option value="admin">admin</option>
              </select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="edit-reason">Reason for change</Label>
              <textarea
                id="edit-reason"
                rows={3}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className="w-full rounded-xl border border-border bg-surface px-4 py-3 text-sm focus:border-primary focus:outline-none"
              />
            </div>
            <div className="flex justify-end gap-3">
              <Button type="button" variant="ghost" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
