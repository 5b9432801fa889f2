import type { Db } from '../db/database.ts';

/** The stored document's JSON text, or undefined when the user never saved one. */
export async function findCustomizationDocument(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('customizations').select('document').where('userId', '=', userId).executeTakeFirst();
  return row?.document;
}

export async function saveCustomizationDocument(db: Db, userId: number, document: string, at: string): Promise<void> {
  await db
    .insertInto('customizations')
    .values({ userId, document, updatedAt: at })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet({ document, updatedAt: at }))
    .execute();
}

export async function deleteCustomizationDocument(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('customizations').where('userId', '=', userId).execute();
}
