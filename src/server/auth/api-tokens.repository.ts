import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ApiTokensTable } from '../db/schema.ts';

const TOKEN_COLUMNS = ['id', 'name', 'scopes', 'pageIds', 'createdAt', 'lastUsedAt', 'expiresAt'] as const;

export function listTokensOfUser(db: Db, userId: number) {
  return db.selectFrom('apiTokens').select(TOKEN_COLUMNS).where('userId', '=', userId).orderBy('id', 'desc').execute();
}

export async function countTokensOfUser(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('apiTokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertToken(db: Db, token: Insertable<ApiTokensTable>) {
  return db.insertInto('apiTokens').values(token).returning(TOKEN_COLUMNS).executeTakeFirstOrThrow();
}

/** Revoke: the token is gone, and with it every request it could make. True when there was one. */
export async function deleteToken(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('apiTokens').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The token with this hash and its active user, or nothing. */
export function findTokenWithUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('apiTokens')
    .innerJoin('users', 'users.id', 'apiTokens.userId')
    .selectAll('users')
    .select([
      'apiTokens.id as tokenId',
      'apiTokens.scopes as tokenScopes',
      'apiTokens.expiresAt as tokenExpiresAt',
      'apiTokens.lastUsedAt as tokenLastUsedAt',
      'apiTokens.pageIds as tokenPageIds',
    ])
    .where('apiTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
