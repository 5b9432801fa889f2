import type { Plan } from '#shared/constants.ts';
import type { Db } from '../db/database.ts';

/** The page's SEO document as JSON text, or undefined when its owner never saved one. */
export async function findSeoDocument(db: Db, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('pageSeo').select('document').where('userId', '=', userId).executeTakeFirst())?.document;
}

export async function saveSeoDocument(db: Db, userId: number, document: string, noindex: boolean, at: string): Promise<void> {
  const values = { document, noindex: noindex ? 1 : 0, updatedAt: at };
  await db
    .insertInto('pageSeo')
    .values({ userId, ...values })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet(values))
    .execute();
}

/** The pages kept out of search engines, on a plan that draws SEO tools (`plans`): left out of sitemap.xml. */
export async function hiddenFromSearch(db: Db, plans: readonly Plan[]): Promise<Set<string>> {
  if (plans.length === 0) return new Set();
  const rows = await db
    .selectFrom('pageSeo')
    .innerJoin('users', 'users.id', 'pageSeo.userId')
    .select('users.username')
    .where('pageSeo.noindex', '=', 1)
    .where('users.plan', 'in', plans)
    .execute();
  return new Set(rows.map((row) => row.username));
}
