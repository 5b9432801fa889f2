import { z } from 'zod';
import { PLANS } from './constants.ts';

/** GET /api/me/limits: what the user's plan allows and what is used. */
export const planUsageSchema = z
  .object({
    plan: z.enum(PLANS),
    links: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    uploads: z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() }),
    /** What the account keeps that the plan leaves off the page (a downgrade deletes nothing): links past the limit, and parts of the look, said. */
    keptOffPage: z.object({ links: z.number().int(), look: z.array(z.string()) }),
  })
  .meta({ id: 'PlanUsage' });
export type PlanUsage = z.infer<typeof planUsageSchema>;
