import type { SsoLink } from '#shared/single-sign-on.ts';
import { api } from '#web/lib/api.ts';

// The account pages' calls that are not a session's (lib/use-session.ts): each
// static page's card asks through these, never through api() itself.

/** POST /api/auth/forgot-password: the answer's words, the same whether or not the account exists. */
export async function requestPasswordReset(input: { identifier: string }): Promise<string> {
  return (await api<{ data: { message: string } }>('/api/auth/forgot-password', { method: 'POST', body: input })).data.message;
}

/** POST /api/auth/password-reset: a one-time link's token and the new password. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await api('/api/auth/password-reset', { method: 'POST', body: input });
}

/** POST /api/auth/password-reset/check: resolves when the link still works; rejects with the server's message when not. */
export async function checkResetLink(token: string): Promise<void> {
  await api('/api/auth/password-reset/check', { method: 'POST', body: { token } });
}

/** POST /api/auth/confirm-email: the address it confirmed. */
export async function confirmEmail(token: string): Promise<string> {
  return (await api<{ data: { email: string } }>('/api/auth/confirm-email', { method: 'POST', body: { token } })).data.email;
}

/** POST /api/me/sso/link-waiting: the single sign-on person waiting is linked to the account just signed in to. */
export async function linkWaitingSignIn(): Promise<SsoLink[]> {
  return (await api<{ data: SsoLink[] }>('/api/me/sso/link-waiting', { method: 'POST' })).data;
}
