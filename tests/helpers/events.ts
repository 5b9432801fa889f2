import type { FastifyInstance } from 'fastify';
import type { Visit } from '#server/analytics/analytics-store.ts';

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

/** When it was, `minutes` ago. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

/** A visit as the analytics store takes it: a counted view by visitor-one, from France on a phone, direct, a minute ago unless said. */
export function visitOf(fields: Partial<Visit> & { userId: number }): Visit {
  return {
    kind: 'view',
    linkId: null,
    at: minutesAgo(1),
    referrer: null,
    source: 'Direct',
    referrerAddress: '',
    campaign: '',
    country: 'FR',
    device: 'mobile',
    browser: 'Mobile Safari',
    inApp: '',
    visitorHash: 'visitor-one',
    hits: 1,
    ...fields,
  };
}
