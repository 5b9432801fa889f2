import type { FastifyInstance } from 'fastify';

/**
 * Views or clicks recorded for a profile, once everything in memory is written:
 * the sum of the rows' hits (identical visits of one window share a row).
 */
export async function countVisits(app: FastifyInstance, userId: number, kind: 'view' | 'click'): Promise<number> {
  await app.events.flush();
  const { hits } = await app.db
    .selectFrom('events')
    .select((eb) => eb.fn.sum<number | null>('hits').as('hits'))
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(hits ?? 0);
}
