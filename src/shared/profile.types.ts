import { z } from 'zod';
import { customizationSchema } from './customization.ts';
import { contentWarningSchema } from './content-warning.ts';
import { LANGUAGE_CODES, PSEUDO_LANGUAGE } from './i18n/languages.ts';
import { dividerBlockSchema, embedBlockSchema, headerBlockSchema, textBlockSchema } from './blocks.ts';
import { linkSchema } from './links.ts';

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
    /** The email sign-up form and the consent line the creator wrote under it; null when the page has none. */
    signup: z.object({ consent: z.string() }).nullable(),
    /** The whole page's warning, shown before it (issue 30); null for none. */
    contentWarning: contentWarningSchema,
    /** The language the page's own words are in (issue 54); what the creator wrote is as they wrote it. */
    language: z.enum([...LANGUAGE_CODES, PSEUDO_LANGUAGE]),
  })
  .meta({ id: 'PublicProfile' });

export const publicLinkSchema = linkSchema
  .pick({
    id: true,
    type: true,
    title: true,
    url: true,
    icon: true,
    customIcon: true,
    thumbnail: true,
    color: true,
    showAsIcon: true,
    ownProfile: true,
    contentWarning: true,
  })
  .extend({
    /** Added in the last 7 days, marked when the owner shows activity. */
    isNew: z.boolean(),
  })
  .meta({ id: 'PublicLink' });
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** A block as the page shows it (issue 30): a header's title, a text's words, a divider, an embed's placeholder. */
export const publicBlockSchema = z.discriminatedUnion('type', [
  headerBlockSchema.pick({ id: true, type: true, title: true }),
  textBlockSchema.pick({ id: true, type: true, text: true }),
  dividerBlockSchema.pick({ id: true, type: true }),
  embedBlockSchema.pick({ id: true, type: true, url: true, provider: true, title: true, thumbnail: true }),
]);
export type PublicBlock = z.infer<typeof publicBlockSchema>;

export const publicItemSchema = z.discriminatedUnion('type', [publicLinkSchema, ...publicBlockSchema.options]).meta({ id: 'PublicItem' });
export type PublicItem = z.infer<typeof publicItemSchema>;

/** Everything ProfileView draws: the profile, its live items in order, its look and its custom CSS as the page carries it. */
export const publicPageSchema = z
  .object({
    profile: publicProfileSchema,
    /** The page's links and blocks, in order, as it shows them now. */
    items: z.array(publicItemSchema),
    /** The links alone, in order (the items of type 'link'): what clients that know only links read. */
    links: z.array(publicLinkSchema),
    customization: customizationSchema,
    /** The creator's CSS after sanitizing: scoped to the profile, nothing loaded from outside. */
    customCss: z.string(),
  })
  .meta({ id: 'PublicPage' });
export type PublicPage = z.infer<typeof publicPageSchema>;

export const profileMessages = {
  notFound: 'User not found',
  gone: 'This page is gone',
  noLinks: 'No links available yet',
  noLinksHint: 'Links will appear here when added',
  loading: 'Loading profile...',
  loadFailed: 'Failed to load user data',
} as const;
