import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import {
  ADMIN_LOG_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
  type AdminLogEntry,
  type AdminStats,
  type AdminUser,
  type ReservedUsername,
  type SiteSettings,
  type UsernameHistoryEntry,
} from '#shared/admin.ts';
import type { Outbox } from '#shared/mail.ts';
import type { AdminPurchase } from '#shared/purchases.schema.ts';
import type { Plan, Role } from '#shared/constants.ts';
import type { ResetLink } from '#shared/password-reset.ts';
import { api } from '#web/lib/api.ts';
import { USER_PICKER_LIMIT } from './admin-constants.ts';

const adminKey = ['admin'] as const;

/** Every change the control center asks of the server: the tabs and dialogs call these, never the API themselves. */
export const adminRequests = {
  deleteUser: (id: number, username: string) => api(`/api/admin/users/${id}`, { method: 'DELETE', body: { username } }),
  setActive: (id: number, active: boolean) => api(`/api/admin/users/${id}/${active ? 'reactivate' : 'deactivate'}`, { method: 'PATCH' }),
  setPlan: (id: number, change: { plan?: Plan; verified?: boolean }) =>
    api(`/api/admin/users/${id}/plan`, { method: 'PATCH', body: change }),
  changeUsername: (id: number, input: { newUsername: string; reason: string }) =>
    api(`/api/admin/users/${id}/username`, { method: 'PATCH', body: input }),
  changeRole: (id: number, input: { role: Role; reason: string }) => api(`/api/admin/users/${id}/role`, { method: 'PATCH', body: input }),
  resetLink: async (id: number) => (await api<{ data: ResetLink }>(`/api/admin/users/${id}/password-reset-link`, { method: 'POST' })).data,
  removeSecondFactors: (id: number) => api(`/api/admin/users/${id}/second-factors`, { method: 'DELETE' }),
  reserve: (input: { username: string; reason: string }) => api('/api/admin/reserved-usernames', { method: 'POST', body: input }),
  unreserve: (id: number) => api(`/api/admin/reserved-usernames/${id}`, { method: 'DELETE' }),
  saveSiteSettings: (next: SiteSettings) => api<SiteSettings>('/api/admin/site-settings', { method: 'POST', body: next }),
};

interface AdminPurchasesPage {
  purchases: AdminPurchase[];
  total: number;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export function useOutbox() {
  return useQuery({ queryKey: [...adminKey, 'outbox'], queryFn: () => api<Outbox>('/api/admin/outbox') });
}

export function useAdminStats() {
  return useQuery({ queryKey: [...adminKey, 'stats'], queryFn: () => api<AdminStats>('/api/admin/stats') });
}

export function useAdminUsers(page: number, search: string) {
  return useQuery({
    queryKey: [...adminKey, 'users', page, search],
    queryFn: () => api<{ users: AdminUser[]; total: number }>(`/api/admin/users?${query({ page, limit: ADMIN_PAGE_SIZE, search })}`),
    placeholderData: keepPreviousData,
  });
}

export function useUserPicker(search: string) {
  return useQuery({
    queryKey: [...adminKey, 'picker', search],
    queryFn: () => api<{ users: AdminUser[]; total: number }>(`/api/admin/users?${query({ search, limit: USER_PICKER_LIMIT })}`),
    enabled: search.trim().length > 0,
  });
}

export function useReservedUsernames(page: number, search: string) {
  return useQuery({
    queryKey: [...adminKey, 'reserved', page, search],
    queryFn: () =>
      api<{ reservedUsernames: ReservedUsername[]; pagination: { total: number } }>(
        `/api/admin/reserved-usernames?${query({ page, limit: ADMIN_PAGE_SIZE, search })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUsernameHistory(userId: number | null) {
  return useQuery({
    queryKey: [...adminKey, 'history', userId],
    queryFn: () => api<UsernameHistoryEntry[]>(`/api/admin/users/${userId}/username-history`),
    enabled: userId !== null,
  });
}

export function useAdminLogs(page: number, action: string) {
  return useQuery({
    queryKey: [...adminKey, 'logs', page, action],
    queryFn: () =>
      api<{ logs: AdminLogEntry[]; total: number }>(
        `/api/admin/logs?${query({ page, limit: ADMIN_LOG_PAGE_SIZE, action: action === 'all' ? undefined : action })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSiteSettings() {
  return useQuery({ queryKey: [...adminKey, 'site-settings'], queryFn: () => api<SiteSettings>('/api/admin/site-settings') });
}

/** A mutation with the spec's toasts: the server's message, or the default (spec 001 §8). */
export function useAdminMutation<Input>(
  request: (input: Input) => Promise<unknown>,
  messages: { success: string | ((input: Input) => string); failure: string; successTitle?: string },
) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: request,
    failure: messages.failure,
    failureTitle: 'Error',
    success: (_done, input) => {
      const text = typeof messages.success === 'function' ? messages.success(input) : messages.success;
      return messages.successTitle ? { title: messages.successTitle, description: text } : text;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

export function useAdminPurchases(page: number) {
  return useQuery({
    queryKey: [...adminKey, 'purchases', page],
    queryFn: async () =>
      (await api<{ data: AdminPurchasesPage }>(`/api/admin/purchases?${query({ page, limit: ADMIN_LOG_PAGE_SIZE })}`)).data,
    placeholderData: keepPreviousData,
  });
}
