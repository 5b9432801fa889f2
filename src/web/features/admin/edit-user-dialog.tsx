import { toast } from '#web/lib/toast.ts';
import { z } from 'zod';
import { type AdminUser, adminMessages, changeUsernameSchema } from '#shared/admin.ts';
import { ROLES, type Role } from '#shared/constants.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Input, Label, Textarea } from '#web/components/ui/input.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { adminRequests, useAdminMutation } from './use-admin.ts';

/** The dialog's fields, checked in the spec's order: the reason, then the username, then the new username's rules. */
function editUserFormSchema(user: AdminUser) {
  return z
    .object({ username: z.string(), role: z.enum(ROLES), reason: z.string() })
    .refine(({ reason }) => reason.trim() !== '', { path: ['reason'], message: adminMessages.reasonRequired })
    .refine(({ username }) => username.trim() !== '', { path: ['username'], message: adminMessages.usernameEmpty })
    .superRefine(({ username, reason }, context) => {
      if (!username.trim() || username.trim().toLowerCase() === user.username) return;
      const parsed = changeUsernameSchema.safeParse({ newUsername: username, reason });
      for (const issue of parsed.error?.issues.slice(0, 1) ?? []) {
        context.addIssue({ code: 'custom', path: ['username'], message: issue.message });
      }
    });
}

/**
 * Edit a username and/or role with a reason. One change per save: the username
 * if it changed, else the role if it changed, else 'No changes detected' (spec 001 §4).
 */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const form = useSchemaForm(editUserFormSchema(user), { defaultValues: { username: user.username, role: user.role, reason: '' } });
  const changeUsername = useAdminMutation(
    (input: { newUsername: string; reason: string }) => adminRequests.changeUsername(user.id, input),
    { success: 'Username changed successfully', failure: 'Failed to change username' },
  );
  const changeRole = useAdminMutation((input: { role: Role; reason: string }) => adminRequests.changeRole(user.id, input), {
    success: 'User role changed successfully',
    failure: 'Failed to change role',
  });
  const saving = changeUsername.isPending || changeRole.isPending;

  // A refusal is the control center's toast (spec 001 §8); the dialog stays open.
  const submit = form.handleSubmit(async ({ username, role, reason }) => {
    if (username.trim().toLowerCase() !== user.username) {
      await changeUsername.run({ newUsername: username.trim().toLowerCase(), reason: reason.trim() }, { onSuccess: onClose });
    } else if (role !== user.role) {
      await changeRole.run({ role, reason: reason.trim() }, { onSuccess: onClose });
    } else {
      toast.message(adminMessages.noChanges);
      onClose();
    }
  });

  return (
    <FormDialog
      title="Edit user"
      description={<p>Change @{user.username}'s username or role. Every change is logged with its reason.</p>}
      submitLabel="Save"
      pendingLabel="Saving..."
      pending={saving}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="space-y-2">
        <Label htmlFor="edit-username">Username</Label>
        <Input id="edit-username" {...form.field('username')} />
      </div>
      {/* A further page (issue 53) has no role of its own: its owner's account has. */}
      {!user.owner && (
        <div className="space-y-2">
          <Label htmlFor="edit-role">Role</Label>
          <select id="edit-role" className="h-11 w-full rounded-xl border border-border bg-surface px-3 text-sm" {...form.field('role')}>
            <option value="user">user</option>
            <option value="admin">admin</option>
          </select>
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor="edit-reason">Reason for change</Label>
        <Textarea id="edit-reason" rows={3} {...form.field('reason')} />
      </div>
    </FormDialog>
  );
}
