import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMessages } from '#shared/admin.ts';
import { commonMessages } from '#shared/api.ts';
import { type PageAccess, type PageRole, pageMessages, roleAllows } from '#shared/page-roles.ts';
import type { UserRow } from '../db/schema.ts';
import type { App } from './app-types.ts';
import { AppError } from './errors.ts';

// Who is asking, as every feature needs to know it: the signed-in user that
// the sessions' hook (users/sessions.ts) puts on each request, the guards that
// require one, and the guarded scopes routes are declared in.

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The page an API call acts on (issue 53): the one its PAGE_HEADER_NAME names, if the person may act on it,
     * else the account's own first page; or null, no one signed in. Routes of the account (password, sessions,
     * second factors, tokens, purchases) and of the control center see the account here.
     */
    user: UserRow | null;
    /** The signed-in person, or null. */
    account: UserRow | null;
    /** What the person is on `user`: 'owner' of their own pages. */
    pageRole: PageRole | null;
    sessionId: string | null;
  }
}

/** sha256 of a secret token, as stored: sessions and reset links keep only this. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError(401, 'not_signed_in', commonMessages.signInRequired);
  return request.user;
}

/** The signed-in person, or 401. */
export function requireAccount(request: FastifyRequest): UserRow {
  if (!request.account) throw new AppError(401, 'not_signed_in', commonMessages.signInRequired);
  return request.account;
}

/** The signed-in admin, or 401 / 403: the role on the account decides, never the name. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const account = requireAccount(request);
  if (account.role !== 'admin') throw new AppError(403, 'forbidden', adminMessages.forbidden);
  return account;
}

/**
 * Route guards run before validation (preValidation), so that a caller without
 * the right gets 401/403 whatever they sent, and learns nothing about the input rules.
 */
export const signedInOnly = async (request: FastifyRequest): Promise<void> => void requireUser(request);
export const adminOnly = async (request: FastifyRequest): Promise<void> => void requireAdmin(request);

/** Who may call the routes of a guarded scope. */
export type Access = 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route of a page scope asks of the person (issue 53), above its scope's; a change asks an editor at least. */
    pageAccess?: PageAccess;
    /** What the route's guarded scope acts on (set by the scope: the guards test reads it). */
    actsOn?: ScopeActsOn | 'admin';
  }
}

/**
 * What a signed-in scope acts on: 'account', the person (their own row, whatever page the call names); or the
 * page the call names, with the least role its reading routes ask ('analyst', 'editor', 'owner'). A route asks
 * more with `config.pageAccess`; any change asks an editor at least, so an analyst changes nothing.
 */
export type ScopeActsOn = 'account' | PageAccess;

const READING = new Set(['GET', 'HEAD']);

function actsOnAccount(request: FastifyRequest): void {
  request.user = request.account;
  request.pageRole = request.account ? 'owner' : null;
}

function pageGuard(access: PageAccess) {
  return async (request: FastifyRequest): Promise<void> => {
    let needed = request.routeOptions.config.pageAccess ?? access;
    if (!READING.has(request.method) && needed === 'analyst') needed = 'editor';
    const role = request.pageRole ?? 'owner';
    if (!roleAllows(role, needed)) throw new AppError(403, 'page_role', pageMessages.roleTooLow(role, needed));
  };
}

/**
 * A scope (Fastify encapsulation, as in fastify/demo) whose every route is
 * guarded: register it under its prefix (`/api/me`, `/api/admin`, …), and a
 * route declared there cannot forget its guard. The guard runs before
 * validation, so a caller without the right gets 401/403 whatever they sent
 * and learns nothing about the input rules. tests/api/guards.test.ts calls
 * every route under the guarded prefixes as a stranger.
 */
export function guardedRoutes(
  access: Access,
  register: (scope: App) => void | Promise<void>,
  secondGuard?: preValidationHookHandler,
  actsOn: ScopeActsOn = 'account',
) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, actsOn: access === 'admin' ? 'admin' : actsOn };
    });
    // The control center and the account's own routes act on the person, whatever page the call names.
    if (actsOn === 'account' || access === 'admin') scope.addHook('onRequest', async (request) => actsOnAccount(request));
    scope.addHook('preValidation', access === 'admin' ? adminOnly : signedInOnly);
    if (actsOn !== 'account' && access !== 'admin') scope.addHook('preValidation', pageGuard(actsOn));
    if (secondGuard) scope.addHook('preValidation', secondGuard);
    await register(scope.withTypeProvider<ZodTypeProvider>());
  };
}

/**
 * The signed-in person's calls, under `/api/me` (or another prefix): on the page the call names, with the least
 * role its reading routes ask, or on the account itself ('account').
 */
export async function inSignedInScope(
  app: App,
  actsOn: ScopeActsOn,
  register: (scope: App) => void | Promise<void>,
  prefix = '/api/me',
): Promise<void> {
  await app.register(guardedRoutes('signed-in', register, undefined, actsOn), { prefix });
}

/**
 * The control center's calls, under `/api/admin`: admins only, and with
 * REQUIRE_ADMIN_2FA, admins who have a second factor (`adminGate`, made by
 * services.ts). Every feature's admin routes come through here, so none can
 * leave the second guard out.
 */
export async function inAdminScope(
  app: App,
  { adminGate }: { adminGate: preValidationHookHandler | undefined },
  register: (scope: App) => void | Promise<void>,
): Promise<void> {
  await app.register(guardedRoutes('admin', register, adminGate), { prefix: '/api/admin' });
}
