import { createHash } from 'node:crypto';
import { countOf } from '#shared/counts.ts';
import { CUSTOMIZATION_DEFAULTS, CUSTOMIZATION_MEDIA_FIELDS, type Customization } from '#shared/customization.ts';
import { CUSTOM_ICON, DEFAULT_LINK_ICON } from '#shared/links.ts';
import type { MediaKind } from '#shared/media.ts';
import { type ImportMode, type ImportResult, type PageFile, mediaUsesOf, pageTransferMessages } from '#shared/page-transfer.ts';
import { uploadQuotaMessage } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { recordActivity } from '../journal/activity.repository.ts';
import { AppError } from '../http/errors.ts';
import type { ProcessedMedia } from '../media/image-processing.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { parseMediaUrl } from '../media/media.repository.ts';
import { MEDIA_RULES, keepProcessedMedia, runMediaJob } from '../media/media.service.ts';
import { findUserById } from '../users/users.repository.ts';
import type { PageWriters } from '../services.ts';

export interface PageImportDeps {
  db: Db;
  config: AppConfig;
  media: MediaProcessor;
  /** What the import writes, lent by the features that own each part (services.pageWriters). */
  writers: PageWriters;
}

const useKey = (kind: MediaKind, reference: string) => `${kind} ${reference}`;

/**
 * Decode and re-encode, in the media worker, each file the imported page
 * shows, as an upload of its place's kind. A file whose bytes are not those of
 * its address was changed: the import is refused. One that is missing is left
 * out and said.
 */
async function processMedia(
  deps: PageImportDeps,
  owner: UserRow,
  file: PageFile,
  mode: ImportMode,
  notes: string[],
): Promise<Map<string, { kind: MediaKind; processed: ProcessedMedia }>> {
  const bytesOf = new Map(file.media.map((entry) => [entry.url, entry.data]));
  const processed = new Map<string, { kind: MediaKind; processed: ProcessedMedia }>();
  for (const use of mediaUsesOf(file, mode)) {
    const key = useKey(use.kind, use.reference);
    if (processed.has(key)) continue;
    const data = bytesOf.get(use.reference);
    if (data === undefined) {
      notes.push(pageTransferMessages.mediaMissing(use.place));
      continue;
    }
    const bytes = Buffer.from(data, 'base64');
    if (createHash('sha256').update(bytes).digest('hex') !== parseMediaUrl(use.reference)?.hash) {
      throw new AppError(400, 'validation_failed', pageTransferMessages.mediaHashMismatch(use.reference));
    }
    const rule = MEDIA_RULES[use.kind] ?? MEDIA_RULES.thumbnail!;
    if (bytes.length > rule.maxBytes) throw new AppError(413, 'file_too_large', `${use.place}: ${rule.tooLargeMessage}`);
    try {
      processed.set(key, { kind: use.kind, processed: await runMediaJob(deps.media, use.kind, bytes, owner, rule.wrongTypeMessage) });
    } catch (error) {
      // Said with its place: the creator learns which file of the page it was.
      if (error instanceof AppError && error.statusCode === 400) throw new AppError(400, error.code, `${use.place}: ${error.message}`);
      throw error;
    }
  }
  return processed;
}

/**
 * Bring a page file into the owner's account, in one transaction: nothing is
 * half-imported. `replace`: the links and blocks give way to the file's, and
 * the page's settings and look become the file's where it has them (the look
 * replaced is kept in History). `append`: the file's items follow the page's.
 * Links past the plan's limit are not imported and are listed; the files go
 * against the upload quota, and past it the whole import is refused.
 */
export async function importPageFile(deps: PageImportDeps, owner: UserRow, mode: ImportMode, file: PageFile): Promise<ImportResult> {
  const notes: string[] = [];
  const processed = await processMedia(deps, owner, file, mode, notes);
  const { setLook, addLink, addBlock, removeEveryItem, itemCountOf, linkLimitMessageOn, updateProfile } = deps.writers;
  return deps.db.transaction().execute(async (trx) => {
    if (mode === 'replace') await removeEveryItem(trx, owner);
    const kept = new Map<string, { id: number; url: string }>();
    for (const [key, { kind, processed: result }] of processed) {
      const upload = await keepProcessedMedia(trx, deps.config, owner, kind, result);
      if (!upload) throw new AppError(413, 'upload_quota', uploadQuotaMessage(deps.config.planLimits, owner));
      kept.set(key, upload);
    }
    const keptUrl = (kind: MediaKind, reference: string | null | undefined) =>
      reference ? (kept.get(useKey(kind, reference))?.url ?? null) : null;

    if (mode === 'replace' && file.profile && Object.keys(file.profile).length > 0) {
      const { profileImage, ...settings } = file.profile;
      const current = (await findUserById(trx, owner.id))!;
      await updateProfile(trx, current, {
        ...settings,
        ...(profileImage !== undefined && { profileImage: keptUrl('avatar', profileImage) }),
      });
    }
    if (mode === 'replace' && file.customization) {
      const look: Customization = { ...CUSTOMIZATION_DEFAULTS, ...file.customization };
      for (const [field, kind] of Object.entries(CUSTOMIZATION_MEDIA_FIELDS)) {
        const name = field as keyof typeof CUSTOMIZATION_MEDIA_FIELDS;
        look[name] = keptUrl(kind, look[name]) ?? '';
      }
      await setLook(trx, owner, look);
    }

    const linkLimit = deps.config.planLimits[owner.plan].links;
    let linksLeft = linkLimit === null ? Infinity : linkLimit - (await itemCountOf(trx, owner.id));
    const skipped: ImportResult['skipped'] = [];
    let imported = 0;
    for (const item of file.items) {
      if (item.type === 'link') {
        if (linksLeft <= 0) {
          skipped.push({
            title: item.title,
            reason: linkLimitMessageOn(deps.config, owner.plan, linkLimit!),
          });
          continue;
        }
        linksLeft--;
        const customIcon = item.icon === CUSTOM_ICON ? keptUrl('icon', item.customIcon) : null;
        await addLink(trx, owner, {
          ...item,
          // A custom icon whose file was left out falls back to the default icon.
          icon: item.icon === CUSTOM_ICON && !customIcon ? DEFAULT_LINK_ICON : item.icon,
          customIcon,
          thumbnail: keptUrl('thumbnail', item.thumbnail),
        });
      } else if (item.type === 'embed') {
        const picture = item.thumbnail ? kept.get(useKey('embed', item.thumbnail)) : undefined;
        await addBlock(trx, owner, item, { title: item.title, thumbnailId: picture?.id ?? null });
      } else {
        await addBlock(trx, owner, item, { title: '', thumbnailId: null });
      }
      imported++;
    }
    if (imported > 0 || mode === 'replace') await recordActivity(trx, owner, 'page_imported', countOf(imported, 'item'));
    return { imported: { items: imported, media: kept.size }, skipped, notes };
  });
}
