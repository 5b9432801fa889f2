import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customization, CustomizationUpdate } from '#shared/customization.ts';
import { api } from '#web/lib/api.ts';

export const customizationQueryKey = ['me', 'customization'] as const;

/** The saved customization document (every field, defaults filled in). */
export function useCustomization() {
  return useQuery({
    queryKey: customizationQueryKey,
    queryFn: async () => (await api<{ data: Customization }>('/api/me/customization')).data,
  });
}

/** Save fields of the document; the answer is the whole saved document. */
export function useSaveCustomization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: CustomizationUpdate) =>
      (await api<{ data: Customization }>('/api/me/customization', { method: 'PUT', body: update })).data,
    onSuccess: (saved) => queryClient.setQueryData(customizationQueryKey, saved),
  });
}

/** Reset All: back to the defaults. */
export function useResetCustomization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ data: Customization }>('/api/me/customization', { method: 'DELETE' })).data,
    onSuccess: (saved) => queryClient.setQueryData(customizationQueryKey, saved),
  });
}
