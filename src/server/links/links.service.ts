import { CUSTOM_ICON, type CreateLinkInput, type Link, type UpdateLinkInput, isLinkLive, linkMessages } from '#shared/links.ts';
import { linkLimitMessage } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { commonMessages } from '#shared/api.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { AppError } from '../http/errors.ts';
import { isUserActive } from '../users/users.repository.ts';
import { deleteIconIfUnused, findOwnedMedia, mediaUrl, parseMediaUrl } from '../media/media.repository.ts';
import {
  type LinkWithIcon,
  countLinksOfUser,
  deleteLink,
  findLinkOfUser,
  insertLink,
  listLinksOfUser,
  nextPosition,
  setLinkPosition,
  updateLink,
} from './links.repository.ts';

/** The one place a link row becomes the API shape (DESIGN.md "Response shapes"). */
export function toLink(row: LinkWithIcon): Link {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    url: row.url,
    icon: row.icon,
    customIcon: row.iconHash && row.iconExt ? mediaUrl({ hash: row.iconHash, ext: row.iconExt }) : null,
    color: row.color,
    position: row.position,
    isActive: row.isActive === 1,
    showAsIcon: row.showAsIcon === 1,
    ownProfile: row.ownProfile === 1,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Owner: every link; anyone else: the active links of an active user, or 404. */
export async function listLinks(db: Db, userId: number, viewer: UserRow | null): Promise<Link[]> {
  const isOwner = viewer?.id === userId;
  if (!isOwner) {
    if (!(await isUserActive(db, userId))) throw new AppError(404, 'not_found', commonMessages.userNotFound);
  }
  const links = (await listLinksOfUser(db, userId, !isOwner)).map(toLink);
  // Anyone else sees what the page shows now: a scheduled link only within its window.
  return isOwner ? links : links.filter((link) => isLinkLive(link, Date.now()));
}

/** The media id behind a custom icon address, which must be the owner's own icon upload. */
async function resolveCustomIcon(db: Db, ownerId: number, customIcon: string | null | undefined): Promise<number> {
  const address = customIcon ? parseMediaUrl(customIcon) : undefined;
  const media = address ? await findOwnedMedia(db, ownerId, 'icon', address.hash) : undefined;
  if (!media || media.ext !== address?.ext) {
    throw new AppError(400, 'validation_failed', linkMessages.customIconMissing, {
      fieldErrors: { customIcon: linkMessages.customIconMissing },
    });
  }
  return media.id;
}

export async function createLink(db: Db, config: AppConfig, owner: UserRow, input: CreateLinkInput): Promise<Link> {
  return db.transaction().execute(async (trx) => {
    const limit = config.planLimits[owner.plan].links;
    if (limit !== null && (await countLinksOfUser(trx, owner.id)) >= limit) {
      throw new AppError(403, 'plan_link_limit', linkLimitMessage(owner.plan, limit));
    }
    const customIconId = input.icon === CUSTOM_ICON ? await resolveCustomIcon(trx, owner.id, input.customIcon) : null;
    const now = nowIso();
    const id = await insertLink(trx, {
      userId: owner.id,
      title: input.title,
      url: input.url,
      icon: input.icon,
      customIconId,
      color: input.color,
      position: await nextPosition(trx, owner.id),
      isActive: input.isActive ? 1 : 0,
      showAsIcon: input.showAsIcon ? 1 : 0,
      ownProfile: input.ownProfile ? 1 : 0,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(trx, owner.id, 'link_added', input.title, now);
    return toLink((await findLinkOfUser(trx, owner.id, id))!);
  });
}

export async function changeLink(db: Db, owner: UserRow, id: number, input: UpdateLinkInput): Promise<Link> {
  return db.transaction().execute(async (trx) => {
    const current = await findLinkOfUser(trx, owner.id, id);
    if (!current) throw new AppError(404, 'not_found', linkMessages.notFound);
    const icon = input.icon ?? current.icon;
    // A new start or end is checked against the one kept.
    const startsAt = input.startsAt !== undefined ? input.startsAt : current.startsAt;
    const endsAt = input.endsAt !== undefined ? input.endsAt : current.endsAt;
    if (startsAt && endsAt && startsAt >= endsAt) {
      throw new AppError(400, 'validation_failed', linkMessages.startAfterEnd, { fieldErrors: { endsAt: linkMessages.startAfterEnd } });
    }
    // A custom icon keeps its image unless a new one is given (the schema demands one
    // when the icon switches to custom).
    let customIconId: number | null = null;
    if (icon === CUSTOM_ICON) {
      customIconId = input.customIcon !== undefined ? await resolveCustomIcon(trx, owner.id, input.customIcon) : current.customIconId;
      if (customIconId === null)
        throw new AppError(400, 'validation_failed', linkMessages.customIconMissing, {
          fieldErrors: { customIcon: linkMessages.customIconMissing },
        });
    }
    await updateLink(trx, owner.id, id, {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.url !== undefined && { url: input.url }),
      ...(input.color !== undefined && { color: input.color }),
      ...(input.isActive !== undefined && { isActive: input.isActive ? 1 : 0 }),
      ...(input.showAsIcon !== undefined && { showAsIcon: input.showAsIcon ? 1 : 0 }),
      ...(input.ownProfile !== undefined && { ownProfile: input.ownProfile ? 1 : 0 }),
      startsAt,
      endsAt,
      icon,
      customIconId,
      updatedAt: nowIso(),
    });
    await recordActivity(trx, owner.id, 'link_updated', input.title ?? current.title);
    // A replaced icon that nothing else shows is freed.
    if (current.customIconId !== null && current.customIconId !== customIconId) {
      await deleteIconIfUnused(trx, current.customIconId);
    }
    return toLink((await findLinkOfUser(trx, owner.id, id))!);
  });
}

export async function removeLink(db: Db, owner: UserRow, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await findLinkOfUser(trx, owner.id, id);
    if (!current) throw new AppError(404, 'not_found', linkMessages.notFound);
    await deleteLink(trx, owner.id, id);
    await recordActivity(trx, owner.id, 'link_removed', current.title);
    if (current.customIconId !== null) await deleteIconIfUnused(trx, current.customIconId);
  });
}

/** Save a new order: the ids must be exactly the owner's links. */
export async function reorderLinks(db: Db, owner: UserRow, ids: number[]): Promise<Link[]> {
  return db.transaction().execute(async (trx) => {
    const current = await listLinksOfUser(trx, owner.id, false);
    const known = new Set(current.map((link) => link.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError(400, 'validation_failed', linkMessages.orderMismatch);
    }
    const now = nowIso();
    for (const [position, id] of ids.entries()) await setLinkPosition(trx, owner.id, id, position, now);
    return (await listLinksOfUser(trx, owner.id, false)).map(toLink);
  });
}
