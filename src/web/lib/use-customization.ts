import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import type { Customization, CustomizationUpdate, LookReplaced, SavedLook } from '#shared/customization.ts';
import { api } from '#web/lib/api.ts';
import { limitsQueryKey } from '#web/lib/query-keys.ts';

export const customizationQueryKey = ['me', 'customization'] as const;
const savedLooksQueryKey = ['me', 'customization', 'looks'] as const;

/** The saved customization document (every field, defaults filled in). */
export function useCustomization() {
  return useQuery({
    queryKey: customizationQueryKey,
    queryFn: async () => (await api<{ data: Customization }>('/api/me/customization')).data,
  });
}

/** Save fields of the document; the answer is the whole saved document. The look it replaced joins the saved looks. */
export function useSaveCustomization() {
  const queryClient = useQueryClient();
  return useApiMutation({
    failure: 'Failed to save your changes. Please try again.',
    failureTitle: 'Error',
    mutationFn: async (update: CustomizationUpdate) =>
      (await api<{ data: Customization }>('/api/me/customization', { method: 'PUT', body: update })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(customizationQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: savedLooksQueryKey });
      // The upload space saved looks hold, and what the plan leaves off the page, follow the look.
      void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
    },
  });
}

function useReplaceLook<Variables>(request: (variables: Variables) => Promise<{ data: LookReplaced }>, failure: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    failure,
    failureTitle: 'Error',
    mutationFn: async (variables: Variables) => (await request(variables)).data,
    onSuccess: (replaced) => {
      queryClient.setQueryData(customizationQueryKey, replaced.customization);
      void queryClient.invalidateQueries({ queryKey: savedLooksQueryKey });
      void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
    },
  });
}

/** Reset All: back to the defaults; the answer names the saved look that undoes it. */
export function useResetCustomization() {
  return useReplaceLook<void>(() => api('/api/me/customization', { method: 'DELETE' }), 'Failed to reset your look. Please try again.');
}

/** Show a saved look again; the answer names the saved look that undoes it. */
export function useRestoreLook() {
  return useReplaceLook(
    (lookId: number) => api(`/api/me/customization/looks/${lookId}/restore`, { method: 'POST' }),
    'Failed to restore that look. Please try again.',
  );
}

/** The earlier looks kept, newest first. */
export function useSavedLooks(enabled: boolean) {
  return useQuery({
    queryKey: savedLooksQueryKey,
    queryFn: async () => (await api<{ data: SavedLook[] }>('/api/me/customization/looks')).data,
    enabled,
  });
}
