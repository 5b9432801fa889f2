import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME, SESSION_TTL_DAYS } from '#shared/constants.ts';
import type { Db } from '../db/database.ts';
import { hashToken } from '../http/who-is-asking.ts';
import { countryOf } from '../http/client-details.ts';
import { actOnChosenPage } from './page-choice.ts';
import { deleteExpiredSessions, deleteSession, findSessionWithUser, insertSession, touchSession } from './sessions.repository.ts';

const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
/** How stale a session's "last seen" may get before a request writes it again: not a write per request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
  setSessionHint(request, reply, expiresAt);
}

/** The page-readable hint that a session may exist (SESSION_HINT_COOKIE_NAME): no secret, same lifetime. */
function setSessionHint(request: FastifyRequest, reply: FastifyReply, expiresAt: Date): void {
  reply.setCookie(SESSION_HINT_COOKIE_NAME, '1', { path: '/', sameSite: 'lax', secure: request.protocol === 'https', expires: expiresAt });
}

/**
 * A short-lived proof bound to this browser (a sign-in's challenge, a passkey
 * ceremony): a random token in an httpOnly, SameSite=Strict cookie of `path`.
 * Answers the token's sha256, which is all the database keeps.
 */
export function setBoundToken(request: FastifyRequest, reply: FastifyReply, name: string, path: string, expiresAt: Date): string {
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(name, token, { path, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', expires: expiresAt });
  return hashToken(token);
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
  reply.clearCookie(SESSION_HINT_COOKIE_NAME, { path: '/' });
}

/** Start a session for the user: a random token in the cookie, only its hash stored. */
export async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const at = new Date(now).toISOString();
  await insertSession(db, {
    id: hashToken(token),
    userId,
    createdAt: at,
    expiresAt: expiresAt.toISOString(),
    // For the owner's list of sessions: the browser, and the address's country (the address itself is not kept).
    userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
    country: countryOf(request.ip) || null,
    lastSeenAt: at,
  });
  setSessionCookie(request, reply, token, expiresAt);
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) await deleteSession(db, request.sessionId);
  clearSessionCookies(reply);
}

/** The token of an `Authorization: Bearer …` header, or undefined when the request carries none. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined || !/^bearer(\s|$)/i.test(authorization)) return undefined;
  return authorization.slice('bearer'.length).trim();
}

/** Resolves a request's bearer token, or refuses it: 401 for a token that is no (longer a) token, 403 for a route or scope it lacks (auth/api-tokens.ts). */
export type ApiTokenAuth = (request: FastifyRequest, token: string) => Promise<void>;

/**
 * Resolve the session cookie on every request. Expired sessions and sessions of
 * deactivated users count as none. The expiry slides: a session used more than
 * a day after its last extension is pushed SESSION_TTL_DAYS ahead again. A
 * request with an API token (issue 32) is that token's, whatever cookie it
 * carries, and is given none.
 */
export function registerSessions(app: FastifyInstance, db: Db, apiTokenAuth: ApiTokenAuth): void {
  // Sessions nobody came back to are removed at start and every six hours.
  const sweep = () =>
    deleteExpiredSessions(db, new Date().toISOString()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not remove expired sessions'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), 6 * 3600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  app.decorateRequest('user', null);
  app.decorateRequest('account', null);
  app.decorateRequest('pageRole', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiTokenId', null);
  app.addHook('onRequest', async (request, reply) => {
    // Content-hashed build files are the same for everyone: no session lookup per file.
    if (request.url.startsWith('/assets/')) return;
    // API tokens are for the JSON API; elsewhere a bearer header is another's to read (/metrics has its own).
    const bearer = request.url.startsWith('/api/') ? bearerTokenOf(request.headers.authorization) : undefined;
    if (bearer !== undefined) return apiTokenAuth(request, bearer);
    const token = request.cookies[SESSION_COOKIE_NAME];
    if (!token || token.length > 100) return;
    const id = hashToken(token);
    const row = await findSessionWithUser(db, id);
    const now = Date.now();
    if (!row) {
      clearSessionCookies(reply);
      return;
    }
    const expiresAt = Date.parse(row.sessionExpiresAt);
    if (expiresAt <= now || row.isActive !== 1) {
      await deleteSession(db, id);
      clearSessionCookies(reply);
      return;
    }
    const { sessionId, sessionExpiresAt: _expires, sessionLastSeenAt, ...account } = row;
    request.sessionId = sessionId;
    const seenAt = new Date(now).toISOString();
    if (expiresAt - now < SESSION_TTL_MS - DAY_MS) {
      const extended = new Date(now + SESSION_TTL_MS);
      await touchSession(db, id, seenAt, extended.toISOString());
      setSessionCookie(request, reply, token, extended);
    } else {
      if (!sessionLastSeenAt || now - Date.parse(sessionLastSeenAt) > LAST_SEEN_RESOLUTION_MS) await touchSession(db, id, seenAt);
      // A session started before the hint existed, or a hint the browser dropped.
      if (request.cookies[SESSION_HINT_COOKIE_NAME] === undefined) setSessionHint(request, reply, new Date(expiresAt));
    }
    await actOnChosenPage(db, request, account);
  });
}
