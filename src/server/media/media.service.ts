import { createHash } from 'node:crypto';
import { ICON_MAX_BYTES, type MediaKind, type MediaUpload, mediaMessages } from '#shared/media.ts';
import { uploadQuotaMessage } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { MediaRow, UserRow } from '../db/schema.ts';
import { commonMessages } from '#shared/api.ts';
import { AppError } from '../http/errors.ts';
import { type MediaRules, processIcon } from './image-processing.ts';
import {
  deleteMedia,
  deleteUnusedIcons,
  findOwnedMedia,
  findOwnedMediaById,
  insertMedia,
  unlinkIconFromLinks,
  mediaUrl,
  usedBytes,
} from './media.repository.ts';

const DAY_MS = 24 * 3600_000;

/** Upload rules per kind; the profile issue adds avatar, background, audio and cursor. */
export const MEDIA_RULES: MediaRules = {
  icon: {
    maxBytes: ICON_MAX_BYTES,
    tooLargeMessage: mediaMessages.iconTooLarge,
    accepts: (mime) => mime.startsWith('image/'),
    process: processIcon,
  },
};

function toUpload(row: Pick<MediaRow, 'id' | 'kind' | 'hash' | 'ext' | 'bytes' | 'width' | 'height'>): MediaUpload {
  return { id: row.id, kind: row.kind, url: mediaUrl(row), bytes: row.bytes, width: row.width, height: row.height };
}

/** Re-encode an upload and store it, counted against the owner's plan in the same transaction. */
export async function storeUpload(
  db: Db,
  config: AppConfig,
  owner: UserRow,
  kind: MediaKind,
  mime: string,
  input: Buffer,
): Promise<MediaUpload> {
  const rule = MEDIA_RULES[kind];
  if (!rule) throw new AppError(404, 'not_found', mediaMessages.unknownKind);
  if (!rule.accepts(mime)) throw new AppError(400, 'not_an_image', mediaMessages.notAnImage);
  let processed;
  try {
    processed = await rule.process(input);
  } catch {
    throw new AppError(400, 'image_processing_failed', mediaMessages.processingFailed);
  }
  const hash = createHash('sha256').update(processed.data).digest('hex');
  const limit = config.planLimits[owner.plan].uploadBytes;
  return db.transaction().execute(async (trx) => {
    const existing = await findOwnedMedia(trx, owner.id, kind, hash);
    if (existing) return toUpload(existing);
    await deleteUnusedIcons(trx, owner.id, new Date(Date.now() - DAY_MS).toISOString());
    if ((await usedBytes(trx, owner.id)) + processed.data.length > limit) {
      throw new AppError(413, 'upload_quota', uploadQuotaMessage(owner.plan, limit));
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

/** Delete an upload of the owner; links that showed it fall back to the default icon. */
export async function removeUpload(db: Db, owner: UserRow, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const media = await findOwnedMediaById(trx, owner.id, id);
    if (!media) throw new AppError(404, 'not_found', commonMessages.fileNotFound);
    await unlinkIconFromLinks(trx, id, nowIso());
    await deleteMedia(trx, id);
  });
}
