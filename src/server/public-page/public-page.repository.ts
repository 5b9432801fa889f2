import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/query-shortcuts.ts';

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
    .select(['customizations.document as customization', 'customizations.updatedAt as customizationUpdatedAt'])
    .select('pageSeo.document as seo')
    .where('users.username', '=', username)
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null),
);

/** The fields of an active user that make their public profile, with their customization document (JSON text or null), or undefined. */
export async function findPublicUser(db: Db, username: string) {
  const [user] = await publicUserQuery(db, username.toLowerCase());
  return user;
}
