import { DAY_MS, type Plan } from '#shared/constants.ts';
import { CUSTOMIZATION_MEDIA_FIELDS } from '#shared/customization.ts';
import type { CreatePageInput, DeletePageInput, PageSummary, PageSummaryMailInput, PagesAnswer } from '#shared/pages.ts';
import { type PageRole, pageMessages, roleAllows } from '#shared/page-roles.ts';
import { PLAN_NAMES, type PlanLimits, planFeatureMessages, plansAllowing } from '#shared/plans.ts';
import { accountMessages } from '#shared/account-messages.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError, planFeatureRefused } from '../http/errors.ts';
import type { PageReaders, PageWriters } from '../services.ts';
import { isPastPlan } from '../users/page-rank.repository.ts';
import { findUserById, findUserByUsername, insertUser, pageOfAccount, updateUser } from '../users/users.repository.ts';
import { assertTypedUsername, assertUsernameAvailable, usernameTaken } from '../users/users.service.ts';
import { countLiveOwnedPages, joinedPageRows, ownedPageRows, setMemberSummary } from './pages.repository.ts';

// Several pages per account (issue 53). A further page is a users row with an
// owner; what the public sees of it, and every tab of the dashboard, works as
// for the account's own first page. See users/page-choice.ts for how a call
// names the page it acts on.

type SummaryRow = Awaited<ReturnType<typeof ownedPageRows>>[number];

function toSummary(row: SummaryRow, role: PageRole, accountId: number, planLimits: Record<Plan, PlanLimits>): PageSummary {
  const pastPlan = isPastPlan(row, planLimits);
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    profileImage: row.profileImage,
    role,
    isAccountPage: row.id === accountId,
    offline: row.deleteAfter !== null || pastPlan,
    deleteAfter: row.deleteAfter,
    weeklySummary: row.weeklySummary === 1,
  };
}

/** The pages the person may act on: their own, then those they were let into. */
export async function listPages(db: Db, account: UserRow, planLimits: Record<Plan, PlanLimits>): Promise<PagesAnswer> {
  const [owned, joined] = await Promise.all([ownedPageRows(db, account.id), joinedPageRows(db, account.id)]);
  return {
    pages: [
      ...owned.map((row) => toSummary(row, 'owner', account.id, planLimits)),
      ...joined.map(({ role, ...row }) => toSummary(row, role, account.id, planLimits)),
    ],
    limit: planLimits[account.plan].pages,
    owned: owned.filter((row) => row.deleteAfter === null).length,
  };
}

/** What making a page asks of the features that own a look (customization) and its files (media). */
export interface NewPageParts {
  planLimits: Record<Plan, PlanLimits>;
  lookOf: PageReaders['lookOf'];
  setLook: PageWriters['setLook'];
  copyUpload: PageWriters['copyUpload'];
}

/**
 * A new page of the account at a free address (the username rules and holds apply), empty or with the look of
 * one of the pages the person may edit, its uploaded background, music and cursor copied with it.
 */
