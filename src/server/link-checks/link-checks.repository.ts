import { LINK_CHECK_FAILURES_TO_ALERT, type LinkCheckReason } from '#shared/link-checks.ts';
import type { Db } from '../db/database.ts';

/** Links that are checked: active, with a web address, of an account that is open. */
function checkedLinks(db: Db) {
  return db
    .selectFrom('links')
    .innerJoin('users', 'users.id', 'links.userId')
    .where('links.isActive', '=', 1)
    .where((eb) => eb.or([eb('links.url', 'like', 'http://%'), eb('links.url', 'like', 'https://%')]))
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null);
}

/** Checked links that have no row yet (new links, or links made before checks began), oldest first. */
export function linksNeverScheduled(db: Db, limit: number) {
  return checkedLinks(db)
    .leftJoin('linkChecks', 'linkChecks.linkId', 'links.id')
    .where('linkChecks.linkId', 'is', null)
    .select(['links.id', 'links.url'])
    .orderBy('links.id')
    .limit(limit)
    .execute();
}

export async function scheduleLinks(db: Db, rows: ReadonlyArray<{ linkId: number; url: string; nextCheckAt: string }>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('linkChecks')
    .values(rows.map((row) => ({ ...row, failures: 0 })))
    .onConflict((oc) => oc.column('linkId').doNothing())
    .execute();
}

/** Checks due now (or whose link's address changed since), that no instance holds. */
export function dueChecks(db: Db, now: string, limit: number) {
  return checkedLinks(db)
    .innerJoin('linkChecks', 'linkChecks.linkId', 'links.id')
    .where((eb) => eb.or([eb('linkChecks.nextCheckAt', '<=', now), eb('linkChecks.url', '<>', eb.ref('links.url'))]))
    .where((eb) => eb.or([eb('linkChecks.leaseUntil', 'is', null), eb('linkChecks.leaseUntil', '<=', now)]))
    .select(['links.id as linkId', 'links.url', 'linkChecks.url as checkedUrl', 'linkChecks.failures', 'linkChecks.failingSince'])
    .orderBy('linkChecks.nextCheckAt')
    .limit(limit)
    .execute();
}

export type DueCheck = Awaited<ReturnType<typeof dueChecks>>[number];

/** Takes a due check for this instance until `until`; false when another instance took it first. */
export async function claimCheck(db: Db, check: DueCheck, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('linkChecks')
    .set({ leaseUntil: until })
    .where('linkId', '=', check.linkId)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a check writes: its address and times always, the verdict unless the check was inconclusive. */
export interface CheckFindings {
  url: string;
  checkedAt: string;
  nextCheckAt: string;
  failures?: number;
  failingSince?: string | null;
  reason?: LinkCheckReason | null;
  httpStatus?: number | null;
}

export async function recordCheck(db: Db, linkId: number, findings: CheckFindings): Promise<void> {
  await db
    .updateTable('linkChecks')
    .set({ ...findings, leaseUntil: null })
    .where('linkId', '=', linkId)
    .execute();
}

export async function forgetCheck(db: Db, linkId: number): Promise<void> {
  await db.deleteFrom('linkChecks').where('linkId', '=', linkId).execute();
}

/** The owner's active links whose current address failed its last checks in a row. */
export function brokenLinksOf(db: Db, userId: number) {
  return db
    .selectFrom('linkChecks')
    .innerJoin('links', 'links.id', 'linkChecks.linkId')
    .where('links.userId', '=', userId)
    .where('links.isActive', '=', 1)
    .whereRef('linkChecks.url', '=', 'links.url')
    .where('linkChecks.failures', '>=', LINK_CHECK_FAILURES_TO_ALERT)
    .select([
      'links.id as linkId',
      'links.title',
      'linkChecks.reason',
      'linkChecks.httpStatus',
      'linkChecks.failingSince',
      'linkChecks.checkedAt',
    ])
    .orderBy('links.position')
    .execute();
}
