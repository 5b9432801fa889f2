import { randomBytes } from 'node:crypto';
import {
  type ApiToken,
  type CreateApiTokenInput,
  type CreatedApiToken,
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  TOKENS_PER_ACCOUNT,
  type TokenScope,
  apiTokenMessages,
  tokenScopeOf,
} from '#shared/api-tokens.ts';
import { DAY_MS } from '#shared/constants.ts';
import { tooManyAttemptsMessage } from '#shared/api.ts';
import { API_TOKEN_RATE_LIMIT, type AppConfig } from '../config.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { countTokensOfUser, deleteToken, findTokenWithUser, insertToken, listTokensOfUser, touchToken } from './api-tokens.repository.ts';
import { hashToken } from '../http/who-is-asking.ts';
import type { ApiTokenAuth } from '../users/sessions.ts';
import { actOnChosenPage } from '../users/page-choice.ts';
import { actsOnPage } from '../users/users.repository.ts';

// Personal API tokens (issue 32). A request with `Authorization: Bearer lv_…`
// acts as the token's owner on the routes whose OpenAPI `security` names a
// token scope (sessionOrToken), within the scopes the token was given; no
// other route takes a token. Such a request is never a browser's ambient
// credential: it skips the Origin check and is given no cookie.

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request came with, or null (a session, or no one). */
    apiTokenId: number | null;
  }
}

/** How stale a token's "last used" may get before a request writes it again: not a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

function toApiToken(row: {
  id: number;
  name: string;
  scopes: string;
  pageIds: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(',').filter((scope): scope is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(scope)),
    pages: row.pageIds === '' ? [] : row.pageIds.split(',').map(Number),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
  };
}

export async function listApiTokens(db: Db, owner: UserRow): Promise<ApiToken[]> {
  return (await listTokensOfUser(db, owner.id)).map(toApiToken);
}

/** A new token: 32 random bytes after `lv_`, returned this once; only its sha256 is kept. */
export async function createApiToken(db: Db, owner: UserRow, input: CreateApiTokenInput, now = Date.now()): Promise<CreatedApiToken> {
  return db.transaction().execute(async (trx) => {
    if ((await countTokensOfUser(trx, owner.id)) >= TOKENS_PER_ACCOUNT)
      throw new AppError(409, 'too_many_tokens', apiTokenMessages.tooMany);
    for (const pageId of input.pages) {
      if (pageId !== owner.id && !(await actsOnPage(trx, owner.id, pageId))) {
        throw new AppError(400, 'validation_failed', apiTokenMessages.unknownPage, {
          fieldErrors: { pages: apiTokenMessages.unknownPage },
        });
      }
    }
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await insertToken(trx, {
      userId: owner.id,
      name: input.name,
      tokenHash: hashToken(token),
      scopes: input.scopes.join(','),
      pageIds: input.pages.join(','),
      createdAt: new Date(now).toISOString(),
      lastUsedAt: null,
      expiresAt: input.expiresInDays === null ? null : new Date(now + input.expiresInDays * DAY_MS).toISOString(),
    });
    return { ...toApiToken(row), token };
  });
}

export async function revokeApiToken(db: Db, owner: UserRow, id: number): Promise<void> {
  if (!(await deleteToken(db, owner.id, id))) throw new AppError(404, 'not_found', apiTokenMessages.notFound);
}

export function createApiTokenAuth(app: App, db: Db, config: AppConfig): ApiTokenAuth {
  const perToken = rateLimiter(app, 'api-token', config.apiTokenRateLimit ?? API_TOKEN_RATE_LIMIT, tooManyAttemptsMessage);
  return async (request, token) => {
    // A route that does not exist answers 404, whoever asks.
    if (request.routeOptions.url === undefined) return;
    const row = token.startsWith(TOKEN_PREFIX) && token.length <= 100 ? await findTokenWithUser(db, hashToken(token)) : undefined;
    const now = Date.now();
    if (!row || (row.tokenExpiresAt !== null && Date.parse(row.tokenExpiresAt) <= now) || row.isActive !== 1 || row.deleteAfter !== null) {
      throw new AppError(401, 'invalid_token', apiTokenMessages.invalid, {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      });
    }
    const scope = tokenScopeOf(request.routeOptions.schema?.security);
    if (scope === undefined) throw new AppError(403, 'token_not_allowed', apiTokenMessages.routeRefused);
    if (!row.tokenScopes.split(',').includes(scope)) {
      throw new AppError(403, 'insufficient_scope', apiTokenMessages.missingScope(scope), {
        headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
      });
    }
    await perToken(request, String(row.tokenId));
    const { tokenId, tokenScopes: _scopes, tokenExpiresAt: _expires, tokenLastUsedAt, tokenPageIds, ...account } = row;
    await actOnChosenPage(db, request, account, tokenPageIds === '' ? [] : tokenPageIds.split(',').map(Number));
    request.apiTokenId = tokenId;
    if (!tokenLastUsedAt || now - Date.parse(tokenLastUsedAt) > LAST_USED_RESOLUTION_MS) await touchToken(db, tokenId, nowIso());
  };
}
