import { z } from 'zod';
import type { Plan } from './constants.ts';
import { sanitizeCustomCss } from './custom-css.ts';
import { CUSTOMIZATION_DEFAULTS, type Customization, customizationSchema } from './customization.ts';
import { linkSchema } from './links.ts';
import { removesBranding } from './plans.ts';

/** What a visitor may see of a profile (GET /api/public/{username} and the page). */
export const publicProfileSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    bio: z.string(),
    profileImage: z.string().nullable(),
    verified: z.boolean(),
    /** false for Pro and Business, which remove the 'Powered by' footer. */
    showBranding: z.boolean(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicLinkSchema = linkSchema
  .pick({ id: true, title: true, url: true, icon: true, customIcon: true, color: true })
  .meta({ id: 'PublicLink' });
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** Everything ProfileView draws: the profile, its active links in order, its look and its custom CSS as the page carries it. */
export const publicPageSchema = z
  .object({
    profile: publicProfileSchema,
    links: z.array(publicLinkSchema),
    customization: customizationSchema,
    /** The creator's CSS after sanitizing: scoped to the profile, nothing loaded from outside. */
    customCss: z.string(),
  })
  .meta({ id: 'PublicPage' });
export type PublicPage = z.infer<typeof publicPageSchema>;

/** The account fields a public profile is made of, as the server's row and the owner's API shape both carry them. */
export interface PublicProfileSource {
  id: number;
  username: string;
  displayName: string;
  bio: string;
  profileImage: string | null;
  plan: Plan;
  /** The badge an admin granted. */
  verified: boolean;
}

export interface PublicLinkSource extends PublicLink {
  isActive: boolean;
}

/**
 * The one mapping from an account to what ProfileView shows: the server's
 * render, `GET /api/public/{username}` and the dashboard's live preview all
 * call it, so the page and the preview cannot differ. Business includes the
 * verified badge (spec 001 §9); on other plans an admin grants it.
 */
export function toPublicProfile(
  user: PublicProfileSource,
  links: readonly PublicLinkSource[],
  customization: Customization = CUSTOMIZATION_DEFAULTS,
): PublicPage {
  return {
    profile: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      bio: user.bio,
      profileImage: user.profileImage,
      verified: user.verified || user.plan === 'business',
      showBranding: !removesBranding(user.plan),
    },
    links: links
      .filter((link) => link.isActive)
      .map(({ id, title, url, icon, customIcon, color }) => ({ id, title, url, icon, customIcon, color })),
    customization,
    customCss: sanitizeCustomCss(customization.customCSS),
  };
}

export const profileMessages = {
  notFound: 'User not found',
  noLinks: 'No links available yet',
  noLinksHint: 'Links will appear here when added',
  loading: 'Loading profile...',
  loadFailed: 'Failed to load user data',
} as const;
