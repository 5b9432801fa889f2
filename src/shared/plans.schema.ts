import { z } from 'zod';
import { PLANS } from './constants.ts';

/** GET /api/me/limits: what the user's plan allows and what is used. */
export const planUsageSchema = z
  .object({
    plan: z.enum(PLANS),
    links: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    uploads: z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() }),
  })
  .meta({ id: 'PlanUsage' });
export type PlanUsage = z.infer<typeof planUsageSchema>;
