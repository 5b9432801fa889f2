import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, ChangePasswordInput, DeleteAccountInput } from '#shared/account.ts';
import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '#shared/api-tokens.ts';
import type { ImportMode, ImportPreview, ImportPreviewRequest, ImportResult, PageFile } from '#shared/page-transfer.ts';
import type { TotpSetup, TwoFactorStatus } from '#shared/two-factor.ts';
import type { Passkey } from '#shared/passkeys.ts';
import type { SsoLink } from '#shared/single-sign-on.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, api, apiErrorOf } from '#web/lib/api.ts';
import { refreshSession } from '#web/lib/use-session.ts';

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

export function useResendConfirmation() {
  return useMutation({
    mutationFn: async () => (await api<{ data: { sentTo: string } }>('/api/me/email/confirmation', { method: 'POST' })).data,
  });
}

export function useWeeklySummary() {
  return useMutation({
    mutationFn: (weeklySummary: boolean) => api('/api/me/weekly-summary', { method: 'PUT', body: { weeklySummary } }),
    onSuccess: () => refreshSession(),
  });
}

/** A file the server answers as an attachment, saved by the browser under the name the server gives it. */
async function download(path: string, init: RequestInit, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error');
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => ({})));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const anchor = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** POST /api/me/export: the zip of everything the account holds. */
export function useExportData() {
  return useMutation({
    mutationFn: (password: string) =>
      download(
        '/api/me/export',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) },
        'linkverse-export.zip',
      ),
  });
}

/** GET /api/me/page-export: the page as one page file. */
export function useDownloadPageFile() {
  return useMutation({ mutationFn: () => download('/api/me/page-export', {}, 'linkverse-page.json') });
}

/** What an import would bring in; nothing is saved. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (input: ImportPreviewRequest) =>
      (await api<{ data: ImportPreview }>('/api/me/page-import/preview', { method: 'POST', body: input })).data,
  });
}

/** Bring a page file in: every part of the dashboard reads the page again. */
export function useImportPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { mode: ImportMode; document: PageFile }) =>
      (await api<{ data: ImportResult }>('/api/me/page-import', { method: 'POST', body: input })).data,
    onSuccess: () => Promise.all([queryClient.invalidateQueries(), refreshSession()]),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) =>
      (await api<{ data: { deleteAfter: string } }>('/api/me/deletion', { method: 'POST', body: input })).data,
  });
}

export function useCancelDeletion() {
  return useMutation({
    mutationFn: () => api('/api/me/deletion', { method: 'DELETE' }),
    onSuccess: () => refreshSession(),
  });
}

const tokensQueryKey = ['me', 'tokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: tokensQueryKey,
    queryFn: async () => (await api<{ data: ApiToken[] }>('/api/me/tokens')).data,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiTokenInput) =>
      (await api<{ data: CreatedApiToken }>('/api/me/tokens', { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/me/tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}

const twoFactorQueryKey = ['me', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: async () => (await api<{ data: TwoFactorStatus }>('/api/me/two-factor')).data,
  });
}

/** A change of the second factors: the status is read again. */
function useTwoFactorMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }) });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: async () => (await api<{ data: TotpSetup }>('/api/me/two-factor/totp', { method: 'POST' })).data,
  });
}

export function useConfirmTotp() {
  return useTwoFactorMutation(
    async (code: string) =>
      (await api<{ data: { codes: string[] } }>('/api/me/two-factor/totp/confirm', { method: 'POST', body: { code } })).data.codes,
  );
}

export function useTurnOffTotp() {
  return useTwoFactorMutation((input: { password: string; code: string }) =>
    api('/api/me/two-factor/off', { method: 'POST', body: input }),
  );
}

export function useNewRecoveryCodes() {
  return useTwoFactorMutation(
    async (password: string) =>
      (await api<{ data: { codes: string[] } }>('/api/me/two-factor/recovery-codes', { method: 'POST', body: { password } })).data.codes,
  );
}

const passkeysQueryKey = ['me', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: async () => (await api<{ data: Passkey[] }>('/api/me/passkeys')).data });
}

/** Make a passkey in this browser (its own prompt), then add it under its name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { data: optionsJSON } = await api<{ data: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
        '/api/me/passkeys/options',
        {
          method: 'POST',
        },
      );
      const response = await startRegistration({ optionsJSON });
      return (await api<{ data: Passkey[] }>('/api/me/passkeys', { method: 'POST', body: { name, response } })).data;
    },
    onSuccess: (passkeys) => queryClient.setQueryData(passkeysQueryKey, passkeys),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/me/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

const ssoQueryKey = ['me', 'sso'] as const;

/** The single sign-on providers linked to the account (issue 29). */
export function useSsoLinks() {
  return useQuery({ queryKey: ssoQueryKey, queryFn: async () => (await api<{ data: SsoLink[] }>('/api/me/sso')).data });
}

/** Off to the provider to link it: it comes back to /login/sso/{id}, which links and returns to Account. */
export function useLinkSso() {
  return useMutation({
    mutationFn: async (providerId: string) => {
      const { data } = await api<{ data: { url: string } }>(`/api/me/sso/${encodeURIComponent(providerId)}/start`, { method: 'POST' });
      window.location.assign(data.url);
    },
  });
}

export function useUnlinkSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/me/sso/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoQueryKey }),
  });
}

/** The first password of an account made through single sign-on. */
export function useSetFirstPassword() {
  return useMutation({
    mutationFn: (newPassword: string) => api('/api/me/password/first', { method: 'POST', body: { newPassword } }),
    onSuccess: () => refreshSession(),
  });
}
