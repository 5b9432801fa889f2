import type { App } from './app-types.ts';

/**
 * Fastify's line per request is off (disableRequestLogging): on the public
 * page's hot path it cost more than the page itself. Requests slower than
 * SLOW_REQUEST_MS are always logged, every request when ACCESS_LOG is on;
 * errors are logged by the error handler.
 */
export function registerRequestLog(app: App, options: { accessLog: boolean; slowRequestMs: number }): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (!options.accessLog && ms < options.slowRequestMs) return;
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 },
      ms >= options.slowRequestMs ? 'slow request' : 'request',
    );
  });
}
