import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../http/app-types.ts';
import { adminOnly, signedInOnly } from './sessions.ts';
import { adminSecondFactorGate } from './two-factor.ts';

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
 * REQUIRE_ADMIN_2FA, admins who have a second factor. Every feature's admin
 * routes come through here, so none can leave the second guard out.
 */
export async function inAdminScope(
  app: App,
  { config, db }: { config: AppConfig; db: Db },
  register: (scope: App) => void | Promise<void>,
): Promise<void> {
  await app.register(guardedRoutes('admin', register, config.requireAdmin2fa ? adminSecondFactorGate(db) : undefined), {
    prefix: '/api/admin',
  });
}
