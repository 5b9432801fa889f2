import { z } from 'zod';
import type { PageItem } from '#shared/blocks.ts';
import { SITE_NAME } from '#shared/constants.ts';
import { CUSTOM_ICON } from '#shared/links.ts';
import { PAGE_FILE_FORMAT, PAGE_FILE_VERSION, type PageFile, type PageFileItem, pageFileSchema } from '#shared/page-transfer.ts';
import { PAGE_PROFILE_FIELDS, type PageProfile } from '#shared/profile-settings.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { CUSTOMIZATION_MEDIA_FIELDS } from '#shared/customization.ts';
import { listOwnedMedia, mediaUrl, parseMediaUrl } from '../media/media.repository.ts';
import { toProfileSettings } from '../users/users.service.ts';
import type { PageReaders } from '../services.ts';

/** An item as a page file keeps it: what adding it again needs, without ids, positions or times. */
function toFileItem(item: PageItem): PageFileItem {
  const window = { isActive: item.isActive, startsAt: item.startsAt, endsAt: item.endsAt };
  switch (item.type) {
    case 'header':
      return { type: 'header', title: item.title, ...window };
    case 'text':
      return { type: 'text', text: item.text, ...window };
    case 'divider':
      return { type: 'divider', ...window };
    case 'embed':
      return { type: 'embed', url: item.url, title: item.title, thumbnail: item.thumbnail, ...window };
    case 'link':
      return {
        type: 'link',
        title: item.title,
        url: item.url,
        icon: item.icon,
        color: item.color,
        ...(item.icon === CUSTOM_ICON && { customIcon: item.customIcon }),
        thumbnail: item.thumbnail,
        showAsIcon: item.showAsIcon,
        ownProfile: item.ownProfile,
        contentWarning: item.contentWarning,
        device: item.device,
        countries: item.countries,
        ...window,
      };
  }
}

/** Every media address a page file refers to. */
export function mediaReferencesOf(file: Pick<PageFile, 'profile' | 'items' | 'customization'>): Set<string> {
  const references = [
    file.profile?.profileImage,
    ...file.items.flatMap((item) =>
      item.type === 'link'
        ? [item.icon === CUSTOM_ICON ? item.customIcon : null, item.thumbnail]
        : item.type === 'embed'
          ? [item.thumbnail]
          : [],
    ),
    ...Object.keys(CUSTOMIZATION_MEDIA_FIELDS).map((field) => file.customization?.[field as keyof typeof CUSTOMIZATION_MEDIA_FIELDS]),
  ];
  return new Set(references.filter((reference): reference is string => Boolean(reference)));
}

/**
 * The page as one file (issue 32): its settings, every link and block in
 * order, the whole look, and the files they show, embedded. `schemaUrl` names
 * the JSON Schema it follows, for editors.
 */
export async function buildPageFile(
  db: Db,
  { itemsOf, lookOf }: PageReaders,
  user: UserRow,
  schemaUrl: string,
  now = Date.now(),
): Promise<PageFileToWrite> {
  const [pageItems, customization] = await Promise.all([itemsOf(db, user.id, 'all'), lookOf(db, user.id)]);
  const settings = toProfileSettings(user);
  const profile = Object.fromEntries(PAGE_PROFILE_FIELDS.map((field) => [field, settings[field]])) as PageProfile;
  const items = pageItems.map(toFileItem);
  const references = mediaReferencesOf({ profile, items, customization });
  // Only the bytes of the files the page shows are read: not every upload the account keeps.
  const hashes = [...references].flatMap((url) => parseMediaUrl(url)?.hash ?? []);
  const media = await listOwnedMedia(db, user.id, hashes);
  return {
    $schema: schemaUrl,
    format: PAGE_FILE_FORMAT,
    version: PAGE_FILE_VERSION,
    exportedAt: new Date(now).toISOString(),
    profile,
    items,
    customization,
    media: media
      .filter((file) => references.has(mediaUrl(file)))
      .map((file) => ({ url: mediaUrl(file), mime: file.mime, data: file.data })),
  };
}

/** The page file as built to be written: each file's bytes, which become base64 a slice at a time as they are written. */
export type PageFileToWrite = Omit<PageFile, 'media'> & {
  media: Array<Omit<PageFile['media'][number], 'data'> & { data: Uint8Array }>;
};

/** How many of a file's bytes one piece of the page file's text carries: 256 kB of base64 (a multiple of 3, so slices join). */
const DATA_PIECE_BYTES = 192 * 1024;

/**
 * The page file as the export writes it (indented JSON, its media last, each file's data last), in
 * pieces: the file but its media, then each media entry with its base64 in slices. Written whole, a
 * page's 9 MB of music as one string held every other request for a tenth of a second (issue 51 §4); in
 * pieces, a stream sends one per turn, and each file becomes base64 a slice at a time (made whole, 9 MB
 * took 38 ms). Base64 needs no escaping in JSON, so its slices are written as they are.
 */
export function* pageFileText(file: PageFileToWrite): Generator<string> {
  const { media, ...rest } = file;
  const head = JSON.stringify({ ...rest, media: [] }, null, 2);
  const opened = head.lastIndexOf('[]');
  yield head.slice(0, opened + 1);
  for (const [index, { data, ...entry }] of media.entries()) {
    const written = JSON.stringify({ ...entry, data: '' }, null, 2).replaceAll('\n', '\n    ');
    const dataAt = written.lastIndexOf('""') + 1;
    yield `${index === 0 ? '' : ','}\n    ${written.slice(0, dataAt)}`;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    for (let offset = 0; offset < bytes.length; offset += DATA_PIECE_BYTES) {
      yield bytes.subarray(offset, offset + DATA_PIECE_BYTES).toString('base64');
    }
    yield written.slice(dataAt);
  }
  yield `${media.length === 0 ? '' : '\n  '}${head.slice(opened + 1)}\n`;
}

/** The file's name: `{username}-{site}-page-{date}.json`. */
export function pageFileName(username: string, now = Date.now()): string {
  return `${username}-${SITE_NAME.toLowerCase()}-page-${new Date(now).toISOString().slice(0, 10)}.json`;
}

/** The JSON Schema of the page file, from the zod schema imports are checked with (as a client sends it). */
export function pageFileJsonSchema(schemaUrl: string): Record<string, unknown> {
  const schema = z.toJSONSchema(pageFileSchema, { io: 'input', unrepresentable: 'any' });
  return {
    ...schema,
    $id: schemaUrl,
    title: `${SITE_NAME} page file, version ${PAGE_FILE_VERSION}`,
    description: `A whole ${SITE_NAME} page: its settings, links and blocks in order, its look, and the files they show (base64, referred to by /media/{sha256}.{ext}). Exported from Account → Your page as a file; imported into any ${SITE_NAME} site, replacing a page or adding to it.`,
  };
}
