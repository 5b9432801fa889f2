import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Link } from '#shared/links.ts';
import type { MediaUpload } from '#shared/media.ts';
import type { PlanUsage } from '#shared/plans.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, api, apiErrorOf } from '#web/lib/api.ts';

export const linksQueryKey = (userId: number) => ['links', userId] as const;
export const limitsQueryKey = ['me', 'limits'] as const;

export function useLinks(userId: number) {
  return useQuery({
    queryKey: linksQueryKey(userId),
    queryFn: async () => (await api<{ data: Link[] }>(`/api/users/${userId}/links`)).data,
  });
}

export function usePlanUsage() {
  return useQuery({
    queryKey: limitsQueryKey,
    queryFn: async () => (await api<{ data: PlanUsage }>('/api/me/limits')).data,
  });
}

export interface LinkFields {
  title: string;
  url: string;
  icon: string;
  color: string;
  customIcon: string | null;
  isActive?: boolean;
}

function useInvalidateLinks(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: linksQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
    ]);
}

export function useCreateLink(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useMutation({
    mutationFn: async (fields: LinkFields) => (await api<{ data: Link }>('/api/links', { method: 'POST', body: fields })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateLink(userId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLinks(userId);
  return useMutation({
    mutationFn: async ({ id, ...fields }: Partial<LinkFields> & { id: number }) =>
      (await api<{ data: Link }>(`/api/links/${id}`, { method: 'PATCH', body: fields })).data,
    onSuccess: (link) => {
      queryClient.setQueryData<Link[]>(linksQueryKey(userId), (links) => links?.map((entry) => (entry.id === link.id ? link : entry)));
      return invalidate();
    },
  });
}

export function useDeleteLink(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useMutation({
    mutationFn: (id: number) => api(`/api/links/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Saves a new order; the list moves at once and comes back if the server refuses. */
export function useReorderLinks(userId: number) {
  const queryClient = useQueryClient();
  const key = linksQueryKey(userId);
  return useMutation({
    mutationFn: async (ids: number[]) => (await api<{ data: Link[] }>('/api/links/order', { method: 'PUT', body: { ids } })).data,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Link[]>(key);
      if (previous) {
        const byId = new Map(previous.map((link) => [link.id, link]));
        queryClient.setQueryData(
          key,
          ids.map((id) => byId.get(id)).filter((link): link is Link => Boolean(link)),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (links) => queryClient.setQueryData(key, links),
  });
}

/** Upload one file with progress (fetch cannot report upload progress, XMLHttpRequest can). */
export function uploadMedia(kind: string, file: File, onProgress: (percent: number) => void): Promise<MediaUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/media/${kind}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: { data?: MediaUpload } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // An empty or non-JSON body: the status decides.
      }
      if (request.status >= 200 && request.status < 300 && body.data) resolve(body.data);
      else reject(apiErrorOf(request.status, body));
    };
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
