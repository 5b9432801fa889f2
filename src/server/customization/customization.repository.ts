import { SAVED_LOOKS_KEPT } from '#shared/customization.ts';
import type { Db } from '../db/database.ts';

/** The stored document's JSON text and when it was saved, or undefined when the user never saved one. */
export async function findCustomizationRow(db: Db, userId: number) {
  return db.selectFrom('customizations').select(['document', 'updatedAt']).where('userId', '=', userId).executeTakeFirst();
}

/** The stored document's JSON text, or undefined when the user never saved one. */
export async function findCustomizationDocument(db: Db, userId: number): Promise<string | undefined> {
  return (await findCustomizationRow(db, userId))?.document;
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

/** The user's saved looks, newest first. */
export function listSavedLooks(db: Db, userId: number) {
  return db
    .selectFrom('savedLooks')
    .select(['id', 'document', 'savedAt', 'replacedAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(SAVED_LOOKS_KEPT)
    .execute();
}

export function findSavedLook(db: Db, userId: number, id: number) {
  return db
    .selectFrom('savedLooks')
    .select(['id', 'document', 'savedAt'])
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSavedLook(db: Db, look: { userId: number; document: string; savedAt: string; replacedAt: string }) {
  const row = await db.insertInto('savedLooks').values(look).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteSavedLook(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom('savedLooks').where('userId', '=', userId).where('id', '=', id).execute();
}

/** Drop the user's looks beyond the newest SAVED_LOOKS_KEPT; answers the documents dropped. */
export async function pruneSavedLooks(db: Db, userId: number): Promise<string[]> {
  const dropped = await db
    .selectFrom('savedLooks')
    .select(['id', 'document'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .offset(SAVED_LOOKS_KEPT)
    .limit(1000)
    .execute();
  if (dropped.length === 0) return [];
  await db
    .deleteFrom('savedLooks')
    .where(
      'id',
      'in',
      dropped.map((row) => row.id),
    )
    .execute();
  return dropped.map((row) => row.document);
}
