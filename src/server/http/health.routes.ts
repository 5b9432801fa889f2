import type { Redis } from 'ioredis';
import { z } from 'zod';
import { type Db, pingDatabase } from '../db/database.ts';
import type { App } from './app-types.ts';
import { OPEN_WHILE_CLOSED } from './open-while-closed.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

const readySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: z.enum(['ok', 'unavailable']), redis: z.enum(['ok', 'unavailable', 'not configured']) }),
});

/** A check that fails or takes longer than two seconds counts as unavailable. */
async function check(probe: () => Promise<unknown>): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([probe(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), 2000)))]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: App, db: Db, redis: Redis | undefined): void {
  // GET /healthz: 200 when the database answers, for load balancers and monitors.
  app.get(
    '/healthz',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags: ['Operations'],
        summary: 'Liveness: 200 while the database answers',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await pingDatabase(db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );

  // GET /readyz: 200 when this instance can serve: the database answers and, when configured, Redis does.
  app.get(
    '/readyz',
    {
      // A closed site is still ready: its instances serve the coming-soon page.
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags: ['Operations'],
        summary: 'Readiness: 200 when the database and, when configured, Redis answer',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const [database, cache] = await Promise.all([
        check(() => pingDatabase(db)),
        redis ? check(() => redis.ping()) : ('not configured' as const),
      ]);
      const ready = database === 'ok' && cache !== 'unavailable';
      if (!ready) request.log.warn({ database, redis: cache }, 'not ready');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks: { database, redis: cache } });
    },
  );
}
