import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
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

/** The language the page `pageId` speaks (spokenPageLanguage), or null: asked only where a rare answer needs it. */
export async function findSpokenPageLanguage(db: Db, pageId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select(spokenPageLanguage).where('users.id', '=', pageId).executeTakeFirst();
  return row?.pageLanguage ?? null;
}
