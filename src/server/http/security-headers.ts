import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from './app-types.ts';

/** The Content-Security-Policy and other security headers every answer carries, as helmet builds them. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Toasts and React set inline styles; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Headers for browsers no one uses any more (IE's download options, Flash's
  // policy files, the retired XSS auditor): bytes on every page for nothing.
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers helmet sets with these options, computed once: they depend on
 * nothing in the request (no CSP nonces). @fastify/helmet ran helmet (parsing
 * the CSP directives again) on every request; the routes and the fast path now
 * send these same headers.
 */
export function computeSecurityHeaders(options: HelmetOptions): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => undefined);
  return response.getHeaders();
}

/** The headers as name and value pairs, ready to set. */
export function securityHeaderEntries(headers: OutgoingHttpHeaders): [string, string | number | string[]][] {
  return Object.entries(headers).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
}

/** Every answer that goes through Fastify carries the security headers (set on the raw response, as helmet did). */
export function registerSecurityHeaders(app: App, headers: OutgoingHttpHeaders): void {
  const entries = securityHeaderEntries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
