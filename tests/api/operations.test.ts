import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, createUser } from '../helpers/factories.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';

// What operators see (issue 12): liveness, readiness, and Prometheus metrics
// behind a bearer token.

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN, redisUrl: process.env.TEST_REDIS_URL } });
});
afterAll(() => t.close());

const metrics = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** One sample's value from the text format. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `) || entry.startsWith(`${name}{`));
  if (!line) throw new Error(`no ${name} in the metrics`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe(`health and readiness (${DIALECT})`, () => {
  it('answers /healthz while the process and its database live', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with each dependency checked: the database, and Redis when configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: process.env.TEST_REDIS_URL ? 'ok' : 'not configured' },
    });
  });

  it('answers 503 naming the dependency when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.app.db.destroy();
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable', redis: 'not configured' } });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe(`Prometheus metrics (${DIALECT})`, () => {
  it('refuses /metrics without the bearer token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const response = await metrics(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ code: 'not_signed_in', message: 'A valid metrics token is required' });
    }
  });

  it('counts requests by kind, cache hits and misses, events written and the upload queue', async () => {
    const owner = await createUser(t.app);
    const link = await createLink(t.app, owner);
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };
    const before = (await metrics(`Bearer ${TOKEN}`)).body;
    // A miss (rendered), then hits; a click.
    for (let visit = 0; visit < 3; visit++) {
      expect((await t.app.inject({ method: 'GET', url: `/${owner.user.username}`, headers: browser })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `/go/${link.id}`, headers: browser })).statusCode).toBe(302);
    await t.app.events.flush();
    const response = await metrics(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = response.body;
    expect(sample(after, 'linkverse_page_cache_misses_total') - sample(before, 'linkverse_page_cache_misses_total')).toBe(1);
    expect(sample(after, 'linkverse_page_cache_hits_total') - sample(before, 'linkverse_page_cache_hits_total')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'linkverse_events_written_total') - sample(before, 'linkverse_events_written_total')).toBeGreaterThanOrEqual(2);
    expect(after).toMatch(/linkverse_http_requests_total\{kind="page",status="2xx"\} \d+/);
    expect(after).toMatch(/linkverse_http_request_duration_seconds_bucket\{le="0\.005",kind="page"\} \d+/);
    expect(after).toMatch(/linkverse_http_requests_total\{kind="redirect",status="3xx"\} \d+/);
    expect(sample(after, 'linkverse_upload_queue')).toBe(0);
    // Everything recorded was just written.
    expect(sample(after, 'linkverse_events_queued')).toBe(0);
    expect(after).toContain('linkverse_process_resident_memory_bytes');
  });

  it('has no /metrics at all without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('linkverse_');
    } finally {
      await plain.close();
    }
  });
});
