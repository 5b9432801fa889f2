import type { Plan } from '#shared/constants.ts';
import type { PlanLimits } from '#shared/plans.ts';
import {
  CUSTOMIZATION_DEFAULTS,
  CUSTOMIZATION_MEDIA_FIELDS,
  type Customization,
  type CustomizationUpdate,
  type LookReplaced,
  type SavedLook,
  customizationMessages,
  parseCustomizationDocument,
  sameLook,
} from '#shared/customization.ts';
import { lockedLookChange } from '#shared/plan-look.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { type ActingOn, recordActivity } from '../journal/activity.repository.ts';
import { AppError, planFeatureRefused } from '../http/errors.ts';
import { deleteMediaByUrl, findOwnedMediaByUrl } from '../media/media.repository.ts';
import type { UploadReferences } from '../media/media.service.ts';
import {
  deleteCustomizationDocument,
  deleteSavedLook,
  findCustomizationDocument,
  findCustomizationRow,
  findSavedLook,
  insertSavedLook,
  listSavedLooks,
  pruneSavedLooks,
  saveCustomizationDocument,
} from './customization.repository.ts';

type MediaField = keyof typeof CUSTOMIZATION_MEDIA_FIELDS;
const mediaFields = Object.keys(CUSTOMIZATION_MEDIA_FIELDS) as MediaField[];

/** A stored document as JSON text, resolved field by field (a damaged field falls back alone). */
export async function getCustomization(db: Db, userId: number): Promise<Customization> {
  return parseCustomizationDocument(await findCustomizationDocument(db, userId));
}

/**
 * Merge the given fields into the saved document. An upload named in it must
 * be the owner's own file of the field's kind. The look it replaces joins the
 * saved looks; a file no look uses any more is freed.
 */
export async function updateCustomization(
  db: Db,
  owner: UserRow,
  update: CustomizationUpdate,
  planLimits: Record<Plan, PlanLimits>,
): Promise<Customization> {
  return db.transaction().execute(async (trx) => {
    const current = await getCustomization(trx, owner.id);
    // A new choice the plan does not include is refused; one kept from a plan that had it stays (issue 33).
    const locked = lockedLookChange(planLimits, owner.plan, current, update);
    if (locked) {
      throw planFeatureRefused(locked.message, locked.field);
    }
    const next: Customization = { ...current, ...update };
    await setLook(trx, owner, next);
    return next;
  });
}

/**
 * Make `next` the page's look inside the caller's transaction (a save, a page
 * file's look): an upload it names anew must be the owner's own file of the
 * field's kind. The look it replaces joins the saved looks, so it is undone
 * from History.
 */
export async function setLook(trx: Db, owner: UserRow, next: Customization): Promise<void> {
  const current = await getCustomization(trx, owner.id);
  for (const field of mediaFields) {
    const url = next[field];
    if (url && url !== current[field] && !(await findOwnedMediaByUrl(trx, owner.id, CUSTOMIZATION_MEDIA_FIELDS[field], url))) {
      throw new AppError(400, 'validation_failed', customizationMessages.invalidMedia, {
        fieldErrors: { [field]: customizationMessages.invalidMedia },
      });
    }
  }
  await replaceLook(trx, owner, next);
}

/** Reset All: back to the defaults; the look it replaces is kept to undo it. */
export async function resetCustomization(db: Db, owner: UserRow): Promise<LookReplaced> {
  return db.transaction().execute(async (trx) => {
    const undoLookId = await replaceLook(trx, owner, null);
    return { customization: { ...CUSTOMIZATION_DEFAULTS }, undoLookId, droppedUploads: [] };
  });
}

/** The saved looks, newest first. */
export async function listLooks(db: Db, userId: number): Promise<SavedLook[]> {
  const rows = await listSavedLooks(db, userId);
  return rows.map((row) => ({
    id: row.id,
    savedAt: row.savedAt,
    replacedAt: row.replacedAt,
    customization: parseCustomizationDocument(row.document),
  }));
}

