import {
  CUSTOMIZATION_DEFAULTS,
  type Customization,
  type CustomizationUpdate,
  customizationMessages,
  resolveCustomization,
} from '#shared/customization.ts';
import type { MediaKind } from '#shared/media.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { AppError } from '../http/errors.ts';
import { deleteMediaByUrl, findOwnedMediaByUrl } from '../media/media.repository.ts';
import { deleteCustomizationDocument, findCustomizationDocument, saveCustomizationDocument } from './customization.repository.ts';

/** The document's fields that hold an upload, and the kind each must be. */
export const CUSTOMIZATION_MEDIA_FIELDS = {
  backgroundImage: 'background',
  audioFile: 'audio',
  customCursor: 'cursor',
} as const satisfies Partial<Record<keyof Customization, MediaKind>>;
type MediaField = keyof typeof CUSTOMIZATION_MEDIA_FIELDS;
const mediaFields = Object.keys(CUSTOMIZATION_MEDIA_FIELDS) as MediaField[];

/** A stored document as JSON text, resolved field by field (a damaged field falls back alone). */
export function parseCustomizationDocument(document: string | null | undefined): Customization {
  if (!document) return { ...CUSTOMIZATION_DEFAULTS };
  try {
    return resolveCustomization(JSON.parse(document));
  } catch {
    return { ...CUSTOMIZATION_DEFAULTS };
  }
}

export async function getCustomization(db: Db, userId: number): Promise<Customization> {
  return parseCustomizationDocument(await findCustomizationDocument(db, userId));
}

/**
 * Merge the given fields into the saved document. An upload named in it must
 * be the owner's own file of the field's kind; a file it replaces is freed.
 */
export async function updateCustomization(db: Db, owner: UserRow, update: CustomizationUpdate): Promise<Customization> {
  return db.transaction().execute(async (trx) => {
    const current = await getCustomization(trx, owner.id);
    for (const field of mediaFields) {
      const url = update[field];
      if (url && url !== current[field] && !(await findOwnedMediaByUrl(trx, owner.id, CUSTOMIZATION_MEDIA_FIELDS[field], url))) {
        throw new AppError(400, 'validation_failed', customizationMessages.invalidMedia, {
          fieldErrors: { [field]: customizationMessages.invalidMedia },
        });
      }
    }
    const next: Customization = { ...current, ...update };
    await saveCustomizationDocument(trx, owner.id, JSON.stringify(next), nowIso());
    await recordActivity(trx, owner.id, 'look_updated');
    await freeReplacedMedia(trx, owner.id, current, next);
    return next;
  });
}

/** Reset All: back to the defaults, the document's uploads freed. */
export async function resetCustomization(db: Db, owner: UserRow): Promise<Customization> {
  return db.transaction().execute(async (trx) => {
    const current = await getCustomization(trx, owner.id);
    await deleteCustomizationDocument(trx, owner.id);
    await recordActivity(trx, owner.id, 'look_updated');
    await freeReplacedMedia(trx, owner.id, current, CUSTOMIZATION_DEFAULTS);
    return { ...CUSTOMIZATION_DEFAULTS };
  });
}

async function freeReplacedMedia(db: Db, ownerId: number, before: Customization, after: Customization): Promise<void> {
  for (const field of mediaFields) {
    if (before[field] && before[field] !== after[field])
      await deleteMediaByUrl(db, ownerId, CUSTOMIZATION_MEDIA_FIELDS[field], before[field]);
  }
}

/** The uploads a user's profile shows: their avatar and the document's files (kept when unused ones are cleared). */
export async function referencedUploads(db: Db, user: Pick<UserRow, 'id' | 'profileImage'>): Promise<string[]> {
  const customization = await getCustomization(db, user.id);
  return [user.profileImage ?? '', ...mediaFields.map((field) => customization[field])].filter(Boolean);
}
