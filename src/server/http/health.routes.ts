import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { App } from './app-types.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export function registerHealthRoutes(app: App, db: Db): void {
  // GET /healthz: 200 when the database answers, for load balancers and monitors.
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Liveness: 200 while the database answers',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
