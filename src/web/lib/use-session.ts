import { useSyncExternalStore } from 'react';
import type { LoginInput, RegisterInput } from '#shared/auth.schema.ts';
import { AUTH_CHECK_TIMEOUT_MS, SESSION_STALE_MS } from '#web/lib/constants.ts';
import { type Announcement, announce } from '#web/lib/announcements.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import type { SsoCallbackAnswer } from '#shared/single-sign-on.ts';
import { ApiError, api } from '#web/lib/api.ts';
import { mayHaveSession } from './session-hint.ts';

// Who is signed in, kept in a small store of its own rather than the query
// cache: the header and the guards of every page read it, and the public pages
// load without the query library (issue 11). What a sign-in or sign-out says
// is announced (announcements.ts): at once, or by the page loaded next.

/** Who is signed in, asked of the server (never trusted from storage) when a session can exist. */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!mayHaveSession()) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), AUTH_CHECK_TIMEOUT_MS);
  try {
    const { data } = await api<{ data: CurrentUser }>('/api/auth/me', { signal: controller.signal });
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new ApiError(0, 'The server took too long to answer.', 'network_error');
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

interface SessionState {
  user: CurrentUser | null;
  /** Nothing known yet: the first answer is awaited. */
  isLoading: boolean;
  /** The last check failed (the server unreachable or in trouble). */
  error: ApiError | null;
}

const ANONYMOUS: SessionState = { user: null, isLoading: false, error: null };
let session: SessionState = mayHaveSession() ? { user: null, isLoading: true, error: null } : ANONYMOUS;
let checkedAt = 0;
let checking: Promise<void> | undefined;
const listeners = new Set<() => void>();

function setSession(next: SessionState): void {
  checkedAt = Date.now();
  if (next.user === session.user && next.isLoading === session.isLoading && next.error === session.error) return;
  session = next;
  for (const listener of listeners) listener();
}

/**
 * Ask the server again who is signed in (one question at a time); a network
 * failure is retried once, a refusal never. Until the answer, what is known stays shown.
 */
export function refreshSession(): Promise<void> {
  checking ??= (async () => {
    try {
      let user: CurrentUser | null;
      try {
        user = await fetchCurrentUser();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 0)) throw error;
        user = await fetchCurrentUser();
      }
      setSession({ user, isLoading: false, error: null });
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(0, 'Could not check who is signed in.', 'unknown');
      setSession({ ...session, isLoading: false, error: failure });
    } finally {
      checking = undefined;
    }
  })();
  return checking;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Asked on first use, and again when a page that needs it opens after a while.
  if (session.isLoading || Date.now() - checkedAt > SESSION_STALE_MS) void refreshSession();
  return () => listeners.delete(listener);
}

/** The signed-in person's language, read outside a component (lib/dates.ts); undefined when no one is. */
export function signedInLanguage(): CurrentUser['language'] | undefined {
  return session.user?.language;
}

export function useSession() {
  // The prerender, and the hydration of its pages, are for an anonymous visitor.
  const { user, isLoading, error } = useSyncExternalStore(
    subscribe,
    () => session,
    () => ANONYMOUS,
  );
  return { user, isLoading, error, refetch: refreshSession };
}

/** Keeps the user a sign-in answered with, and says so in a toast. */
async function signedIn(user: CurrentUser, announcement: Omit<Announcement, 'tone'>): Promise<CurrentUser> {
  setSession({ user, isLoading: false, error: null });
  await announce({ tone: 'success', ...announcement });
  return user;
}

const welcomeBack = (user: CurrentUser) => ({
  title: 'Logged in successfully',
  description: `Welcome back, ${user.displayName || user.username}!`,
});

export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

/** The password step: the user, or the second factors the account asks for next (a challenge, no session yet). */
export async function logIn(input: LoginInput): Promise<CurrentUser | { methods: SecondFactorMethod[] }> {
  const { data } = await api<{ data: CurrentUser | { secondFactor: { methods: SecondFactorMethod[] } } }>('/api/auth/login', {
    method: 'POST',
    body: input,
  });
  if ('secondFactor' in data) return { methods: data.secondFactor.methods };
  return signedIn(data, welcomeBack(data));
}

/**
 * Sign in with a passkey (issue 29): alone, or as the second step after a
 * password (the server knows which from the browser's challenge). With
 * `autofill`, the username field offers the passkeys (conditional UI) and this
 * waits until one is picked.
 */
export async function logInWithPasskey(autofill = false): Promise<CurrentUser> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { data: optionsJSON } = await api<{ data: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>('/api/auth/passkey/options', {
    method: 'POST',
  });
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  const { data } = await api<{ data: CurrentUser }>('/api/auth/passkey', { method: 'POST', body: { response } });
  return signedIn(data, welcomeBack(data));
}

/** The second step: a code from the authenticator app, or a recovery code. */
export async function logInWithSecondFactor(input: { code: string } | { recoveryCode: string }): Promise<CurrentUser> {
  const { data } = await api<{ data: CurrentUser }>('/api/auth/second-factor', { method: 'POST', body: input });
  return signedIn(data, welcomeBack(data));
}

/** Single sign-on (issue 29): off to the provider, which comes back to /login/sso/{id}. */
export async function startSingleSignOn(providerId: string, next?: string): Promise<void> {
  const { data } = await api<{ data: { url: string } }>(`/api/auth/sso/${encodeURIComponent(providerId)}/start`, {
    method: 'POST',
    body: next === undefined ? {} : { next },
  });
  window.location.assign(data.url);
}

/** The provider's answer, handed to the server: signed in (kept here), a second factor to give, a choice, or linked. */
export async function finishSingleSignOn(providerId: string, query: string): Promise<SsoCallbackAnswer> {
  const { data } = await api<{ data: SsoCallbackAnswer }>(`/api/auth/sso/${encodeURIComponent(providerId)}/callback`, {
    method: 'POST',
    body: { query },
  });
  if (data.outcome === 'signed_in') await signedIn(data.user, welcomeBack(data.user));
  return data;
}

/** A new account for the person the provider signed in, under the username they chose. */
export async function createSingleSignOnAccount(username: string): Promise<CurrentUser> {
  const { data } = await api<{ data: CurrentUser }>('/api/auth/sso/complete', { method: 'POST', body: { username } });
  return signedIn(data, { title: 'Registration successful', description: 'Your account has been created!' });
}

export async function registerAccount(input: RegisterInput): Promise<CurrentUser> {
  const { data } = await api<{ data: CurrentUser }>('/api/auth/register', { method: 'POST', body: input });
  return signedIn(data, { title: 'Registration successful', description: 'Your account has been created!' });
}

let loggingOut = false;

/**
 * Sign out, then load the landing page afresh: nothing of the account stays in
 * the page's memory, and the landing page is prerendered, so it is on screen at
 * once. The 'Logged out' toast is shown by the new page (announcePending).
 */
export async function logOut(): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    loggingOut = false;
    await announce({ tone: 'error', title: 'Logout failed', description: error instanceof Error ? error.message : String(error) });
    return;
  }
  await announce({ tone: 'success', title: 'Logged out', description: 'You have been logged out successfully.' }, { onNextPage: true });
  window.location.assign('/');
}
