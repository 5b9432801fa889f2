import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { commonMessages } from '#shared/api.ts';
import type { Services } from '../services.ts';
import type { PageCache } from '../http/page-cache.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { loadWhenUsed } from '../load-when-used.ts';

export interface MetricsSources {
  /** METRICS_TOKEN: without it there is no /metrics at all. */
  token: string | undefined;
  recorder: Services['events'];
  cache: PageCache;
  fastPath: Services['fastPathStats'];
  media: Services['media'];
}

/** What a routed request was, by its route: the few kinds an operator tells apart. */
export function routeKindOf(route: string | undefined): string {
  if (route === undefined) return 'unknown';
  if (route === '/:username' || route === '/') return 'page';
  if (route === '/go/:id') return 'redirect';
  if (route.startsWith('/api/')) return 'api';
  if (route.startsWith('/media/')) return 'media';
  if (route === '/healthz' || route === '/readyz' || route === '/metrics') return 'operations';
  return 'asset';
}

/**
 * Prometheus metrics at GET /metrics (prom-client), only when METRICS_TOKEN is
 * set and only with `Authorization: Bearer <token>`: requests and their
 * latency by route kind (the fast path's answers, which skip Fastify, are
 * counted without a latency: they take microseconds), the page cache's hits,
 * misses and size, analytics events queued, written and given up, and the media
 * worker's queue and jobs; plus Node's own (memory, event loop, GC).
 */
export function registerMetrics(app: App, sources: MetricsSources): void {
  const { token } = sources;
  if (!token) return;
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = loadWhenUsed('prom-client') as typeof import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'linkverse_' });

  const requests = new Counter({
    name: 'linkverse_http_requests_total',
    help: 'Requests answered through the routes, by route kind and status class',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'linkverse_http_request_duration_seconds',
    help: 'Time to answer a routed request, by route kind',
    labelNames: ['kind'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const kind = routeKindOf(request.routeOptions.url);
    requests.inc({ kind, status: `${Math.floor(reply.statusCode / 100)}xx` });
    latency.observe({ kind }, reply.elapsedTime / 1000);
  });

  const counterOf = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const gaugeOf = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  const { recorder, cache, fastPath, media } = sources;
  counterOf('linkverse_fast_path_pages_total', 'Cached pages answered before routing', () => fastPath.pages);
  counterOf('linkverse_fast_path_redirects_total', 'Cached redirects answered before routing', () => fastPath.redirects);
  counterOf('linkverse_page_cache_hits_total', 'Page lookups answered from the cache', () => cache.counts.hits);
  counterOf('linkverse_page_cache_misses_total', 'Pages rendered and stored', () => cache.counts.misses);
  gaugeOf('linkverse_page_cache_bytes', 'Bytes the cached pages hold', () => cache.size.bytes);
  gaugeOf('linkverse_page_cache_pages', 'Pages in the cache', () => cache.size.pages);
  gaugeOf('linkverse_events_queued', 'Visitors in the open analytics window and rows waiting to be written again', () => recorder.queued);
  counterOf('linkverse_events_written_total', 'Visits written to the database', () => recorder.counts.written);
  counterOf('linkverse_events_given_up_total', 'Visits given up while the database did not answer', () => recorder.counts.givenUp);
  gaugeOf('linkverse_upload_queue', 'Media jobs waiting or running', () => media.depth);
  counterOf('linkverse_upload_jobs_done_total', 'Media jobs decoded', () => media.stats.done);
  counterOf('linkverse_upload_jobs_failed_total', 'Media jobs that failed (undecodable, or over the time limit)', () => media.stats.failed);
  counterOf('linkverse_upload_jobs_timed_out_total', 'Media jobs stopped at the time limit', () => media.stats.timedOut);
  counterOf('linkverse_upload_jobs_refused_total', 'Media jobs refused because the queue was full', () => media.stats.refused);

  const expected = Buffer.from(`Bearer ${token}`);
  const authorized = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  // GET /metrics: the Prometheus text format, for a scraper holding the token.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request)) {
      throw new AppError(401, 'not_signed_in', commonMessages.metricsTokenRequired, { headers: { 'WWW-Authenticate': 'Bearer' } });
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
