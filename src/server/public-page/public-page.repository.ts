import type { Plan } from '#shared/constants.ts';
import { DEFAULT_PLAN_LIMITS, type PlanLimits } from '#shared/plans.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/query-shortcuts.ts';
import { spokenPageLanguage } from '../users/page-language.repository.ts';
import { furtherPageRank, isPastPlan } from '../users/page-rank.repository.ts';

const publicUserQuery = preparedQuery((db: Db, username: string) =>
  db
    .selectFrom('users')
    .leftJoin('customizations', 'customizations.userId', 'users.id')
    .leftJoin('pageSeo', 'pageSeo.userId', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.displayName',
      'users.bio',
      'users.profileImage',
      'users.verified',
      'users.plan',
      'users.showUpdated',
      'users.markNewLinks',
      'users.openInBrowserBar',
      'users.showViews',
      'users.subscribeForm',
      'users.subscribeConsent',
      'users.contentWarning',
      'users.updatedAt',
    ])
    .select(spokenPageLanguage)
    .select(['customizations.document as customization', 'customizations.updatedAt as customizationUpdatedAt'])
    .select('pageSeo.document as seo')
    .select(furtherPageRank)
    .where('users.username', '=', username)
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null)
    // A deactivated or deleted account takes the pages it owns offline with it.
    .where((eb) =>
      eb.or([
        eb('users.ownerId', 'is', null),
        eb.exists(
          eb
            .selectFrom('users as owner')
            .select('owner.id')
            .whereRef('owner.id', '=', 'users.ownerId')
            .where('owner.isActive', '=', 1)
            .where('owner.deleteAfter', 'is', null),
        ),
      ]),
    ),
);

/**
 * The fields of an active user that make their public profile, with their customization document (JSON text or
 * null), or undefined: also for a further page past its owner's plan's number of pages (`planLimits`).
 */
export async function findPublicUser(db: Db, username: string, planLimits: Record<Plan, PlanLimits> = DEFAULT_PLAN_LIMITS) {
  const [row] = await publicUserQuery(db, username.toLowerCase());
  if (!row) return undefined;
  if (isPastPlan(row, planLimits)) return undefined;
  const { furtherPageRank: _rank, ...user } = row;
  return user;
}
