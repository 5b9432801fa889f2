import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  // GET /healthz: 200 when the database answers, for load balancers and monitors.
  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
