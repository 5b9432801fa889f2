import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMessages } from '#shared/admin.ts';
import { commonMessages } from '#shared/api.ts';
import type { UserRow } from '../db/schema.ts';
import type { App } from './app-types.ts';
import { AppError } from './errors.ts';

// Who is asking, as every feature needs to know it: the signed-in user that
// the sessions' hook (users/sessions.ts) puts on each request, the guards that
// require one, and the guarded scopes routes are declared in.

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in, active user, or null. */
    user: UserRow | null;
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

/** The signed-in admin, or 401 / 403: the role on the user decides, never the name. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError(403, 'forbidden', adminMessages.forbidden);
  return user;
}

/**
 * Route guards run before validation (preValidation), so that a caller without
 * the right gets 401/403 whatever they sent, and learns nothing about the input rules.
 */
export const signedInOnly = async (request: FastifyRequest): Promise<void> => void requireUser(request);
export const adminOnly = async (request: FastifyRequest): Promise<void> => void requireAdmin(request);

/** Who may call the routes of a guarded scope. */
export type Access = 'signed-in' | 'admin';

/**
 * A scope (Fastify encapsulation, as in fastify/demo) whose every route is
 * guarded: register it under its prefix (`/api/me`, `/api/admin`, …), and a
 * route declared there cannot forget its guard. The guard runs before
 * validation, so a caller without the right gets 401/403 whatever they sent
 * and learns nothing about the input rules. tests/api/guards.test.ts calls
 * every route under the guarded prefixes as a stranger.
 */
export function guardedRoutes(access: Access, register: (scope: App) => void | Promise<void>, secondGuard?: preValidationHookHandler) {
  return async (scope: FastifyInstance) => {
    scope.addHook('preValidation', access === 'admin' ? adminOnly : signedInOnly);
    if (secondGuard) scope.addHook('preValidation', secondGuard);
    await register(scope.withTypeProvider<ZodTypeProvider>());
  };
}

/** The signed-in person's own calls, under `/api/me` (or another prefix of theirs). */
export async function inSignedInScope(app: App, register: (scope: App) => void | Promise<void>, prefix = '/api/me'): Promise<void> {
  await app.register(guardedRoutes('signed-in', register), { prefix });
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
