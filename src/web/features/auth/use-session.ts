import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginInput, RegisterInput } from '#shared/auth.schema.ts';
import { SESSION_HINT_COOKIE_NAME } from '#shared/constants.ts';
import { AUTH_CHECK_TIMEOUT_MS } from '#web/lib/constants.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { ApiError, api } from '#web/lib/api.ts';

export const sessionQueryKey = ['auth', 'me'] as const;

/**
 * Whether a session can exist: the server sets a page-readable hint cookie
 * beside the httpOnly session cookie. Without it nobody is signed in, and the
 * server is not asked (a prerendered page, rendered for nobody, then hydrates as is).
 */
export function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE_NAME}=`));
}

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

export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchCurrentUser,
    initialData: () => (mayHaveSession() ? undefined : null),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status > 0),
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error, refetch: query.refetch };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<{ data: CurrentUser }>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(sessionQueryKey, data);
      const { toast } = await import('sonner');
      toast.success('Logged in successfully', { description: `Welcome back, ${data.displayName || data.username}!` });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api<{ data: CurrentUser }>('/api/auth/register', { method: 'POST', body: input }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(sessionQueryKey, data);
      const { toast } = await import('sonner');
      toast.success('Registration successful', { description: 'Your account has been created!' });
    },
  });
}

// Toasts come from sonner, imported when one is shown: pages that never show one
// (the landing page) do not download it.

/**
 * Sign out, then go to the landing page. The navigation is the hook's own, and
 * is finished before the session is cleared: a callback given to mutate() is
 * dropped when its component unmounts, and a session cleared while the landing
 * page's code is still loading lets the dashboard's guard send the visitor to
 * /login instead.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/api/auth/logout', { method: 'POST' }),
    onSuccess: async () => {
      // The landing page's code may still be loading: the session is cleared once it is on screen.
      await navigate('/', { flushSync: true });
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      const { toast } = await import('sonner');
      toast.success('Logged out', { description: 'You have been logged out successfully.' });
    },
    onError: async (error) => {
      const { toast } = await import('sonner');
      toast.error('Logout failed', { description: error.message });
    },
  });
}
