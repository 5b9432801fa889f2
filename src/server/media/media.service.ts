import { DAY_MS } from '#shared/constants.ts';
import { createHash } from 'node:crypto';
import {
  AUDIO_MAX_BYTES,
  CURSOR_MAX_BYTES,
  ICON_MAX_BYTES,
  IMAGE_MAX_BYTES,
  type MediaKind,
  type MediaUpload,
  mediaMessages,
} from '#shared/media.ts';
import { uploadBytesOf, uploadQuotaMessage } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { MediaRow, UserRow } from '../db/schema.ts';
import { commonMessages } from '#shared/api.ts';
import { AppError } from '../http/errors.ts';
import { updateUser } from '../users/users.repository.ts';
import type { MediaJobKind, MediaRules, ProcessedMedia } from './image-processing.ts';
import { MediaProcessingError, type MediaProcessor } from './media-processor.ts';
import {
  deleteMedia,
  deleteUnreferencedUploads,
  deleteUnusedLinkImages,
  findMediaFile,
  isLinkImage,
  findOwnedMedia,
  findOwnedMediaById,
  findOwnedMediaByUrl,
  insertMedia,
  listOwnedMedia,
  unlinkImageFromLinks,
  mediaUrl,
  parseMediaFileName,
  parseMediaUrl,
  usedBytes,
} from './media.repository.ts';

const isImage = (mime: string) => mime.startsWith('image/');

/** Upload rules per kind: size and type (image-processing.ts decodes each kind). */
export const MEDIA_RULES: MediaRules = {
  icon: {
    maxBytes: ICON_MAX_BYTES,
    tooLargeMessage: mediaMessages.iconTooLarge,
    wrongTypeMessage: mediaMessages.notAnImage,
    accepts: isImage,
  },
  avatar: {
    maxBytes: IMAGE_MAX_BYTES,
    tooLargeMessage: mediaMessages.imageTooLarge,
    wrongTypeMessage: mediaMessages.selectAnImage,
    accepts: isImage,
  },
  background: {
    maxBytes: IMAGE_MAX_BYTES,
    tooLargeMessage: mediaMessages.imageTooLarge,
    wrongTypeMessage: mediaMessages.selectAnImage,
    accepts: isImage,
  },
  cursor: {
    maxBytes: CURSOR_MAX_BYTES,
    tooLargeMessage: mediaMessages.cursorTooLarge,
    wrongTypeMessage: mediaMessages.notACursor,
    accepts: isImage,
  },
  thumbnail: {
    maxBytes: IMAGE_MAX_BYTES,
    tooLargeMessage: mediaMessages.imageTooLarge,
    wrongTypeMessage: mediaMessages.notAnImage,
    accepts: isImage,
  },
  share: {
    maxBytes: IMAGE_MAX_BYTES,
    tooLargeMessage: mediaMessages.imageTooLarge,
    wrongTypeMessage: mediaMessages.notAnImage,
    accepts: isImage,
  },
  audio: {
    maxBytes: AUDIO_MAX_BYTES,
    tooLargeMessage: mediaMessages.audioTooLarge,
    wrongTypeMessage: mediaMessages.notAnAudioFile,
    // Browsers name the same file audio/mpeg, audio/mp3, audio/x-m4a or application/octet-stream: the content decides.
    accepts: () => true,
  },
};

function toUpload(row: Pick<MediaRow, 'id' | 'kind' | 'hash' | 'ext' | 'bytes' | 'width' | 'height'>): MediaUpload {
  return { id: row.id, kind: row.kind, url: mediaUrl(row), bytes: row.bytes, width: row.width, height: row.height };
}

/**
 * The uploads a user's profile shows (its avatar, background, music, cursor),
 * and those only a saved look still uses. Both are kept when unused ones are
 * cleared; the second are counted in no quota.
 */
export interface UploadReferences {
  shown: string[];
  savedLooksOnly: string[];
}
export type ReferencedUploads = (db: Db, owner: UserRow) => Promise<UploadReferences>;

/** The content hashes of upload addresses. */
export const hashesOf = (urls: string[]) => urls.flatMap((url) => parseMediaUrl(url)?.hash ?? []);

/**
 * One job for the media worker, on the owner's account, its failures told as
 * the client's errors: content of another type (`wrongTypeMessage`),
 * undecodable, or the worker's queue full (429, try again in a few seconds).
 */
export async function runMediaJob(
  processor: MediaProcessor,
  kind: MediaJobKind,
  input: Buffer,
  owner: Pick<UserRow, 'id'>,
  wrongTypeMessage: string,
): Promise<ProcessedMedia> {
  try {
    return await processor.process(kind, input, `user:${owner.id}`);
  } catch (error) {
    const reason = error instanceof MediaProcessingError ? error.reason : 'failed';
    if (reason === 'unsupported') throw new AppError(400, 'wrong_file_type', wrongTypeMessage);
    if (reason === 'busy') throw new AppError(429, 'rate_limited', mediaMessages.busy, { headers: { 'Retry-After': '5' } });
    throw new AppError(400, 'image_processing_failed', mediaMessages.processingFailed);
  }
}

/** The bytes of the owner's uploads that count against the plan: all but those only earlier saved looks show. */
export function countedUploadBytes(db: Db, owner: UserRow, references: UploadReferences): Promise<number> {
  return usedBytes(db, owner.id, hashesOf(references.savedLooksOnly));
}

