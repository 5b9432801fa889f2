import type { Db } from '../db/database.ts';
import type { WebauthnChallengesTable } from '../db/schema.ts';

// Every query of passkeys and their ceremonies' challenges (issue 29).

export function listPasskeysOf(db: Db, userId: number) {
  return db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

export function findPasskeyByCredential(db: Db, credentialId: string) {
  return db.selectFrom('passkeys').selectAll().where('credentialId', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(
  db: Db,
  passkey: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string;
    name: string;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({ ...passkey, lastUsedAt: null })
    .execute();
}

export async function recordPasskeyUse(db: Db, id: number, counter: number, at: string): Promise<void> {
  await db.updateTable('passkeys').set({ counter, lastUsedAt: at }).where('id', '=', id).execute();
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deletePasskeysOf(db: Db, userId: number): Promise<number> {
  return Number((await db.deleteFrom('passkeys').where('userId', '=', userId).executeTakeFirst()).numDeletedRows);
}

export async function insertWebauthnChallenge(db: Db, challenge: Omit<WebauthnChallengesTable, 'id'>): Promise<void> {
  await db.deleteFrom('webauthnChallenges').where('expiresAt', '<', challenge.createdAt).execute();
  // One ceremony at a time per browser: a new one replaces the last.
  await db.deleteFrom('webauthnChallenges').where('tokenHash', '=', challenge.tokenHash).execute();
  await db.insertInto('webauthnChallenges').values(challenge).execute();
}

/** The browser's challenge, taken: it is answered once, right or wrong. */
export async function takeWebauthnChallenge(db: Db, tokenHash: string) {
  const row = await db.selectFrom('webauthnChallenges').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  if (row) await db.deleteFrom('webauthnChallenges').where('id', '=', row.id).execute();
  return row;
}
