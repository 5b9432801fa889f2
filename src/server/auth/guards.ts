import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../http/app-types.ts';
import { adminOnly, signedInOnly } from './sessions.ts';

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
export function guardedRoutes(access: Access, register: (scope: App) => void) {
  return async (scope: FastifyInstance) => {
    scope.addHook('preValidation', access === 'admin' ? adminOnly : signedInOnly);
    register(scope.withTypeProvider<ZodTypeProvider>());
  };
}
