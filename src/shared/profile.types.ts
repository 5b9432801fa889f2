import { z } from 'zod';
import { DAY_MS, NEW_LINK_DAYS, type Plan } from './constants.ts';
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
    /** When the profile or its links last changed, shown when the owner shows activity; else null. */
    updatedAt: z.string().nullable(),
    /** Every counted view since the profile began, shown when the owner shows views and there is one; else null. */
    views: z.number().int().nullable(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicLinkSchema = linkSchema
  .pick({ id: true, title: true, url: true, icon: true, customIcon: true, color: true, showAsIcon: true })
  .extend({
    /** Added in the last 7 days, marked when the owner shows activity. */
    isNew: z.boolean(),
  })
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
  showActivity: boolean;
  showViews: boolean;
  /** The total view count, when known (the server reads it from the rollups when the owner shows views). */
  views?: number;
  updatedAt: string;
}

export interface PublicLinkSource extends Omit<PublicLink, 'isNew'> {
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A page showing its view count is drawn again at most this often (the cache sweeps expired pages once a minute). */
export const VIEW_COUNT_REFRESH_MS = 60_000;

/**
 * When a page drawn now stops being right: the first moment a link's 'New'
 * mark runs out, or a minute on when it shows its view count (Infinity if neither).
 */
export function pageExpiresAt(
  links: readonly PublicLinkSource[],
  { showActivity, showViews }: { showActivity: boolean; showViews: boolean },
  now = Date.now(),
): number {
  const ends = showActivity ? links.filter((link) => link.isActive).map((link) => Date.parse(link.createdAt) + NEW_LINK_DAYS * DAY_MS) : [];
  if (showViews) ends.push(now + VIEW_COUNT_REFRESH_MS);
  return Math.min(Infinity, ...ends.filter((end) => end > now));
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
  now = Date.now(),
): PublicPage {
  const active = links.filter((link) => link.isActive);
  const newSince = now - NEW_LINK_DAYS * DAY_MS;
  const lastChange = [user.updatedAt, ...active.map((link) => link.updatedAt)].reduce((latest, at) => (at > latest ? at : latest));
  return {
    profile: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      bio: user.bio,
      profileImage: user.profileImage,
      verified: user.verified || user.plan === 'business',
      showBranding: !removesBranding(user.plan),
      updatedAt: user.showActivity ? lastChange : null,
      views: user.showViews && user.views ? user.views : null,
    },
    links: active.map(({ id, title, url, icon, customIcon, color, showAsIcon, createdAt }) => ({
      id,
      title,
      url,
      icon,
      customIcon,
      color,
      showAsIcon,
      isNew: user.showActivity && Date.parse(createdAt) > newSince,
    })),
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
