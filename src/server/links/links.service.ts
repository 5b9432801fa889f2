import { serviceLookOf } from '#shared/link-brands.ts';
import { linkArchiveMessages } from '#shared/link-archive.ts';
import { type LinkRow, archiveItem } from './link-archive.service.ts';
import { shiftPositionsFrom, takeArchivedItem } from './link-archive.repository.ts';
import { type BlockType, type CreateBlockInput, type PageItem, type UpdateBlockInput, blockMessages, blockNameOf } from '#shared/blocks.ts';
import { embedTargetOf } from '#shared/embeds.ts';
import {
  CUSTOM_ICON,
  THEME_COLOR,
  DEFAULT_LINK_ICON,
  type CreateLinkInput,
  type Link,
  type UpdateLinkInput,
  isLinkLive,
  linkMessages,
} from '#shared/links.ts';
import { linkLimitMessage, planOfferOf } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import type { Plan } from '#shared/constants.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { commonMessages } from '#shared/api.ts';
import { recordActivity } from '../journal/activity.repository.ts';
import { AppError } from '../http/errors.ts';
import { isUserActive } from '../users/users.repository.ts';
import { deleteLinkImageIfUnused, findOwnedMedia, mediaUrl, parseMediaUrl } from '../media/media.repository.ts';
import type { ProcessedMedia } from '../media/image-processing.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { keepProcessedMedia } from '../media/media.service.ts';
import type { EmbedPreviews } from './embed-previews.ts';
import {
  type LinkWithIcon,
  countLinksOfUser,
  listActiveLinksOfUser,
  deleteLink,
  findLinkOfUser,
  findLinkRow,
  insertLink,
  listLinksOfUser,
  nextPosition,
  setLinkPosition,
  updateLink,
} from './links.repository.ts';

