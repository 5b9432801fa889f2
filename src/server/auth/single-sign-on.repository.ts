import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SsoSignInsTable } from '../db/schema.ts';

// Every query of single sign-on's links and sign-ins under way (issue 29).

export function findSsoIdentity(db: Db, provider: string, subject: string) {
  return db.selectFrom('ssoIdentities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

export function listSsoIdentitiesOf(db: Db, userId: number) {
  return db.selectFrom('ssoIdentities').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

export async function insertSsoIdentity(
  db: Db,
  identity: { userId: number; provider: string; subject: string; email: string | null; at: string },
): Promise<void> {
  const { at, ...fields } = identity;
  await db
    .insertInto('ssoIdentities')
    .values({ ...fields, createdAt: at, lastUsedAt: at })
    .execute();
}

export async function recordSsoUse(db: Db, id: number, email: string | null, at: string): Promise<void> {
  await db.updateTable('ssoIdentities').set({ email, lastUsedAt: at }).where('id', '=', id).execute();
}

export async function deleteSsoIdentity(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('ssoIdentities').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A new sign-in; those nobody finished go as each new one starts. */
export async function insertSsoSignIn(db: Db, signIn: Insertable<SsoSignInsTable>): Promise<void> {
  await db.deleteFrom('ssoSignIns').where('expiresAt', '<', signIn.createdAt).execute();
  await db.insertInto('ssoSignIns').values(signIn).execute();
}

export function findSsoSignIn(db: Db, tokenHash: string) {
  return db.selectFrom('ssoSignIns').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Spend a sign-in's state: true only for the one request that did, so the provider's answer is used once. */
export async function spendSsoState(db: Db, id: number, state: string): Promise<boolean> {
  const result = await db.updateTable('ssoSignIns').set({ state: '' }).where('id', '=', id).where('state', '=', state).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The provider's person, waiting for a username or the account to link. */
export async function holdSsoPerson(
  db: Db,
  id: number,
  person: { subject: string; email: string | null; name: string | null; expiresAt: string },
): Promise<void> {
  await db.updateTable('ssoSignIns').set(person).where('id', '=', id).execute();
}

export async function deleteSsoSignIn(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('ssoSignIns').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
