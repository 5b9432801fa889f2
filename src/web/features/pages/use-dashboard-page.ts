import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CurrentUser } from '#shared/user.types.ts';
import { choosePageId, chosenPageId } from '#web/lib/page-choice.ts';
import { refreshSession } from '#web/lib/use-session.ts';
import { usePages } from './use-page-list.ts';

/** Where the dashboard stands with the page its address names. */
export type DashboardPageState = 'ready' | 'switching' | 'unknown';

/**
 * The page the dashboard's address names (?page=username; none: the account's own first page), made the one every
 * call acts on (issue 53). A change of page forgets what was loaded of the one before (each tab reads the new one
 * afresh) and asks the server again who is signed in on which page: until then the dashboard waits. A page renamed
 * from its Profile tab keeps being worked on, under its new name (`renamed`).
 */
export function useDashboardPage(user: CurrentUser, named: string | null, renamed: (username: string) => void): DashboardPageState {
  const pages = usePages();
  const queryClient = useQueryClient();
  const list = pages.data?.pages;
  const match = named === null ? undefined : list?.find((page) => page.username === named);
  const wanted = named === null ? user.accountId : match?.id;
  const stillHere = named !== null && list !== undefined && !match && chosenPageId() === user.id && user.username !== named;

  useEffect(() => {
    if (stillHere) renamed(user.username);
  }, [stillHere, renamed, user.username]);

  useEffect(() => {
    if (wanted === undefined || wanted === user.id) return;
    choosePageId(wanted === user.accountId ? null : wanted);
    // The person's pages are theirs whatever page is chosen; the rest was the page's.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'pages' });
    void refreshSession();
  }, [wanted, user.id, user.accountId, queryClient]);

  if (stillHere) return 'ready';
  if (named !== null && list !== undefined && !match) return 'unknown';
  return wanted === user.id ? 'ready' : 'switching';
}