/** The one place an item's row becomes the API shape (DESIGN.md "Response shapes"): a link, or a block. */
export function toPageItem(row: LinkWithIcon): PageItem {
  const base = {
    id: row.id,
    userId: row.userId,
    position: row.position,
    isActive: row.isActive === 1,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  switch (row.type) {
    case 'header':
      return { ...base, type: 'header', title: row.title };
    case 'text':
      return { ...base, type: 'text', text: row.body };
    case 'divider':
      return { ...base, type: 'divider' };
    case 'embed':
      return {
        ...base,
        type: 'embed',
        url: row.url,
        // A stored address is one the embed rules wrote in canonical form.
        provider: embedTargetOf(row.url)!.provider,
        title: row.title,
        thumbnail: pictureUrlOf(row),
      };
    case 'link':
      return toLink(row);
  }
}

/** The address of a link's thumbnail or an embed's picture, or null. */
function pictureUrlOf(row: LinkWithIcon): string | null {
  return row.thumbnailHash && row.thumbnailExt ? mediaUrl({ hash: row.thumbnailHash, ext: row.thumbnailExt }) : null;
}

function toLink(row: LinkWithIcon): Link {
  return {
    id: row.id,
    type: 'link',
    userId: row.userId,
    title: row.title,
    url: row.url,
    icon: row.icon,
    customIcon: row.iconHash && row.iconExt ? mediaUrl({ hash: row.iconHash, ext: row.iconExt }) : null,
    thumbnail: pictureUrlOf(row),
    color: row.color,
    position: row.position,
    isActive: row.isActive === 1,
    showAsIcon: row.showAsIcon === 1,
    ownProfile: row.ownProfile === 1,
    contentWarning: row.contentWarning,
    device: row.audienceDevice,
    countries: row.audienceCountries ? row.audienceCountries.split(',') : [],
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Owner: every item; anyone else: the live items of an active user, or 404. */
export async function listLinks(db: Db, userId: number, viewer: UserRow | null): Promise<PageItem[]> {
  const isOwner = viewer?.id === userId;
  if (!isOwner) {
    if (!(await isUserActive(db, userId))) throw new AppError(404, 'not_found', commonMessages.userNotFound);
  }
  const links = (await listLinksOfUser(db, userId, !isOwner)).map(toPageItem);
  // Anyone else sees what the page shows now: a scheduled link only within its window.
  return isOwner ? links : links.filter((link) => isLinkLive(link, Date.now()));
}

/** A page's items in order: the ones it shows (the public page), or every one (the page file). */
export async function itemsOfPage(db: Db, userId: number, which: 'shown' | 'all'): Promise<PageItem[]> {
  const rows = which === 'shown' ? await listActiveLinksOfUser(db, userId) : await listLinksOfUser(db, userId, false);
  return rows.map(toPageItem);
}

/** How many items a page holds, shown or not (a plan's limit counts them). */
export function itemCountOf(db: Db, userId: number): Promise<number> {
  return countLinksOfUser(db, userId);
}

/** The media id behind a link image's address, which must be the owner's own upload of that kind. */
async function resolveLinkImage(db: Db, ownerId: number, kind: 'icon' | 'thumbnail', url: string | null | undefined): Promise<number> {
  const address = url ? parseMediaUrl(url) : undefined;
  const media = address ? await findOwnedMedia(db, ownerId, kind, address.hash) : undefined;
  if (!media || media.ext !== address?.ext) {
    const [field, message] =
      kind === 'icon' ? ['customIcon', linkMessages.customIconMissing] : ['thumbnail', linkMessages.thumbnailMissing];
    throw new AppError(400, 'validation_failed', message, { fieldErrors: { [field]: message } });
  }
  return media.id;
}

/** What a creator is told at the plan's link limit, with what this site offers beyond it. */
export function linkLimitMessageOn(config: Pick<AppConfig, 'planLimits' | 'payments'>, plan: Plan, limit: number): string {
  return linkLimitMessage(plan, limit, planOfferOf(config.planLimits, Boolean(config.payments)));
}

/** A new link, or one back from the archive, only while the plan's limit leaves room. */
async function assertRoomForLink(trx: Db, config: AppConfig, owner: UserRow): Promise<void> {
  const limit = config.planLimits[owner.plan].links;
  if (limit !== null && (await countLinksOfUser(trx, owner.id)) >= limit) {
    throw new AppError(403, 'plan_link_limit', linkLimitMessageOn(config, owner.plan, limit));
  }
}

export async function createLink(db: Db, config: AppConfig, owner: UserRow, input: CreateLinkInput): Promise<Link> {
  return db.transaction().execute(async (trx) => {
    await assertRoomForLink(trx, config, owner);
    const link = await insertOwnLink(trx, owner, input);
    await recordActivity(trx, owner, 'link_added', input.title, link.createdAt);
    return link;
  });
}

/** A link at the end of the owner's list, its images checked to be their own uploads; the caller keeps to the plan's limit. */
export async function insertOwnLink(trx: Db, owner: UserRow, input: CreateLinkInput): Promise<Link> {
  const customIconId = input.icon === CUSTOM_ICON ? await resolveLinkImage(trx, owner.id, 'icon', input.customIcon) : null;
  const thumbnailId = input.thumbnail ? await resolveLinkImage(trx, owner.id, 'thumbnail', input.thumbnail) : null;
  const now = nowIso();
  const id = await insertLink(trx, {
    userId: owner.id,
    title: input.title,
    url: input.url,
    // What the creator left out comes from the service the address names (issue 51).
    ...serviceLookOf(input),
    customIconId,
    thumbnailId,
    position: await nextPosition(trx, owner.id),
    isActive: input.isActive ? 1 : 0,
    showAsIcon: input.showAsIcon ? 1 : 0,
    ownProfile: input.ownProfile ? 1 : 0,
    contentWarning: input.contentWarning,
    audienceDevice: input.device,
    audienceCountries: input.countries.join(','),
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    createdAt: now,
    updatedAt: now,
  });
  return toLink((await findLinkOfUser(trx, owner.id, id))!);
}

/** What Recent Activity names a block by ('Added the header “Shop”', 'Removed a divider', 'Added an embed'). */
function blockSubject(type: BlockType, title: string): string {
  const name = blockNameOf(type, title);
  // A named block is that one; any other is one of its kind.
  return name.includes('“') ? `the ${name}` : `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}

/** What adding or readdressing an embed needs: its provider's answer, the media worker, and the plan's quota. */
export interface EmbedDeps {
  previews: EmbedPreviews;
  media: MediaProcessor;
  config: AppConfig;
}

/**
 * The provider's title and picture for an embed's address, the picture
 * decoded and re-encoded in the media worker; asked before any transaction
 * opens, since it waits on the network. Whatever fails leaves it out.
 */
async function previewOf(embeds: EmbedDeps, owner: UserRow, url: string): Promise<{ title: string; picture: ProcessedMedia | null }> {
  const { title, picture } = await embeds.previews.preview(embedTargetOf(url)!);
  if (!picture) return { title, picture: null };
  try {
    return { title, picture: await embeds.media.process('embed', picture, `user:${owner.id}`) };
  } catch {
    return { title, picture: null };
  }
}

/** A header, text, divider or embed at the end of the list; it counts toward no plan's link limit. */
export async function createBlock(db: Db, owner: UserRow, input: CreateBlockInput, embeds: EmbedDeps): Promise<PageItem> {
  const preview = input.type === 'embed' ? await previewOf(embeds, owner, input.url) : undefined;
  return db.transaction().execute(async (trx) => {
    const thumbnailId = preview?.picture ? await keepEmbedPictureOf(trx, embeds.config, owner, preview.picture) : null;
    const block = await insertOwnBlock(trx, owner, input, { title: preview?.title ?? '', thumbnailId });
    const title = input.type === 'header' ? input.title : (preview?.title ?? '');
    await recordActivity(trx, owner, 'block_added', blockSubject(input.type, title), block.createdAt);
    return block;
  });
}

/** An embed's picture kept on the owner's account (its media id), or null when it would not fit. */
async function keepEmbedPictureOf(trx: Db, config: AppConfig, owner: UserRow, picture: ProcessedMedia): Promise<number | null> {
  return (await keepProcessedMedia(trx, config, owner, 'embed', picture))?.id ?? null;
}

/** A block at the end of the owner's list; an embed with the provider's title and picture (a media id of the owner's) it was given. */
export async function insertOwnBlock(
  trx: Db,
  owner: UserRow,
  input: CreateBlockInput,
  embed: { title: string; thumbnailId: number | null },
): Promise<PageItem> {
  const now = nowIso();
  const title = input.type === 'header' ? input.title : input.type === 'embed' ? embed.title : '';
  const id = await insertLink(trx, {
    userId: owner.id,
    type: input.type,
    title,
    body: input.type === 'text' ? input.text : '',
    url: input.type === 'embed' ? input.url : '',
    thumbnailId: input.type === 'embed' ? embed.thumbnailId : null,
    icon: DEFAULT_LINK_ICON,
    customIconId: null,
    color: THEME_COLOR,
    position: await nextPosition(trx, owner.id),
    isActive: input.isActive ? 1 : 0,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    createdAt: now,
    updatedAt: now,
  });
  return toPageItem((await findLinkOfUser(trx, owner.id, id))!);
}

/** Which block type has each field of a change. */
const FIELD_OWNER = { title: 'header', text: 'text', url: 'embed' } as const;

export async function changeBlock(db: Db, owner: UserRow, id: number, input: UpdateBlockInput, embeds: EmbedDeps): Promise<PageItem> {
  // A new address is asked about before the transaction: only for an embed (checked again inside).
  const readdressed = input.url !== undefined && (await findLinkOfUser(db, owner.id, id))?.type === 'embed';
  const preview = readdressed ? await previewOf(embeds, owner, input.url!) : undefined;
  return db.transaction().execute(async (trx) => {
    const current = await findLinkOfUser(trx, owner.id, id);
    if (!current || current.type === 'link') throw new AppError(404, 'not_found', blockMessages.notFound);
    const type = current.type;
    for (const field of ['title', 'text', 'url'] as const) {
      const owns = FIELD_OWNER[field] === type;
      if (input[field] !== undefined && !owns) {
        const message = blockMessages.fieldNotForType(type, field);
        throw new AppError(400, 'validation_failed', message, { fieldErrors: { [field]: message } });
      }
    }
    const startsAt = input.startsAt !== undefined ? input.startsAt : current.startsAt;
    const endsAt = input.endsAt !== undefined ? input.endsAt : current.endsAt;
    assertStartBeforeEnd(startsAt, endsAt);
    // A new address brings the provider's title and picture with it (none, when it did not answer).
    const thumbnailId = preview
      ? preview.picture
        ? await keepEmbedPictureOf(trx, embeds.config, owner, preview.picture)
        : null
      : current.thumbnailId;
    const title = input.title ?? preview?.title ?? current.title;
    await updateLink(trx, owner.id, id, {
      title,
      ...(input.text !== undefined && { body: input.text }),
      ...(preview && { url: input.url }),
      thumbnailId,
      ...(input.isActive !== undefined && { isActive: input.isActive ? 1 : 0 }),
      startsAt,
      endsAt,
      updatedAt: nowIso(),
    });
    await recordActivity(trx, owner, 'block_updated', blockSubject(type, title));
    if (current.thumbnailId !== null && current.thumbnailId !== thumbnailId) await deleteLinkImageIfUnused(trx, current.thumbnailId);
    return toPageItem((await findLinkOfUser(trx, owner.id, id))!);
  });
}

/** A start or end given now, checked against the one kept. */
function assertStartBeforeEnd(startsAt: string | null, endsAt: string | null): void {
  if (startsAt && endsAt && startsAt >= endsAt) {
    throw new AppError(400, 'validation_failed', linkMessages.startAfterEnd, { fieldErrors: { endsAt: linkMessages.startAfterEnd } });
  }
}

export async function changeLink(db: Db, owner: UserRow, id: number, input: UpdateLinkInput): Promise<Link> {
  return db.transaction().execute(async (trx) => {
    const current = await findLinkOfUser(trx, owner.id, id);
    // A block is changed as a block (PATCH /api/links/blocks/{id}).
    if (!current || current.type !== 'link') throw new AppError(404, 'not_found', linkMessages.notFound);
    const icon = input.icon ?? current.icon;
    // A new start or end is checked against the one kept.
    const startsAt = input.startsAt !== undefined ? input.startsAt : current.startsAt;
    const endsAt = input.endsAt !== undefined ? input.endsAt : current.endsAt;
    assertStartBeforeEnd(startsAt, endsAt);
    // A custom icon keeps its image unless a new one is given (the schema demands one
    // when the icon switches to custom).
    let customIconId: number | null = null;
    if (icon === CUSTOM_ICON) {
      customIconId =
        input.customIcon !== undefined ? await resolveLinkImage(trx, owner.id, 'icon', input.customIcon) : current.customIconId;
      if (customIconId === null)
        throw new AppError(400, 'validation_failed', linkMessages.customIconMissing, {
          fieldErrors: { customIcon: linkMessages.customIconMissing },
        });
    }
    // A thumbnail given replaces the one kept; null takes it away.
    const thumbnailId =
      input.thumbnail === undefined
        ? current.thumbnailId
        : input.thumbnail === null
          ? null
          : await resolveLinkImage(trx, owner.id, 'thumbnail', input.thumbnail);
    await updateLink(trx, owner.id, id, {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.url !== undefined && { url: input.url }),
      thumbnailId,
      ...(input.color !== undefined && { color: input.color }),
      ...(input.isActive !== undefined && { isActive: input.isActive ? 1 : 0 }),
      ...(input.showAsIcon !== undefined && { showAsIcon: input.showAsIcon ? 1 : 0 }),
      ...(input.ownProfile !== undefined && { ownProfile: input.ownProfile ? 1 : 0 }),
      ...(input.contentWarning !== undefined && { contentWarning: input.contentWarning }),
      ...(input.device !== undefined && { audienceDevice: input.device }),
      ...(input.countries !== undefined && { audienceCountries: input.countries.join(',') }),
      startsAt,
      endsAt,
      icon,
      customIconId,
      updatedAt: nowIso(),
    });
    await recordActivity(trx, owner, 'link_updated', input.title ?? current.title);
    // A replaced icon or thumbnail that nothing else shows is freed.
    if (current.customIconId !== null && current.customIconId !== customIconId) await deleteLinkImageIfUnused(trx, current.customIconId);
    if (current.thumbnailId !== null && current.thumbnailId !== thumbnailId) await deleteLinkImageIfUnused(trx, current.thumbnailId);
    return toLink((await findLinkOfUser(trx, owner.id, id))!);
  });
}

/** Delete a link or a block: it waits in the archive 30 days, its pictures with it (issue 51 §2). */
export async function removeLink(db: Db, owner: UserRow, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await findLinkRow(trx, owner.id, id);
    if (!current) throw new AppError(404, 'not_found', linkMessages.notFound);
    await deleteLink(trx, owner.id, id);
    await archiveItem(trx, current, nowIso());
    if (current.type === 'link') await recordActivity(trx, owner, 'link_removed', current.title);
    else await recordActivity(trx, owner, 'block_removed', blockSubject(current.type, current.title));
  });
}

/**
 * A deleted item back from the archive, under its id (its clicks are its own
 * again) and at its place, the items from there one down. A link counts against
 * the plan's limit again. A picture deleted meanwhile is left off (a custom icon
 * gives way to the default).
 */
export async function restoreLink(db: Db, config: AppConfig, owner: UserRow, id: number): Promise<PageItem> {
  return db.transaction().execute(async (trx) => {
    const archived = await takeArchivedItem(trx, owner.id, id);
    if (!archived) throw new AppError(404, 'not_found', linkArchiveMessages.notFound);
    const row = JSON.parse(archived.item) as LinkRow;
    if (row.type === 'link') await assertRoomForLink(trx, config, owner);
    await shiftPositionsFrom(trx, owner.id, row.position);
    await insertLink(trx, {
      ...row,
      id: archived.id,
      userId: owner.id,
      customIconId: archived.customIconId,
      icon: row.icon === CUSTOM_ICON && archived.customIconId === null ? DEFAULT_LINK_ICON : row.icon,
      thumbnailId: archived.thumbnailId,
      updatedAt: nowIso(),
    });
    return toPageItem((await findLinkOfUser(trx, owner.id, id))!);
  });
}

/** Every link and block of the owner gone (a page file replacing the page), their images freed unless shown elsewhere. */
export async function removeEveryItem(trx: Db, owner: UserRow): Promise<void> {
  for (const item of await listLinksOfUser(trx, owner.id, false)) {
    await deleteLink(trx, owner.id, item.id);
    for (const image of [item.customIconId, item.thumbnailId]) if (image !== null) await deleteLinkImageIfUnused(trx, image);
  }
}

/** Whether `ids` lists each of `items` exactly once. */
function isPermutationOf(ids: readonly number[], items: ReadonlyArray<{ id: number }>): boolean {
  const known = new Set(items.map((item) => item.id));
  return ids.length === known.size && new Set(ids).size === ids.length && ids.every((id) => known.has(id));
}

/**
 * Save a new order: the ids of every item, or of every link (a client that
 * knows only links), whose new order then fills the links' places while each
 * block keeps its own.
 */
export async function reorderLinks(db: Db, owner: UserRow, ids: number[]): Promise<PageItem[]> {
  return db.transaction().execute(async (trx) => {
    const current = await listLinksOfUser(trx, owner.id, false);
    let order: number[];
    if (isPermutationOf(ids, current)) order = ids;
    else if (
      isPermutationOf(
        ids,
        current.filter((item) => item.type === 'link'),
      )
    ) {
      const links = ids.values();
      order = current.map((item) => (item.type === 'link' ? links.next().value! : item.id));
    } else throw new AppError(400, 'validation_failed', linkMessages.orderMismatch);
    const now = nowIso();
    for (const [position, id] of order.entries()) await setLinkPosition(trx, owner.id, id, position, now);
    return (await listLinksOfUser(trx, owner.id, false)).map(toPageItem);
  });
}
