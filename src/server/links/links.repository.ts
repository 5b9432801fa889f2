import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/query-shortcuts.ts';
import { spokenPageLanguage } from '../users/page-language.repository.ts';
import type { LinksTable } from '../db/schema.ts';
import type { Insertable, Updateable } from 'kysely';

/** Links with the addresses of their custom icon and thumbnail, in the owner's order. */
export function selectLinks(db: Db) {
  return db
    .selectFrom('links')
    .leftJoin('media', 'media.id', 'links.customIconId')
    .leftJoin('media as thumbnails', 'thumbnails.id', 'links.thumbnailId')
    .selectAll('links')
    .select(['media.hash as iconHash', 'media.ext as iconExt', 'thumbnails.hash as thumbnailHash', 'thumbnails.ext as thumbnailExt'])
    .orderBy('links.position')
    .orderBy('links.id');
}

export type LinkWithIcon = Awaited<ReturnType<ReturnType<typeof selectLinks>['executeTakeFirstOrThrow']>>;

/** The active links of a user, in order: what the public page shows (a prepared read, it runs on every cache miss). */
export const listActiveLinksOfUser = preparedQuery((db: Db, userId: number) =>
  selectLinks(db).where('links.userId', '=', userId).where('links.isActive', '=', 1),
);

export function listLinksOfUser(db: Db, userId: number, activeOnly: boolean) {
  let query = selectLinks(db).where('links.userId', '=', userId);
  if (activeOnly) query = query.where('links.isActive', '=', 1);
  return query.execute();
}

export function findLinkOfUser(db: Db, userId: number, id: number) {
  return selectLinks(db).where('links.userId', '=', userId).where('links.id', '=', id).executeTakeFirst();
}

/** The item's row as stored (what the archive keeps). */
export function findLinkRow(db: Db, userId: number, id: number) {
  return db.selectFrom('links').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The user's links, not their blocks: what a plan's link limit counts. */
export async function countLinksOfUser(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('type', '=', 'link')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function nextPosition(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('links')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.max == null ? 0 : Number(row.max) + 1;
}

export async function insertLink(db: Db, link: Insertable<LinksTable>): Promise<number> {
  const row = await db.insertInto('links').values(link).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLink(db: Db, userId: number, id: number, changes: Updateable<LinksTable>): Promise<void> {
  await db.updateTable('links').set(changes).where('userId', '=', userId).where('id', '=', id).execute();
}

export async function deleteLink(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom('links').where('userId', '=', userId).where('id', '=', id).execute();
}

export async function setLinkPosition(db: Db, userId: number, id: number, position: number, at: string): Promise<void> {
  await db.updateTable('links').set({ position, updatedAt: at }).where('userId', '=', userId).where('id', '=', id).execute();
}

const redirectTargetQuery = preparedQuery((db: Db, id: number) =>
  db
    .selectFrom('links')
    .innerJoin('users', 'users.id', 'links.userId')
    .select(['links.url', 'links.userId', 'links.startsAt', 'links.endsAt', 'links.contentWarning', 'users.username', 'users.displayName'])
    .where('links.id', '=', id)
    // An embed opens its video or player there: what its placeholder is without script (issue 30).
    .where('links.type', 'in', ['link', 'embed'])
    .where('links.isActive', '=', 1)
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null),
);

/** The target of /go/{id}: an active link or embed of an active user (with its schedule, which the caller reads), or nothing. */
export async function findRedirectTarget(db: Db, id: number) {
  const [target] = await redirectTargetQuery(db, id);
  return target;
}

/** An active text block of an active user, whose addresses /go/{id}?to=n opens (with its schedule), or nothing. */
export function findTextBlockTarget(db: Db, id: number) {
  return db
    .selectFrom('links')
    .innerJoin('users', 'users.id', 'links.userId')
    .select(['links.body', 'links.userId', 'links.startsAt', 'links.endsAt'])
    .where('links.id', '=', id)
    .where('links.type', '=', 'text')
    .where('links.isActive', '=', 1)
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null)
    .executeTakeFirst();
}

/** The profile a link that is not live belongs to, when that profile is itself public, with its language: where its visitor can go instead. */
export function findOwnerOfHiddenLink(db: Db, id: number): Promise<{ username: string; pageLanguage: string | null } | undefined> {
  return db
    .selectFrom('links')
    .innerJoin('users', 'users.id', 'links.userId')
    .select('users.username')
    .select(spokenPageLanguage)
    .where('links.id', '=', id)
    .where('users.isActive', '=', 1)
    .where('users.deleteAfter', 'is', null)
    .executeTakeFirst();
}
