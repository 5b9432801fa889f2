import type { Db } from '../db/database.ts';
import type { LinkArchiveTable } from '../db/schema.ts';

export async function insertArchivedItem(db: Db, row: LinkArchiveTable): Promise<void> {
  await db.insertInto('linkArchive').values(row).execute();
}

/** The owner's archived items, the last deleted first. */
export function listArchivedItems(db: Db, userId: number) {
  return db
    .selectFrom('linkArchive')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('archivedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Take one of the owner's items out of the archive: the row it held, or undefined. */
export async function takeArchivedItem(db: Db, userId: number, id: number): Promise<LinkArchiveTable | undefined> {
  return db.deleteFrom('linkArchive').where('userId', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Items archived before `before` leave for good: the rows that left. */
export function deleteArchivedBefore(db: Db, before: string): Promise<LinkArchiveTable[]> {
  return db.deleteFrom('linkArchive').where('archivedAt', '<', before).returningAll().execute();
}

/** Make room at `position` in the owner's list: the items from there move one down. */
export async function shiftPositionsFrom(db: Db, userId: number, position: number): Promise<void> {
  await db
    .updateTable('links')
    .set((eb) => ({ position: eb('position', '+', 1) }))
    .where('userId', '=', userId)
    .where('position', '>=', position)
    .execute();
}
