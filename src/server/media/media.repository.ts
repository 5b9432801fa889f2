import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import { DEFAULT_LINK_ICON } from '#shared/links.ts';
import type { MediaKind } from '#shared/media.ts';
import type { Database, MediaTable } from '../db/schema.ts';
import type { Db } from '../db/database.ts';

export function mediaUrl(row: { hash: string; ext: string }): string {
  return `/media/${row.hash}.${row.ext}`;
}

/** The hash and extension in a media address, the inverse of mediaUrl. */
export function parseMediaUrl(url: string): { hash: string; ext: string } | undefined {
  return url.startsWith('/media/') ? parseMediaFileName(url.slice('/media/'.length)) : undefined;
}

/** `{sha256}.{ext}`, the last segment of a media address. */
export function parseMediaFileName(file: string): { hash: string; ext: string } | undefined {
  const match = /^([0-9a-f]{64})\.([a-z0-9]{2,5})$/.exec(file);
  return match ? { hash: match[1]!, ext: match[2]! } : undefined;
}

export function findMediaFile(db: Db, hash: string, ext: string) {
  return db.selectFrom('media').select(['data', 'mime']).where('hash', '=', hash).where('ext', '=', ext).limit(1).executeTakeFirst();
}

export function findOwnedMedia(db: Db, ownerId: number, kind: MediaKind, hash: string) {
  return db
    .selectFrom('media')
    .select(['id', 'kind', 'hash', 'ext', 'bytes', 'width', 'height'])
    .where('ownerId', '=', ownerId)
    .where('kind', '=', kind)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** Every file of the owner with its bytes, oldest first (the account's and the page's exports). */
/** The owner's files with their bytes: every one, or only those of the given hashes. */
export function listOwnedMedia(db: Db, ownerId: number, hashes?: readonly string[]) {
  let query = db
    .selectFrom('media')
    .select(['id', 'kind', 'hash', 'ext', 'mime', 'bytes', 'width', 'height', 'data', 'createdAt'])
    .where('ownerId', '=', ownerId);
  if (hashes !== undefined) {
    if (hashes.length === 0) return Promise.resolve([]);
    query = query.where('hash', 'in', hashes);
  }
  return query.orderBy('id').execute();
}

export function findOwnedMediaById(db: Db, ownerId: number, id: number) {
  return db
    .selectFrom('media')
    .select(['id', 'kind', 'hash', 'ext'])
    .where('ownerId', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Bytes of media the user keeps: what their plan's quota counts (files kept only for saved looks are not). */
export async function usedBytes(db: Db, ownerId: number, notCountedHashes: string[] = []): Promise<number> {
  let query = db
    .selectFrom('media')
    .select(sql<number>`coalesce(sum(bytes), 0)`.as('total'))
    .where('ownerId', '=', ownerId);
  if (notCountedHashes.length > 0) query = query.where('hash', 'not in', notCountedHashes);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertMedia(db: Db, media: Insertable<MediaTable>) {
  return db
    .insertInto('media')
    .values(media)
    .returning(['id', 'kind', 'hash', 'ext', 'bytes', 'width', 'height'])
    .executeTakeFirstOrThrow();
}

export async function deleteMedia(db: Db, id: number): Promise<void> {
  await db.deleteFrom('media').where('id', '=', id).execute();
}

/** The images links show (issue 30: thumbnails beside custom icons, an embed's picture), each kind by its own column. */
type LinkImageKind = 'icon' | 'thumbnail' | 'embed';
const LINK_IMAGE_COLUMN = { icon: 'links.customIconId', thumbnail: 'links.thumbnailId', embed: 'links.thumbnailId' } as const;

/** Whether a media kind is a link's image, freed with the links that show it rather than kept by the look. */
export function isLinkImage(kind: MediaKind): kind is LinkImageKind {
  return kind === 'icon' || kind === 'thumbnail' || kind === 'embed';
}

/** Link images of this kind and owner that no link uses, uploaded before `olderThan` (abandoned forms). */
export async function deleteUnusedLinkImages(db: Db, ownerId: number, kind: LinkImageKind, olderThan: string): Promise<void> {
  await db
    .deleteFrom('media')
    .where('ownerId', '=', ownerId)
    .where('kind', '=', kind)
    .where('createdAt', '<', olderThan)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('links').select('links.id').whereRef(LINK_IMAGE_COLUMN[kind], '=', 'media.id'))))
    // An archived link's picture waits with it (issue 51 §2).
    .where((eb) => eb.not(heldByArchive(eb)))
    .execute();
}

/** Whether an archived link or block holds this picture (issue 51 §2): it waits with it. */
function heldByArchive(eb: ExpressionBuilder<Database, 'media'>) {
  return eb.exists(
    eb
      .selectFrom('linkArchive')
      .select('linkArchive.id')
      .where((inner) =>
        inner.or([
          inner('linkArchive.customIconId', '=', inner.ref('media.id')),
          inner('linkArchive.thumbnailId', '=', inner.ref('media.id')),
        ]),
      ),
  );
}

/** Delete one icon, thumbnail or embed picture if no link shows it any more, and no archived one waits with it. */
export async function deleteLinkImageIfUnused(db: Db, id: number): Promise<void> {
  await db
    .deleteFrom('media')
    .where('id', '=', id)
    .where('kind', 'in', ['icon', 'thumbnail', 'embed'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('links')
            .select('links.id')
            .where((inner) =>
              inner.or([inner('links.customIconId', '=', inner.ref('media.id')), inner('links.thumbnailId', '=', inner.ref('media.id'))]),
            ),
        ),
      ),
    )
    .where((eb) => eb.not(heldByArchive(eb)))
    .execute();
}

/** Links that showed this image go back to the default icon, or to no thumbnail. */
export async function unlinkImageFromLinks(db: Db, mediaId: number, at: string): Promise<void> {
  await db
    .updateTable('links')
    .set({ icon: DEFAULT_LINK_ICON, customIconId: null, updatedAt: at })
    .where('customIconId', '=', mediaId)
    .execute();
  await db.updateTable('links').set({ thumbnailId: null, updatedAt: at }).where('thumbnailId', '=', mediaId).execute();
}

/** The owner's upload of this kind at this address, or undefined. */
export async function findOwnedMediaByUrl(db: Db, ownerId: number, kind: MediaKind, url: string) {
  const address = parseMediaUrl(url);
  if (!address) return undefined;
  const media = await findOwnedMedia(db, ownerId, kind, address.hash);
  return media?.ext === address.ext ? media : undefined;
}

/** Free the owner's upload of this kind at this address (a replaced avatar, background, track or cursor). */
export async function deleteMediaByUrl(db: Db, ownerId: number, kind: MediaKind, url: string): Promise<void> {
  const address = parseMediaUrl(url);
  if (!address) return;
  await db.deleteFrom('media').where('ownerId', '=', ownerId).where('kind', '=', kind).where('hash', '=', address.hash).execute();
}

/**
 * Uploads of this kind that the profile does not show, uploaded before
 * `olderThan`: files picked in a form that was never saved.
 */
export async function deleteUnreferencedUploads(db: Db, ownerId: number, kind: MediaKind, olderThan: string, keepHashes: string[]) {
  let query = db.deleteFrom('media').where('ownerId', '=', ownerId).where('kind', '=', kind).where('createdAt', '<', olderThan);
  if (keepHashes.length > 0) query = query.where('hash', 'not in', keepHashes);
  await query.execute();
}
