import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CustomDomainsTable } from '../db/schema.ts';

export type CustomDomainRow = Selectable<CustomDomainsTable>;

export function findDomainOf(db: Db, userId: number): Promise<CustomDomainRow | undefined> {
  return db.selectFrom('customDomains').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The one account a name is verified for, if any. */
export function findVerifiedDomain(db: Db, domain: string): Promise<CustomDomainRow | undefined> {
  return db.selectFrom('customDomains').selectAll().where('domain', '=', domain).where('verifiedAt', 'is not', null).executeTakeFirst();
}

/** The account whose page a verified name serves: active, not being deleted, with the plan and add-on that allow it. */
export function findServingAccount(db: Db, domain: string) {
  return db
    .selectFrom('customDomains')
    .innerJoin('users', 'users.id', 'customDomains.userId')
    .select(['users.id', 'users.username', 'users.plan', 'users.customDomainAddOn'])
    .where('customDomains.domain', '=', domain)
    .where('customDomains.verifiedAt', 'is not', null)
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null)
    .executeTakeFirst();
}

/** An account's domain, replacing the one it had. */
export async function replaceDomain(db: Db, userId: number, domain: string, token: string, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('customDomains').where('userId', '=', userId).execute();
    await trx.insertInto('customDomains').values({ userId, domain, token, createdAt: at }).execute();
  });
}

export async function deleteDomainOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('customDomains').where('userId', '=', userId).execute();
}

export async function updateDomain(db: Db, id: number, changes: Updateable<CustomDomainsTable>): Promise<void> {
  await db.updateTable('customDomains').set(changes).where('id', '=', id).execute();
}

/** Verified domains not checked since `before`, the oldest first: the daily re-check's batch. */
export function domainsDueForCheck(db: Db, before: string, limit: number): Promise<CustomDomainRow[]> {
  return db
    .selectFrom('customDomains')
    .selectAll()
    .where('verifiedAt', 'is not', null)
    .where((eb) => eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<', before)]))
    .orderBy('checkedAt')
    .limit(limit)
    .execute();
}