export async function createPage(db: Db, account: UserRow, input: CreatePageInput, parts: NewPageParts): Promise<PageSummary> {
  const limit = parts.planLimits[account.plan].pages;
  const source = input.start === 'copy' && input.copyFrom !== undefined ? await editablePage(db, account, input.copyFrom) : undefined;
  if (input.start === 'copy' && !source) {
    throw new AppError(400, 'validation_failed', pageMessages.copyFromUnknown, { fieldErrors: { copyFrom: pageMessages.copyFromUnknown } });
  }
  await assertUsernameAvailable(db, input.username);
  const page = await db.transaction().execute(async (trx) => {
    if ((await countLiveOwnedPages(trx, account.id)) >= limit) {
      throw new AppError(409, 'too_many_pages', pageMessages.tooMany(limit, PLAN_NAMES[account.plan]));
    }
    const now = nowIso();
    let row: UserRow;
    try {
      row = await insertUser(trx, {
        username: input.username,
        passwordHash: '',
        displayName: input.username,
        bio: '',
        email: null,
        role: 'user',
        plan: account.plan,
        extraUploadBytes: account.extraUploadBytes,
        customDomainAddOn: account.customDomainAddOn,
        isActive: 1,
        verified: 0,
        showViews: 0,
        timeZone: account.timeZone,
        ownerId: account.id,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (await findUserByUsername(trx, input.username)) throw usernameTaken();
      throw error;
    }
    if (source) {
      const look = await parts.lookOf(trx, source.id);
      for (const [field, kind] of Object.entries(CUSTOMIZATION_MEDIA_FIELDS) as Array<
        [keyof typeof CUSTOMIZATION_MEDIA_FIELDS, (typeof CUSTOMIZATION_MEDIA_FIELDS)[keyof typeof CUSTOMIZATION_MEDIA_FIELDS]]
      >) {
        const url = look[field];
        if (url && !(await parts.copyUpload(trx, source.id, row.id, kind, url))) look[field] = '';
      }
      await parts.setLook(trx, row, look);
    }
    return row;
  });
  return toSummary({ ...page, furtherPageRank: 0, weeklySummary: 0 }, 'owner', account.id, parts.planLimits);
}

/** A page the person may change: their own, or one they edit; undefined otherwise. */
async function editablePage(db: Db, account: UserRow, pageId: number): Promise<UserRow | undefined> {
  if (pageId === account.id) return account;
  const chosen = await pageOfAccount(db, pageId, account.id);
  return chosen && roleAllows(chosen.role, 'editor') ? chosen.page : undefined;
}

/** A further page the account owns, or 404 (a page of another is not told apart from none). */
async function ownedFurtherPage(db: Db, account: UserRow, pageId: number): Promise<UserRow> {
  if (pageId === account.id) throw new AppError(409, 'forbidden', pageMessages.firstPage);
  const page = await findUserById(db, pageId);
  if (!page || page.ownerId !== account.id) throw new AppError(404, 'not_found', pageMessages.notFound);
  return page;
}

/** The owner deletes a further page: offline at once, removed for good after the grace period, restorable until then. */
export async function deletePage(db: Db, account: UserRow, pageId: number, input: DeletePageInput, graceDays: number, now = Date.now()) {
  const page = await ownedFurtherPage(db, account, pageId);
  assertTypedUsername(input.username, page.username);
  const deleteAfter = page.deleteAfter ?? new Date(now + graceDays * DAY_MS).toISOString();
  await updateUser(db, page.id, { deleteAfter });
  return { page, deleteAfter };
}

/** Take a deleted page back within its grace period: online again, as it was (if the plan holds it). */
export async function restorePage(db: Db, account: UserRow, pageId: number): Promise<UserRow> {
  const page = await ownedFurtherPage(db, account, pageId);
  await updateUser(db, page.id, { deleteAfter: null });
  return { ...page, deleteAfter: null };
}

/**
 * The person's own wish for a page's summary by mail (issue 53): its owner's is the page's flag (and how often, a
 * monthly report on a plan with premium analytics); a member's is theirs alone. Mail goes to a confirmed address.
 */
export async function setPageSummaryMail(
  db: Db,
  account: UserRow,
  pageId: number,
  { weeklySummary: on, every }: PageSummaryMailInput,
  planLimits: Record<Plan, PlanLimits>,
): Promise<void> {
  if (on && !account.emailConfirmedAt) throw new AppError(400, 'no_email', accountMessages.weeklySummaryNeedsEmail);
  const page = pageId === account.id ? account : await findUserById(db, pageId);
  if (page && (page.id === account.id || page.ownerId === account.id)) {
    if (every === 'month' && !planLimits[page.plan].premiumAnalytics) {
      throw planFeatureRefused(planFeatureMessages.monthlyReport(plansAllowing(planLimits, (plan) => plan.premiumAnalytics)), 'every');
    }
    await updateUser(db, page.id, { weeklySummary: on ? 1 : 0, summaryEvery: every ?? page.summaryEvery });
    return;
  }
  if (every !== undefined) throw new AppError(403, 'page_role', pageMessages.cadenceIsOwners);
  if (!(await setMemberSummary(db, pageId, account.id, on))) throw new AppError(404, 'not_found', pageMessages.notFound);
}
