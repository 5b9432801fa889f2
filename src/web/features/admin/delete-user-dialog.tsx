import { useState } from 'react';
import { type AdminUser, adminMessages, deleteUserSchema } from '#shared/admin.ts';
import { USERNAME_HOLD_DAYS } from '#shared/constants.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { TypedUsernameField, typingUsername } from '#web/components/typed-username-field.tsx';
import { adminRequests, useAdminMutation } from './use-admin.ts';

/**
 * Deleting a user, asked twice: first what it does, then the username typed
 * out. It cannot be undone: the account and everything it owns go at once.
 */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [step, setStep] = useState<'ask' | 'confirm'>('ask');
  const form = useSchemaForm(typingUsername(deleteUserSchema, user.username));
  const remove = useAdminMutation((username: string) => adminRequests.deleteUser(user.id, username), {
    success: adminMessages.userDeleted(user.username),
    failure: 'Failed to delete user',
  });

  if (step === 'ask') {
    return (
      <FormDialog
        title={`Delete @${user.username}?`}
        description={
          <>
            <p>
              The account, its page, links, uploads and analytics are removed at once and for good. This cannot be undone. Its username
              stays held for {USERNAME_HOLD_DAYS} days.
            </p>
            <p>To stop the page without losing anything, deactivate the account instead.</p>
          </>
        }
        submitLabel="Continue"
        pendingLabel="Continue"
        danger
        pending={false}
        error={null}
        onSubmit={() => setStep('confirm')}
        onClose={onClose}
      >
        {null}
      </FormDialog>
    );
  }

  const submit = form.handleSubmit(({ username }) => remove.run(username, { form, onSuccess: onClose }));
  return (
    <FormDialog
      title="Delete for good"
      description={<p>Type the username to confirm. The deletion is recorded in the activity log.</p>}
      submitLabel="Delete user"
      pendingLabel="Deleting..."
      danger
      pending={remove.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TypedUsernameField id="delete-username" username={user.username} asks="deleteForGood" {...form.field('username')} />
    </FormDialog>
  );
}
