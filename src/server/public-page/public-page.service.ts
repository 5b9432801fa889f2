import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '#shared/constants.ts';
import { type PublicPage, toPublicProfile } from '#shared/profile.types.ts';
import { isAppRouteName } from '#shared/reserved-names.ts';
import type { Db } from '../db/database.ts';
import { parseCustomizationDocument } from '../customization/customization.service.ts';
import { listActiveLinksOfUser } from '../links/links.repository.ts';
import { toLink } from '../links/links.service.ts';
import { type CachedPage, type PageCache, preparePage } from './page-cache.ts';
import { findPublicUser } from './public-page.repository.ts';
import { renderProfileNotFound, renderProfilePage } from './render-page.tsx';

export function isUsername(segment: string): boolean {
  return segment.length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(segment);
}

/** An active user's public profile and active links, through toPublicProfile, or undefined. */
export async function loadPublicPage(db: Db, username: string): Promise<PublicPage | undefined> {
  if (!isUsername(username)) return undefined;
  const user = await findPublicUser(db, username);
  if (!user) return undefined;
  const links = (await listActiveLinksOfUser(db, user.id)).map(toLink);
  return toPublicProfile({ ...user, verified: user.verified === 1 }, links, parseCustomizationDocument(user.customization));
}

export const NOT_FOUND_PAGE = preparePage(renderProfileNotFound(), 0);

/**
 * The rendered page of a profile for an origin: from the cache, else rendered
 * from the database and cached, with its links' redirect targets (the likely
 * next requests). Undefined for a name that is no active profile.
 */
export async function publicPageFor(db: Db, cache: PageCache, origin: string, username: string): Promise<CachedPage | undefined> {
  const cached = cache.page(origin, username);
  if (cached) return cached;
  const data = await loadPublicPage(db, username);
  if (!data) return undefined;
  const page = preparePage(renderProfilePage(data, origin), data.profile.id);
  // Never cached under an app route's name, so the fast path never mistakes a cached page for one.
  if (!isAppRouteName(username)) cache.setPage(origin, username, page);
  for (const link of data.links) cache.setRedirect(link.id, { url: link.url, userId: data.profile.id });
  return page;
}