/**
 * Show a saved look again. It leaves the list (it is the page's look now) and
 * the look it replaces joins it, so a restore is undone by restoring that one.
 * An upload deleted since is left out, and said.
 */
export async function restoreLook(db: Db, owner: UserRow, lookId: number): Promise<LookReplaced> {
  return db.transaction().execute(async (trx) => {
    const look = await findSavedLook(trx, owner.id, lookId);
    if (!look) throw new AppError(404, 'not_found', customizationMessages.lookNotFound);
    const restored = parseCustomizationDocument(look.document);
    const droppedUploads: string[] = [];
    for (const field of mediaFields) {
      const url = restored[field];
      if (url && !(await findOwnedMediaByUrl(trx, owner.id, CUSTOMIZATION_MEDIA_FIELDS[field], url))) {
        restored[field] = '';
        droppedUploads.push(field);
      }
    }
    await deleteSavedLook(trx, owner.id, lookId);
    const undoLookId = await replaceLook(trx, owner, restored);
    return { customization: restored, undoLookId, droppedUploads };
  });
}

/**
 * Make `next` the page's look (null: the defaults). The look shown until now is
 * kept as a saved look when it differs; the oldest beyond the bound are dropped,
 * and uploads that neither the page nor a kept look uses are freed. Answers the
 * saved look that brings back the replaced one, if any.
 */
async function replaceLook(trx: Db, owner: ActingOn, next: Customization | null): Promise<number | null> {
  const ownerId = owner.id;
  const now = nowIso();
  const row = await findCustomizationRow(trx, ownerId);
  const before = parseCustomizationDocument(row?.document);
  const after = next ?? CUSTOMIZATION_DEFAULTS;
  let undoLookId: number | null = null;
  if (row && !sameLook(before, after)) {
    undoLookId = await insertSavedLook(trx, { userId: ownerId, document: row.document, savedAt: row.updatedAt, replacedAt: now });
  }
  if (next) await saveCustomizationDocument(trx, ownerId, JSON.stringify(next), now);
  else await deleteCustomizationDocument(trx, ownerId);
  const dropped = (await pruneSavedLooks(trx, ownerId)).map(parseCustomizationDocument);
  await recordActivity(trx, owner, 'look_updated');
  // Files the replaced and dropped looks used that the page no longer shows: freed unless a kept look
  // uses them. Most saves change no file, and then the kept looks are not read at all.
  const shown = new Set(uploadsOf(after));
  const unshown = [before, ...dropped].flatMap((look) =>
    mediaFields.map((field) => ({ field, url: look[field] })).filter(({ url }) => url && !shown.has(url)),
  );
  if (unshown.length === 0) return undoLookId;
  const kept = new Set((await listLooks(trx, ownerId)).flatMap((look) => uploadsOf(look.customization)));
  for (const { field, url } of unshown) {
    if (!kept.has(url)) await deleteMediaByUrl(trx, ownerId, CUSTOMIZATION_MEDIA_FIELDS[field], url);
  }
  return undoLookId;
}

function uploadsOf(customization: Customization): string[] {
  return mediaFields.map((field) => customization[field]).filter(Boolean);
}

/**
 * The uploads a user's profile shows (their avatar and the document's files),
 * and those only a saved look still uses: both are kept when unused ones are
 * cleared, and the second are counted in no quota.
 */
export async function referencedUploads(db: Db, user: Pick<UserRow, 'id' | 'profileImage'>): Promise<UploadReferences> {
  const shown = [user.profileImage ?? '', ...uploadsOf(await getCustomization(db, user.id))].filter(Boolean);
  const looks = (await listLooks(db, user.id)).flatMap((look) => uploadsOf(look.customization));
  return { shown, savedLooksOnly: [...new Set(looks)].filter((url) => !shown.includes(url)) };
}
