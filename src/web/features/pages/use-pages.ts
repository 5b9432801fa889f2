import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityItem } from '#shared/activity.ts';
import type { CreatePageRequest, InvitationPreview, InviteInput, PageSummary, Team } from '#shared/pages.ts';
import type { MemberRole } from '#shared/page-roles.ts';
import type { ImportPreview, PageFile } from '#shared/page-transfer.ts';
import { api } from '#web/lib/api.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { refreshSession } from '#web/lib/use-session.ts';
import { pagesQueryKey } from './use-page-list.ts';

// Several pages per account, run with a team (issue 53): the calls of the
// switcher, the new-page dialog and the Page & Team tab.

const teamQueryKey = ['me', 'team'] as const;
const activityLogQueryKey = ['me', 'activity', 'log'] as const;

function usePagesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pagesQueryKey });
}

export function useCreatePage() {
  const changed = usePagesChanged();
  return useApiMutation({
    failure: 'The page could not be made. Please try again.',
    mutationFn: async (input: CreatePageRequest) =>
      (await api<{ data: PageSummary }>('/api/me/pages', { method: 'POST', body: input })).data,
    onSuccess: changed,
  });
}

export function useDeletePage() {
  const changed = usePagesChanged();
  return useApiMutation({
    failure: 'The page could not be deleted. Please try again.',
    mutationFn: async ({ id, username }: { id: number; username: string }) =>
      (await api<{ data: { deleteAfter: string } }>(`/api/me/pages/${id}`, { method: 'DELETE', body: { username } })).data,
    onSuccess: changed,
  });
}

export function useRestorePage() {
  const changed = usePagesChanged();
  return useApiMutation({
    failure: 'The page could not be restored. Please try again.',
    success: 'Page restored: it is online again',
    mutationFn: (id: number) => api(`/api/me/pages/${id}/restore`, { method: 'POST' }),
    onSuccess: changed,
  });
}

export function useTeam() {
  return useQuery({
    queryKey: teamQueryKey,
    queryFn: async () => (await api<{ data: Team }>('/api/me/team')).data,
  });
}

/** After a change of the team: the team, its log and the person's pages are read again. */
function useTeamChanged() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamQueryKey }),
      queryClient.invalidateQueries({ queryKey: activityLogQueryKey }),
      queryClient.invalidateQueries({ queryKey: pagesQueryKey }),
    ]);
  };
}

export function useInvite() {
  const changed = useTeamChanged();
  return useApiMutation({
    failure: 'The invitation could not be sent. Please try again.',
    mutationFn: async (input: InviteInput) =>
      (
        await api<{ data: { invitation: Team['invitations'][number]; link: string } }>('/api/me/team/invitations', {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: changed,
  });
}

export function useWithdrawInvitation() {
  const changed = useTeamChanged();
  return useApiMutation({
    failure: 'The invitation could not be withdrawn. Please try again.',
    success: 'Invitation withdrawn: its link no longer works',
    mutationFn: (id: number) => api(`/api/me/team/invitations/${id}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useChangeRole() {
  const changed = useTeamChanged();
  return useApiMutation({
    failure: 'The role could not be changed. Please try again.',
    success: 'Role changed',
    mutationFn: ({ accountId, role }: { accountId: number; role: MemberRole }) =>
      api(`/api/me/team/members/${accountId}`, { method: 'PATCH', body: { role } }),
    onSuccess: changed,
  });
}

export function useRemoveMember() {
  const changed = useTeamChanged();
  return useApiMutation({
    failure: 'The member could not be removed. Please try again.',
    mutationFn: (accountId: number) => api(`/api/me/team/members/${accountId}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useLeavePage() {
  const changed = usePagesChanged();
  return useApiMutation({
    failure: 'You could not leave the page. Please try again.',
    mutationFn: (pageId: number) => api(`/api/me/pages/${pageId}/membership`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useOfferOwnership() {
  const changed = useTeamChanged();
  return useApiMutation({
    failure: 'The page could not be offered. Please try again.',
    success: 'Offer sent: the page moves once they accept',
    mutationFn: (accountId: number) => api('/api/me/team/ownership', { method: 'POST', body: { accountId } }),
    onSuccess: changed,
  });
}

export function useWithdrawOffer() {
  const changed = useTeamChanged();
  return useApiMutation({
    failure: 'The offer could not be withdrawn. Please try again.',
    success: 'Offer withdrawn',
    mutationFn: () => api('/api/me/team/ownership', { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** The member offered the page answers: yes makes it theirs (the session is read again: their role changed). */
export function useAnswerOffer() {
  const changed = useTeamChanged();
  return useApiMutation({
    failure: 'Your answer could not be saved. Please try again.',
    mutationFn: ({ pageId, accept }: { pageId: number; accept: boolean }) =>
      api(`/api/me/pages/${pageId}/ownership`, { method: accept ? 'POST' : 'DELETE' }),
    onSuccess: async () => {
      await changed();
      await refreshSession();
    },
  });
}

export function useActivityLog() {
  return useInfiniteQuery({
    queryKey: activityLogQueryKey,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (
        await api<{ data: { entries: ActivityItem[]; more: boolean } }>(
          `/api/me/activity/log${pageParam === undefined ? '' : `?before=${pageParam}`}`,
        )
      ).data,
    getNextPageParam: (last) => (last.more ? last.entries.at(-1)?.id : undefined),
  });
}

export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return (await api<{ data: InvitationPreview }>('/api/invitations/preview', { method: 'POST', body: { token } })).data;
}

export function useAcceptInvitation() {
  const changed = usePagesChanged();
  return useApiMutation({
    failure: 'The invitation could not be accepted. Please try again.',
    mutationFn: async (token: string) =>
      (await api<{ data: { pageId: number } }>('/api/me/invitations/accept', { method: 'POST', body: { token } })).data,
    onSuccess: changed,
  });
}

/** A page file brought into the page just made: checked first (nothing is saved), then saved in place of its empty items. */
export async function importPageFileInto(pageId: number, document: PageFile): Promise<void> {
  const preview = (
    await api<{ data: ImportPreview }>('/api/me/page-import/preview', { method: 'POST', body: { source: 'file', document }, page: pageId })
  ).data;
  const media = Array.isArray(document.media) ? document.media : [];
  await api('/api/me/page-import', { method: 'POST', body: { mode: 'replace', document: { ...preview.document, media } }, page: pageId });
}

/** The person's own wish for the page's summary by mail. */
export function usePageSummaryMail() {
  const changed = usePagesChanged();
  return useApiMutation({
    failure: 'The setting could not be saved. Please try again.',
    success: ({ weeklySummary }) =>
      weeklySummary
        ? { title: 'Summary on', description: 'It arrives on Mondays, with the week before’s views and clicks of this page.' }
        : 'Summary off',
    mutationFn: async ({ pageId, weeklySummary }: { pageId: number; weeklySummary: boolean }) =>
      (await api<{ data: { weeklySummary: boolean } }>(`/api/me/pages/${pageId}/summary`, { method: 'PUT', body: { weeklySummary } })).data,
    onSuccess: changed,
  });
}
