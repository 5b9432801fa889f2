import { DAY_MS } from '#shared/constants.ts';
import { type ArchivedItem, LINK_ARCHIVE_DAYS, linkArchiveMessages } from '#shared/link-archive.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LinkArchiveTable, LinksTable, UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { deleteLinkImageIfUnused } from '../media/media.repository.ts';
import { deleteArchivedBefore, insertArchivedItem, listArchivedItems, takeArchivedItem } from './link-archive.repository.ts';

// The archive of deleted links and blocks (issue 51 §2): a deleted item waits
// here 30 days, its pictures with it, and comes back with its id (so its
// clicks, kept by link id, are its own again) and its place in the list.

export type LinkRow = Selectable<LinksTable>;

/** Put a row, just deleted from the list, in the archive. */
export async function archiveItem(trx: Db, row: LinkRow, at: string): Promise<void> {
  await insertArchivedItem(trx, {
    id: row.id,
    userId: row.userId,
    archivedAt: at,
    customIconId: row.customIconId,
    thumbnailId: row.thumbnailId,
    item: JSON.stringify(row),
  });
}

const keptUntilOf = (archivedAt: string) => new Date(Date.parse(archivedAt) + LINK_ARCHIVE_DAYS * DAY_MS).toISOString();

/** What a text block is called in the archive: its first words. */
function titleOf(row: LinkRow): string {
  if (row.type !== 'text') return row.title;
  const words = row.body.replace(/\s+/g, ' ').trim();
  return words.length <= 60 ? words : `${words.slice(0, 59).trimEnd()}…`;
}

export async function archivedItemsOf(db: Db, owner: UserRow): Promise<ArchivedItem[]> {
  return (await listArchivedItems(db, owner.id)).map((archived) => {
    const row = JSON.parse(archived.item) as LinkRow;
    return {
      id: archived.id,
      type: row.type,
      title: titleOf(row),
      url: row.url,
      archivedAt: archived.archivedAt,
      keptUntil: keptUntilOf(archived.archivedAt),
    };
  });
}

/** Gone for good, before its time: its pictures are freed unless shown elsewhere. */
export async function deleteArchivedItem(db: Db, owner: UserRow, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const archived = await takeArchivedItem(trx, owner.id, id);
    if (!archived) throw new AppError(404, 'not_found', linkArchiveMessages.notFound);
    await freePictures(trx, [archived]);
  });
}

/** The daily job: items past their 30 days leave, and their pictures are freed unless shown elsewhere. */
export async function pruneLinkArchive(db: Db, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await deleteArchivedBefore(trx, new Date(now - LINK_ARCHIVE_DAYS * DAY_MS).toISOString());
    await freePictures(trx, gone);
  });
}

async function freePictures(trx: Db, rows: readonly LinkArchiveTable[]): Promise<void> {
  for (const row of rows)
    for (const image of [row.customIconId, row.thumbnailId]) if (image !== null) await deleteLinkImageIfUnused(trx, image);
}
