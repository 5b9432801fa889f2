import type { WeeklySummaryInput } from '#shared/account.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { type AccountSession, type ChangePasswordInput, type DeleteAccountInput, accountMessages } from '#shared/account.ts';
import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '#shared/api-tokens.ts';
import {
  type ImportMode,
  type ImportPreview,
  type ImportPreviewRequest,
  type ImportResult,
  type PageFile,
  pageTransferMessages,
} from '#shared/page-transfer.ts';
import { type TotpSetup, type TwoFactorStatus, twoFactorMessages } from '#shared/two-factor.ts';
import { type Passkey, passkeyMessages } from '#shared/passkeys.ts';
import type { SsoLink } from '#shared/single-sign-on.ts';
import type { MailDelivery } from '#shared/mail.ts';
import { LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, api, apiErrorOf } from '#web/lib/api.ts';
import { refreshSession } from '#web/lib/use-session.ts';
import { withPage } from '#web/lib/page-choice.ts';
import { siteMessagesIn } from '#web/lib/site-words.ts';
import { loadWords } from '#web/lib/words.ts';

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
  return useApiMutation({
    failure: 'Your password could not be changed. Please try again.',
    success: { title: accountMessages.passwordChanged, description: accountMessages.passwordChangedHint },
    mutationFn: (input: ChangePasswordInput) => api('/api/me/password', { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useEndSession() {
  const changed = useSessionsChanged();
  return useApiMutation({
    failure: 'The session could not be ended. Please try again.',
    success: accountMessages.sessionEnded,
    mutationFn: (id: string) => api(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useEndOtherSessions() {
  const changed = useSessionsChanged();
  return useApiMutation({
    failure: 'The other sessions could not be signed out. Please try again.',
    success: accountMessages.otherSessionsEnded,
    mutationFn: async () => (await api<{ data: { ended: number } }>('/api/me/sessions', { method: 'DELETE' })).data,
    onSuccess: changed,
  });
}

export function useResendConfirmation(mail: MailDelivery | undefined) {
  return useApiMutation({
    failure: 'The link could not be sent. Please try again.',
    success: ({ sentTo }) => ({
      title: accountMessages.confirmationSent(sentTo, mail),
      description: 'Open the link in it within 24 hours.',
    }),
    mutationFn: async () => (await api<{ data: { sentTo: string } }>('/api/me/email/confirmation', { method: 'POST' })).data,
  });
}

/** The summary by mail on or off, and how often it goes (Business: every week or every month). */
export function useWeeklySummary() {
  return useApiMutation({
    failure: 'The setting could not be saved. Please try again.',
    success: (_done, { weeklySummary, every }: WeeklySummaryInput) => {
      if (!weeklySummary) return every === undefined ? 'Summary by email off' : 'Saved: it goes once you turn it on';
      return every === 'month'
        ? { title: 'Monthly report on', description: 'It arrives on the 1st, with the month before’s figures and a chart.' }
        : { title: 'Weekly summary on', description: 'It arrives on Mondays, with the week before’s views and clicks.' };
    },
    mutationFn: (body: WeeklySummaryInput) => api('/api/me/weekly-summary', { method: 'PUT', body }),
    onSuccess: () => refreshSession(),
  });
}

/** The person's language (issue 54), saved as it is picked. */
export function useSaveLanguage() {
  return useApiMutation({
    failure: 'Your language could not be saved. Please try again.',
    // Said in the language just picked, which every screen speaks from now on.
    success: (_done, language: Language) => siteMessagesIn(language)(`Language saved: ${LANGUAGES[language].name}`),
    mutationFn: (language: Language) => api('/api/me/profile', { method: 'PATCH', body: { language } }),
    onSuccess: async (_done, language) => {
      await loadWords('site', language);
      await refreshSession();
    },
  });
}

/** A file the server answers as an attachment, saved by the browser under the name the server gives it; its size in bytes. */
async function download(path: string, init: RequestInit, fallbackName: string): Promise<number> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error');
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => ({})));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const file = await response.blob();
  const url = URL.createObjectURL(file);
  const anchor = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return file.size;
}

/** POST /api/me/export: the zip of everything the account holds. */
export function useExportData() {
  return useApiMutation({
    failure: 'The export could not be made. Please try again.',
    success: accountMessages.exportReady,
    mutationFn: async (password: string) => {
      await download(
        '/api/me/export',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) },
        'linkverse-export.zip',
      );
    },
  });
}

/** GET /api/me/page-export: the page as one page file. */
export function useDownloadPageFile() {
  return useApiMutation({
    failure: 'The page file could not be made. Please try again.',
    mutationFn: () => download(withPage('/api/me/page-export'), {}, 'linkverse-page.json'),
  });
}

/** What an import would bring in; nothing is saved. */
export function usePreviewImport() {
  return useApiMutation({
    failure: 'The page could not be read. Please try again.',
    mutationFn: async (input: ImportPreviewRequest) =>
      (await api<{ data: ImportPreview }>('/api/me/page-import/preview', { method: 'POST', body: input })).data,
  });
}

/** Bring a page file in: every part of the dashboard reads the page again. */
export function useImportPage() {
  const queryClient = useQueryClient();
  return useApiMutation({
    failure: 'The page could not be imported. Please try again.',
    success: (result) => pageTransferMessages.imported(result.imported.items),
    mutationFn: async (input: { mode: ImportMode; document: PageFile }) =>
      (await api<{ data: ImportResult }>('/api/me/page-import', { method: 'POST', body: input })).data,
    onSuccess: () => Promise.all([queryClient.invalidateQueries(), refreshSession()]),
  });
}

export function useDeleteAccount() {
  return useApiMutation({
    failure: 'Your account could not be deleted. Please try again.',
    mutationFn: async (input: DeleteAccountInput) =>
      (await api<{ data: { deleteAfter: string } }>('/api/me/deletion', { method: 'POST', body: input })).data,
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
  return useApiMutation({
    failure: 'The token could not be made. Please try again.',
    mutationFn: async (input: CreateApiTokenInput) =>
      (await api<{ data: CreatedApiToken }>('/api/me/tokens', { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useApiMutation({
    failure: 'The token could not be revoked. Please try again.',
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
function useTwoFactorMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  feedback: { failure: string; success: string },
) {
  const queryClient = useQueryClient();
  return useApiMutation({ mutationFn, ...feedback, onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }) });
}

export function useStartTotp() {
  return useApiMutation({
    failure: 'The setup could not start. Please try again.',
    mutationFn: async () => (await api<{ data: TotpSetup }>('/api/me/two-factor/totp', { method: 'POST' })).data,
  });
}

export function useConfirmTotp() {
  return useTwoFactorMutation(
    async (code: string) =>
      (await api<{ data: { codes: string[] } }>('/api/me/two-factor/totp/confirm', { method: 'POST', body: { code } })).data.codes,
    { failure: 'The code could not be checked. Please try again.', success: twoFactorMessages.turnedOn },
  );
}

export function useTurnOffTotp() {
  return useTwoFactorMutation(
    (input: { password: string; code: string }) => api('/api/me/two-factor/off', { method: 'POST', body: input }),
    { failure: 'Two-factor sign-in could not be turned off. Please try again.', success: twoFactorMessages.turnedOff },
  );
}

export function useNewRecoveryCodes() {
  return useTwoFactorMutation(
    async (password: string) =>
      (await api<{ data: { codes: string[] } }>('/api/me/two-factor/recovery-codes', { method: 'POST', body: { password } })).data.codes,
    { failure: 'New codes could not be made. Please try again.', success: twoFactorMessages.newRecoveryCodes },
  );
}

const passkeysQueryKey = ['me', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: async () => (await api<{ data: Passkey[] }>('/api/me/passkeys')).data });
}

/** What the browser's refusal means to the person who pressed the button. */
function passkeyFailureOf(caught: unknown): string {
  if (caught instanceof ApiError && caught.status > 0) return caught.message;
  const { name, code } = (caught ?? {}) as { name?: string; code?: string };
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') return passkeyMessages.cancelled;
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already holds a passkey for your account.';
  }
  return passkeyMessages.unsupported;
}

/** Make a passkey in this browser (its own prompt), then add it under its name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useApiMutation({
    failure: passkeyFailureOf,
    success: passkeyMessages.added,
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
  return useApiMutation({
    failure: passkeyFailureOf,
    success: passkeyMessages.removed,
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
  return useApiMutation({
    failure: 'The provider could not be reached. Please try again.',
    mutationFn: async (providerId: string) => {
      const { data } = await api<{ data: { url: string } }>(`/api/me/sso/${encodeURIComponent(providerId)}/start`, { method: 'POST' });
      window.location.assign(data.url);
    },
  });
}

export function useUnlinkSso() {
  const queryClient = useQueryClient();
  return useApiMutation({
    failure: 'The sign-in could not be unlinked. Please try again.',
    mutationFn: (id: number) => api(`/api/me/sso/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoQueryKey }),
  });
}

/** The first password of an account made through single sign-on. */
export function useSetFirstPassword() {
  return useApiMutation({
    failure: 'The password could not be set. Please try again.',
    success: accountMessages.passwordSet,
    mutationFn: (newPassword: string) => api('/api/me/password/first', { method: 'POST', body: { newPassword } }),
    onSuccess: () => refreshSession(),
  });
}
