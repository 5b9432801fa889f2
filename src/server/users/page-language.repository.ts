import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The language a page speaks (issue 54), as `pageLanguage`: its own when its creator chose one, else its owner's
 * (an account's first page is its own row), else null, the site's default.
 */
export function spokenPageLanguage(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.fn
    .coalesce(
      'users.pageLanguage',
      'users.language',
      eb.selectFrom('users as languageOwner').select('languageOwner.language').whereRef('languageOwner.id', '=', 'users.ownerId'),
    )
    .as('pageLanguage');
}
