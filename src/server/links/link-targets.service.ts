import { isLinkLive } from '#shared/links.ts';
import type { Db } from '../db/database.ts';
import { findSpokenPageLanguage } from '../users/page-language.repository.ts';
import { findOwnerOfHiddenLink, findRedirectTarget, findTextBlockTarget } from './links.repository.ts';

// Where a click on /go/{id} leads (click-redirect/): a link or a text block of
// an active profile, while its schedule shows it; a hidden one only names its owner.

/**
 * The link a click follows while it is shown (its schedule read at `now`), or undefined. A marked link carries its
 * page's language for its warning (issue 54), asked only then: a plain redirect does not read it.
 */
export async function shownRedirectTarget(db: Db, id: number, now: number) {
  const found = await findRedirectTarget(db, id);
  if (!found || !isLinkLive({ isActive: true, ...found }, now)) return undefined;
  return { ...found, pageLanguage: found.contentWarning ? await findSpokenPageLanguage(db, found.userId) : null };
}

/** The text block whose addresses a click follows while it is shown, or undefined (a link, a hidden block). */
export async function shownTextBlock(db: Db, id: number, now: number) {
  const block = await findTextBlockTarget(db, id);
  return block && isLinkLive({ isActive: true, ...block }, now) ? block : undefined;
}

/** The username and language of an active profile whose link this is, though hidden or out of its schedule. */
export function ownerOfHiddenLink(db: Db, id: number): Promise<{ username: string; pageLanguage: string | null } | undefined> {
  return findOwnerOfHiddenLink(db, id);
}
