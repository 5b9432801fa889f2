import { accountMessages } from '#shared/account-messages.ts';
import { api } from '#web/lib/api.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { refreshSession } from '#web/lib/use-session.ts';

// Apart from the account's other hooks: the dashboard offers it on every tab
// while an account waits to be deleted, and its first load takes no schema.

/** Keep an account that was waiting to be deleted: its page is back at once. */
export function useCancelDeletion() {
  return useApiMutation({
    failure: 'Your account could not be kept. Please try again.',
    success: accountMessages.deletionCancelled,
    mutationFn: () => api('/api/me/deletion', { method: 'DELETE' }),
    onSuccess: () => refreshSession(),
  });
}
