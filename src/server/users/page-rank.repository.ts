import type { ExpressionBuilder } from 'kysely';
import type { Plan } from '#shared/constants.ts';
import type { PlanLimits } from '#shared/plans.ts';
import type { Database } from '../db/schema.ts';

/**
 * A further page's place among its owner's live further pages, counting itself (issue 53); 0 for an account's own
 * first page. The owner's plan holds the first ones: a page past them is offline until the plan allows it again.
 */
export function furtherPageRank(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('users as sibling')
    .select(eb.fn.countAll().as('n'))
    .whereRef('sibling.ownerId', '=', 'users.ownerId')
    .whereRef('sibling.id', '<=', 'users.id')
    .where('sibling.deleteAfter', 'is', null)
    .as('furtherPageRank');
}

/** Whether the page is past its owner's plan's number of pages (the account's own page is the first of them). */
export function isPastPlan(row: { furtherPageRank: unknown; plan: Plan }, planLimits: Record<Plan, PlanLimits>): boolean {
  return Number(row.furtherPageRank ?? 0) + 1 > planLimits[row.plan].pages;
}
