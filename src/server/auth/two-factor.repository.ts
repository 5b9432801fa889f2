import type { Db } from '../db/database.ts';

// Every query of the second factors (issue 29): the authenticator app, the
// recovery codes, and the challenges between a password and its code.

export function findTotpFactor(db: Db, userId: number) {
  return db.selectFrom('totpFactors').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** A new secret being set up: replaces one not yet confirmed. */
export async function savePendingTotp(db: Db, userId: number, secret: string, at: string): Promise<void> {
  await db.deleteFrom('totpFactors').where('userId', '=', userId).where('confirmedAt', 'is', null).execute();
  await db.insertInto('totpFactors').values({ userId, secret, confirmedAt: null, lastUsedStep: 0, createdAt: at }).execute();
}

export async function confirmTotpFactor(db: Db, userId: number, step: number, at: string): Promise<void> {
  await db.updateTable('totpFactors').set({ confirmedAt: at, lastUsedStep: step }).where('userId', '=', userId).execute();
}

/** Take a code's step, only if no later or equal step was taken: two requests with one code cannot both pass. */
export async function takeTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('totpFactors')
    .set({ lastUsedStep: step })
    .where('userId', '=', userId)
    .where('lastUsedStep', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSecondFactors(db: Db, userId: number): Promise<number> {
  const totp = await db.deleteFrom('totpFactors').where('userId', '=', userId).executeTakeFirst();
  const codes = await db.deleteFrom('recoveryCodes').where('userId', '=', userId).executeTakeFirst();
  return Number(totp.numDeletedRows) + Number(codes.numDeletedRows);
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], at: string): Promise<void> {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('recoveryCodes')
    .values(hashes.map((codeHash) => ({ userId, codeHash, usedAt: null, createdAt: at })))
    .execute();
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Use a recovery code once: only an unused one of this user's is taken. */
export async function takeRecoveryCode(db: Db, userId: number, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('recoveryCodes')
    .set({ usedAt: at })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertChallenge(db: Db, userId: number, tokenHash: string, expiresAt: string, at: string): Promise<void> {
  await db.deleteFrom('signInChallenges').where('expiresAt', '<', at).execute();
  await db.insertInto('signInChallenges').values({ userId, tokenHash, attempts: 0, expiresAt, createdAt: at }).execute();
}

export function findChallenge(db: Db, tokenHash: string) {
  return db.selectFrom('signInChallenges').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

export async function countChallengeAttempt(db: Db, id: number): Promise<void> {
  await db
    .updateTable('signInChallenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function deleteChallenge(db: Db, id: number): Promise<void> {
  await db.deleteFrom('signInChallenges').where('id', '=', id).execute();
}
