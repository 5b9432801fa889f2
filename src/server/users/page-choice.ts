import type { FastifyRequest } from 'fastify';
import { PAGE_HEADER_NAME, pageMessages } from '#shared/page-roles.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { actsOnPage, pageOfAccount } from './users.repository.ts';

const PAGE_ID = /^[1-9]\d{0,9}$/;

/**
 * Who a call is (issue 53): `account`, the person its session or token belongs to; `user`, the page it acts on.
 * An API call names the page in PAGE_HEADER_NAME (a download, in its query); without one it acts on the account's own first page, as every
 * call did before pages. A page the person may not act on (never theirs, or they were removed from it a moment
 * ago) is refused with 403, as is one a token was not given (`tokenPages`: the ids it was made for; empty: the
 * account's own page only).
 */
export async function actOnChosenPage(db: Db, request: FastifyRequest, account: UserRow, tokenPages?: readonly number[]): Promise<void> {
  request.account = account;
  const named = request.url.startsWith('/api/') ? (request.headers[PAGE_HEADER_NAME] ?? pageInQuery(request)) : undefined;
  const tokenMayAct = (id: number) => tokenPages === undefined || (tokenPages.length === 0 ? id === account.id : tokenPages.includes(id));
  let pageId = account.id;
  if (named !== undefined) {
    if (typeof named !== 'string' || !PAGE_ID.test(named)) throw new AppError(400, 'invalid_page', pageMessages.badHeader);
    pageId = Number(named);
  } else if (!tokenMayAct(pageId)) {
    pageId = tokenPages![0]!;
  }
  if (!tokenMayAct(pageId)) throw new AppError(403, 'page_forbidden', pageMessages.tokenPageRefused);
  if (pageId === account.id) {
    request.user = actingOn(account, account);
    request.pageRole = 'owner';
    return;
  }
  const chosen = await pageOfAccount(db, pageId, account.id);
  if (!chosen) throw new AppError(403, 'page_forbidden', pageMessages.notYours);
  request.user = actingOn(chosen.page, account);
  request.pageRole = chosen.role;
}

/**
 * A download the browser fetches by itself (a CSV, a QR code) cannot carry a header: it names the page in its
 * query as `?linkverse-page=`, taken out here so that a route's own query rules never see it.
 */
function pageInQuery(request: FastifyRequest): string | string[] | undefined {
  const query = request.query as Record<string, string | string[] | undefined> | undefined;
  if (!query || !(PAGE_HEADER_NAME in query)) return undefined;
  const named = query[PAGE_HEADER_NAME];
  delete query[PAGE_HEADER_NAME];
  return named;
}

/** The page's row, carrying who acts on it: the activity log says who made each change (journal/activity.repository.ts ActingOn). */
function actingOn(page: UserRow, account: UserRow): UserRow {
  return Object.assign({}, page, { actorId: account.id });
}

/** Whether the person signed in owns the page or is on its team: their own visits and clicks are not counted. */
export async function isOwnPage(db: Db, request: FastifyRequest, pageId: number): Promise<boolean> {
  const account = request.account;
  return account !== null && (account.id === pageId || (await actsOnPage(db, account.id, pageId)));
}
