import type { FastifyRequest } from 'fastify';
import type { App } from './app-types.ts';
import { commonMessages } from '#shared/api.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuse state-changing requests that a browser sent from another site
 * (CSRF defence in depth on top of SameSite=Lax cookies). A request with an
 * Origin must match this host or PUBLIC_URL; without one, Fetch Metadata
 * (`Sec-Fetch-Site`) must not say cross-site. Clients that send neither
 * (curl, scripts) carry no ambient cookies, so they are let through.
 */
export function registerOriginCheck(app: App, publicUrl?: string): void {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, publicOrigin)) {
      throw new AppError(403, 'cross_origin', commonMessages.crossOrigin);
    }
  });
}

function isSameOrigin(request: FastifyRequest, publicOrigin?: string): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === publicOrigin) return true;
    try {
      // Through URL on both sides, so that default ports compare equal.
      return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
