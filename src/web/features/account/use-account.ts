import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, ChangePasswordInput } from '#shared/account.ts';
import { api } from '#web/lib/api.ts';

const sessionsQueryKey = ['me', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () => (await api<{ data: AccountSession[] }>('/api/me/sessions')).data,
  });
}

/** After a change, the list is read again: the server decides what is left. */
function useSessionsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
}

export function useChangePassword() {
  const changed = useSessionsChanged();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api('/api/me/password', { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useEndSession() {
  const changed = useSessionsChanged();
  return useMutation({
    mutationFn: (id: string) => api(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useEndOtherSessions() {
  const changed = useSessionsChanged();
  return useMutation({
    mutationFn: async () => (await api<{ data: { ended: number } }>('/api/me/sessions', { method: 'DELETE' })).data,
    onSuccess: changed,
  });
}