/** Re-encode an upload (in the media worker) and store it, counted against the owner's plan in the same transaction. */
export async function storeUpload(
  db: Db,
  config: AppConfig,
  processor: MediaProcessor,
  owner: UserRow,
  kind: MediaKind,
  mime: string,
  input: Buffer,
  referenced: ReferencedUploads,
): Promise<MediaUpload> {
  const rule = MEDIA_RULES[kind];
  if (!rule) throw new AppError(404, 'not_found', mediaMessages.unknownKind);
  if (!rule.accepts(mime)) throw new AppError(400, 'not_an_image', rule.wrongTypeMessage);
  const processed = await runMediaJob(processor, kind, input, owner, rule.wrongTypeMessage);
  const hash = createHash('sha256').update(processed.data).digest('hex');
  const limit = uploadBytesOf(config.planLimits, owner);
  return db.transaction().execute(async (trx) => {
    const existing = await findOwnedMedia(trx, owner.id, kind, hash);
    if (existing) return toUpload(existing);
    const dayAgo = new Date(Date.now() - DAY_MS).toISOString();
    const references = await referenced(trx, owner);
    if (isLinkImage(kind)) await deleteUnusedLinkImages(trx, owner.id, kind, dayAgo);
    else await deleteUnreferencedUploads(trx, owner.id, kind, dayAgo, hashesOf([...references.shown, ...references.savedLooksOnly]));
    if ((await countedUploadBytes(trx, owner, references)) + processed.data.length > limit) {
      throw new AppError(413, 'upload_quota', uploadQuotaMessage(config.planLimits, owner));
    }
    const row = await insertMedia(trx, {
      ownerId: owner.id,
      kind,
      hash,
      ext: processed.ext,
      mime: processed.mime,
      bytes: processed.data.length,
      width: processed.width,
      height: processed.height,
      data: processed.data,
      createdAt: nowIso(),
    });
    return toUpload(row);
  });
}

/**
 * Keep a file the media worker re-encoded on the owner's account, inside the
 * caller's transaction: an embed's picture fetched from its provider (issue
 * 30), a page file's media (issue 32). Counted in the quota like an upload;
 * null, and not kept, when it would not fit.
 */
export async function keepProcessedMedia(
  db: Db,
  config: AppConfig,
  owner: UserRow,
  kind: MediaKind,
  picture: ProcessedMedia,
): Promise<MediaUpload | null> {
  const hash = createHash('sha256').update(picture.data).digest('hex');
  const existing = await findOwnedMedia(db, owner.id, kind, hash);
  if (existing) return toUpload(existing);
  if ((await usedBytes(db, owner.id)) + picture.data.length > uploadBytesOf(config.planLimits, owner)) return null;
  const row = await insertMedia(db, {
    ownerId: owner.id,
    kind,
    hash,
    ext: picture.ext,
    mime: picture.mime,
    bytes: picture.data.length,
    width: picture.width,
    height: picture.height,
    data: picture.data,
    createdAt: nowIso(),
  });
  return toUpload(row);
}

/** Delete an upload of the owner; links that showed it fall back to the default icon, or to no thumbnail. */
export async function removeUpload(db: Db, owner: UserRow, id: number, referenced: ReferencedUploads): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const media = await findOwnedMediaById(trx, owner.id, id);
    if (!media) throw new AppError(404, 'not_found', commonMessages.fileNotFound);
    const url = mediaUrl(media);
    if (media.kind === 'avatar' && owner.profileImage === url) {
      // The profile goes back to its initials.
      await updateUser(trx, owner.id, { profileImage: null, updatedAt: nowIso() });
    } else if (!isLinkImage(media.kind) && (await referenced(trx, owner)).shown.includes(url)) {
      throw new AppError(409, 'media_in_use', mediaMessages.inUse);
    }
    await unlinkImageFromLinks(trx, id, nowIso());
    await deleteMedia(trx, id);
  });
}

/** The stored file a media address names (`{sha256}.{ext}`), with its hash, if there is one. */
export async function mediaFileNamed(db: Db, fileName: string) {
  const address = parseMediaFileName(fileName);
  const media = address ? await findMediaFile(db, address.hash, address.ext) : undefined;
  return media && { media, hash: address!.hash };
}

/** The stored bytes at a media address (/media/{sha256}.{ext}), as base64 for a drawing job, or null when none is stored there. */
export async function storedFileAsBase64(db: Db, url: string | null): Promise<string | null> {
  const address = url ? parseMediaUrl(url) : undefined;
  const file = address && (await findMediaFile(db, address.hash, address.ext));
  return file ? Buffer.from(file.data).toString('base64') : null;
}

/**
 * A copy of one page's upload for another page of the same account (issue 53: a new page from a copy of another's
 * look): the same bytes under the new owner, so that each page keeps and frees its own. Answers whether it was there.
 */
export async function copyUpload(trx: Db, fromOwnerId: number, toOwnerId: number, kind: MediaRow['kind'], url: string): Promise<boolean> {
  const address = parseMediaUrl(url);
  const [row] = address ? await listOwnedMedia(trx, fromOwnerId, [address.hash]) : [];
  if (!row || row.kind !== kind || row.ext !== address!.ext) return false;
  if (await findOwnedMediaByUrl(trx, toOwnerId, kind, url)) return true;
  const { id: _id, ...file } = row;
  await insertMedia(trx, { ...file, ownerId: toOwnerId, createdAt: nowIso() });
  return true;
}
