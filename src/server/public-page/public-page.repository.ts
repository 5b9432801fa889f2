import type { PublicLink, PublicProfile } from '#shared/profile.types.ts';
import { removesBranding } from '#shared/plans.ts';
import type { Db } from '../db/database.ts';
import { listLinksOfUser } from '../links/links.repository.ts';
import { toLink } from '../links/links.service.ts';

export interface PublicPageData {
  profile: PublicProfile;
  links: PublicLink[];
}

/** An active user's public profile and active links, or undefined. */
export async function loadPublicPage(db: Db, username: string): Promise<PublicPageData | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'bio', 'profileImage', 'verified', 'plan'])
    .where('username', '=', username.toLowerCase())
    .where('isActive', '=', 1)
    .executeTakeFirst();
  if (!user) return undefined;
  const links = (await listLinksOfUser(db, user.id, true)).map(toLink);
  return {
    profile: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      bio: user.bio,
      profileImage: user.profileImage,
      verified: user.verified === 1 || user.plan === 'business',
      showBranding: !removesBranding(user.plan),
    },
    links: links.map(({ id, title, url, icon, customIcon, color }) => ({ id, title, url, icon, customIcon, color })),
  };
}
