import type { AudienceDevice } from '#shared/audience.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import type { BrokenLink, LinkChecksResponse } from '#shared/link-checks.ts';
import type { ArchivedItem } from '#shared/link-archive.ts';
import type { Block, PageItem } from '#shared/blocks.ts';
import { BLOCK_NAMES } from '#shared/page-items.ts';
import type { ContentWarning } from '#shared/content-warning.ts';
import type { Link } from '#shared/links.ts';
import type { PlanUsage } from '#shared/plans.schema.ts';
import { api } from '#web/lib/api.ts';
import { limitsQueryKey } from '#web/lib/query-keys.ts';

export const linksQueryKey = (userId: number) => ['links', userId] as const;
const linkChecksQueryKey = ['me', 'link-checks'] as const;
const linkArchiveQueryKey = ['me', 'link-archive'] as const;

const fetchPageItems = async (userId: number) => (await api<{ data: PageItem[] }>(`/api/users/${userId}/links`)).data;

/** The page's links and blocks, in order. */
export function usePageItems(userId: number) {
  return useQuery({ queryKey: linksQueryKey(userId), queryFn: () => fetchPageItems(userId) });
}

/** The page's links alone (the same request as usePageItems). */
export function useLinks(userId: number) {
  return useQuery({
    queryKey: linksQueryKey(userId),
    queryFn: () => fetchPageItems(userId),
    select: (items) => items.filter((item): item is Link => item.type === 'link'),
  });
}

export function usePlanUsage() {
  return useQuery({
    queryKey: limitsQueryKey,
    queryFn: async () => (await api<{ data: PlanUsage }>('/api/me/limits')).data,
  });
}

/** What the daily link checks found: the links that look broken, by id (none where the site does not check links). */
export function useBrokenLinks(): Map<number, BrokenLink> {
  const checks = useQuery({
    queryKey: linkChecksQueryKey,
    queryFn: async () => (await api<{ data: LinkChecksResponse }>('/api/me/link-checks')).data,
  });
  return new Map((checks.data?.broken ?? []).map((entry) => [entry.linkId, entry]));
}

export interface LinkFields {
  title: string;
  url: string;
  icon: string;
  color: string;
  customIcon: string | null;
  thumbnail?: string | null;
  isActive?: boolean;
  showAsIcon?: boolean;
  ownProfile?: boolean;
  contentWarning?: ContentWarning | null;
  /** Who sees the link (issue 30). */
  device?: AudienceDevice;
  countries?: string[];
  startsAt?: string | null;
  endsAt?: string | null;
}

function useInvalidateLinks(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: linksQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
      // A link whose address changed is no longer the one that looked broken.
      queryClient.invalidateQueries({ queryKey: linkChecksQueryKey }),
      // A deleted item goes to the archive; a restored one leaves it.
      queryClient.invalidateQueries({ queryKey: linkArchiveQueryKey }),
    ]);
}

export function useCreateLink(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    failure: 'Failed to update link. Please try again.',
    failureTitle: 'Error',
    success: { title: 'Link added', description: 'Your link is live on your profile.' },
    mutationFn: async (fields: LinkFields) => (await api<{ data: Link }>('/api/links', { method: 'POST', body: fields })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateLink(userId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    failure: 'Failed to update link. Please try again.',
    failureTitle: 'Error',
    success: { title: 'Link updated', description: 'Your link has been updated successfully.' },
    mutationFn: async ({ id, ...fields }: Partial<LinkFields> & { id: number }) =>
      (await api<{ data: Link }>(`/api/links/${id}`, { method: 'PATCH', body: fields })).data,
    onSuccess: (link) => {
      queryClient.setQueryData<PageItem[]>(linksQueryKey(userId), (items) => items?.map((entry) => (entry.id === link.id ? link : entry)));
      return invalidate();
    },
  });
}

/** Several links take one colour (Customize's "Recolour them"), or their colours back (its undo). */
export function useRecolourLinks(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    mutationFn: (changes: { id: number; color: string }[]) =>
      Promise.all(changes.map(({ id, color }) => api(`/api/links/${id}`, { method: 'PATCH', body: { color } }))),
    onSuccess: invalidate,
    failure: 'Could not change the links’ colour: try again.',
  });
}

/** A block's fields as the forms send them: a header's title, a text's words, its switch and schedule. */
export interface BlockFields {
  title?: string;
  text?: string;
  /** An embed's address. */
  url?: string;
  isActive?: boolean;
  startsAt?: string | null;
  endsAt?: string | null;
}

export function useCreateBlock(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    failure: 'Failed to save the block. Please try again.',
    failureTitle: 'Error',
    success: (_block, fields) => `${BLOCK_NAMES[fields.type]} added`,
    mutationFn: async (fields: BlockFields & { type: Block['type'] }) =>
      (await api<{ data: Block }>('/api/links/blocks', { method: 'POST', body: fields })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateBlock(userId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    failure: 'Failed to save the block. Please try again.',
    failureTitle: 'Error',
    success: 'Block updated',
    mutationFn: async ({ id, ...fields }: BlockFields & { id: number }) =>
      (await api<{ data: Block }>(`/api/links/blocks/${id}`, { method: 'PATCH', body: fields })).data,
    onSuccess: (block) => {
      queryClient.setQueryData<PageItem[]>(linksQueryKey(userId), (items) =>
        items?.map((entry) => (entry.id === block.id ? block : entry)),
      );
      return invalidate();
    },
  });
}

export function useDeleteLink(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    failure: 'Failed to delete link. Please try again.',
    failureTitle: 'Error',
    mutationFn: (id: number) => api(`/api/links/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Deleted links and blocks, kept 30 days (issue 51 §2), the last deleted first. */
export function useLinkArchive() {
  return useQuery({
    queryKey: linkArchiveQueryKey,
    queryFn: async () => (await api<{ data: ArchivedItem[] }>('/api/links/archive')).data,
  });
}

/** A deleted item back at its place, with its clicks. */
export function useRestoreItem(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    failure: 'Could not restore it. Please try again.',
    failureTitle: 'Error',
    success: (item: PageItem) => (item.type === 'link' ? 'Link restored' : 'Block restored'),
    mutationFn: async (id: number) => (await api<{ data: PageItem }>(`/api/links/archive/${id}/restore`, { method: 'POST' })).data,
    onSuccess: invalidate,
  });
}

/** An archived item gone for good. */
export function useDeleteArchivedItem(userId: number) {
  const invalidate = useInvalidateLinks(userId);
  return useApiMutation({
    failure: 'Could not delete it. Please try again.',
    failureTitle: 'Error',
    success: 'Deleted for good',
    mutationFn: (id: number) => api(`/api/links/archive/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Saves a new order; the list moves at once and comes back if the server refuses. */
export function useReorderLinks(userId: number) {
  const queryClient = useQueryClient();
  const key = linksQueryKey(userId);
  return useApiMutation({
    mutationFn: async (ids: number[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PageItem[]>(key);
      if (previous) {
        const byId = new Map(previous.map((item) => [item.id, item]));
        queryClient.setQueryData(
          key,
          ids.map((id) => byId.get(id)).filter((item): item is PageItem => Boolean(item)),
        );
      }
      try {
        return (await api<{ data: PageItem[] }>('/api/links/order', { method: 'PUT', body: { ids } })).data;
      } catch (caught) {
        if (previous) queryClient.setQueryData(key, previous);
        throw caught;
      }
    },
    onSuccess: (links) => queryClient.setQueryData(key, links),
    failure: 'Failed to save the new order. Please try again.',
    failureTitle: 'Error',
    success: 'Order saved',
  });
}
