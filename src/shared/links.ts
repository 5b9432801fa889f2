import { AUDIENCE_DEVICES, audienceCountriesSchema, audienceDeviceSchema } from './audience.ts';
import { z } from 'zod';
import { contentWarningSchema } from './content-warning.ts';
import { MEDIA_URL_PATTERN } from './media.ts';

// Icons, colours and rules of a link (spec 000 §3 and §5).

export const LINK_TITLE_MAX_LENGTH = 100;
export const LINK_URL_MAX_LENGTH = 2048;
export const HEX_INPUT_MAX_LENGTH = 7;

export const LINK_ICONS = [
  { id: 'link', name: 'Link' },
  { id: 'globe', name: 'Website' },
  { id: 'social', name: 'Social' },
  { id: 'mail', name: 'Email' },
  { id: 'youtube', name: 'YouTube' },
  { id: 'instagram', name: 'Instagram' },
  { id: 'twitter', name: 'Twitter' },
  { id: 'github', name: 'GitHub' },
  { id: 'linkedin', name: 'LinkedIn' },
  { id: 'tiktok', name: 'TikTok' },
  { id: 'discord', name: 'Discord' },
  { id: 'spotify', name: 'Spotify' },
  { id: 'twitch', name: 'Twitch' },
  { id: 'store', name: 'Store' },
  { id: 'star', name: 'Star' },
  { id: 'heart', name: 'Heart' },
  { id: 'fire', name: 'Fire' },
  { id: 'rocket', name: 'Rocket' },
  { id: 'camera', name: 'Camera' },
  { id: 'music', name: 'Music' },
  { id: 'video', name: 'Video' },
  { id: 'document', name: 'Document' },
  { id: 'money', name: 'Money' },
  { id: 'game', name: 'Game' },
  { id: 'facebook', name: 'Facebook' },
] as const;
export type LinkIconId = (typeof LINK_ICONS)[number]['id'];
export const CUSTOM_ICON = 'custom';
/** The networks' icons: a link with one of these can show as a round icon under the bio. */
export const SOCIAL_ICONS: ReadonlySet<string> = new Set([
  'youtube',
  'instagram',
  'twitter',
  'github',
  'linkedin',
  'tiktok',
  'discord',
  'spotify',
  'twitch',
  'facebook',
  'mail',
]);
export const DEFAULT_LINK_ICON: LinkIconId = 'link';
const iconIds: ReadonlySet<string> = new Set(LINK_ICONS.map((icon) => icon.id));

export const SOLID_COLORS = {
  purple: '#8B5CF6',
  blue: '#3B82F6',
  green: '#22C55E',
  red: '#EF4444',
  pink: '#EC4899',
  yellow: '#EAB308',
  orange: '#F97316',
  teal: '#14B8A6',
  indigo: '#6366F1',
  gray: '#6B7280',
  black: '#111827',
  violet: '#7C3AED',
  rose: '#F43F5E',
  emerald: '#10B981',
  amber: '#F59E0B',
  lime: '#84CC16',
  cyan: '#06B6D4',
  slate: '#64748B',
  fuchsia: '#D946EF',
  sky: '#0EA5E9',
} as const;

export const GRADIENT_COLORS = {
  'purple-blue': ['#8B5CF6', '#3B82F6'],
  'cyan-blue': ['#06B6D4', '#3B82F6'],
  'green-teal': ['#22C55E', '#14B8A6'],
  'orange-red': ['#F97316', '#EF4444'],
  'pink-purple': ['#EC4899', '#8B5CF6'],
  'indigo-purple': ['#6366F1', '#8B5CF6'],
} as const;

/**
 * A link without a colour of its own (issue 51): its button takes the page's
 * theme, primary to secondary, so one click on a theme restyles every such
 * button. New links start with it.
 */
export const THEME_COLOR = 'theme';
export const FALLBACK_LINK_COLOR = 'purple';
export const CUSTOM_COLOR = 'custom';
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The theme's two colours, which a link of THEME_COLOR takes. */
export type ThemeColours = { primaryColor: string; secondaryColor: string };
/**
 * Without the theme's colours at hand, the page's own: the public page sets
 * these variables from its look; elsewhere the default look's colours stand in.
 */
const PAGE_THEME: ThemeColours = { primaryColor: 'var(--lv-primary, #7C3AED)', secondaryColor: 'var(--lv-secondary, #DB2777)' };

export function isKnownColorId(color: string): boolean {
  return color === THEME_COLOR || Object.hasOwn(SOLID_COLORS, color) || Object.hasOwn(GRADIENT_COLORS, color);
}

/** The CSS background of a link button; anything unknown falls back to purple. */
export function linkBackground(color: string, theme: ThemeColours = PAGE_THEME): string {
  const stops = linkColorStops(color, theme);
  return stops.length === 2 ? `linear-gradient(135deg, ${stops[0]}, ${stops[1]})` : stops[0]!;
}

/** What a link's colour paints: a gradient's two stops (the theme's, for THEME_COLOR), or its one colour. */
export function linkColorStops(color: string, theme: ThemeColours = PAGE_THEME): readonly string[] {
  if (color === THEME_COLOR) return [theme.primaryColor, theme.secondaryColor];
  if (Object.hasOwn(GRADIENT_COLORS, color)) return GRADIENT_COLORS[color as keyof typeof GRADIENT_COLORS];
  if (Object.hasOwn(SOLID_COLORS, color)) return [SOLID_COLORS[color as keyof typeof SOLID_COLORS]];
  if (HEX_COLOR_PATTERN.test(color)) return [color];
  return [SOLID_COLORS[FALLBACK_LINK_COLOR]];
}

/** One colour for a link's outline, glow and neon styles: a gradient's first stop. */
export function linkSolidColor(color: string, theme: ThemeColours = PAGE_THEME): string {
  return linkColorStops(color, theme)[0]!;
}

export const linkMessages = {
  missingInformation: 'Missing information: Please provide both a title and URL for your link.',
  titleTooLong: `Title cannot exceed ${LINK_TITLE_MAX_LENGTH} characters`,
  invalidUrl: 'Please enter a valid URL',
  urlTooLong: `URL cannot exceed ${LINK_URL_MAX_LENGTH} characters`,
  schemeNotAllowed: 'Only http, https, mailto and tel links are allowed',
  unknownIcon: 'Please choose one of the available icons',
  customIconMissing: 'Please upload an image for the custom icon',
  thumbnailMissing: 'Please upload an image for the thumbnail',
  unknownColor: 'Please choose one of the available colours or a hex colour like #8B5CF6',
  noChanges: 'Nothing to update',
  orderMismatch: 'The order must list each of your links exactly once',
  notFound: 'Link not found',
  invalidTime: 'Please choose a valid date and time',
  startAfterEnd: 'The link must start before it ends',
} as const;

/** A scheduled link's window (issue 30): shown from `startsAt`, until `endsAt` (ISO instants; null: no bound). */
export interface LinkWindow {
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

/** Whether a link is on the page at `now`: switched on, started, not ended (the end itself is out). */
export function isLinkLive(link: LinkWindow, now: number): boolean {
  return (
    link.isActive && (link.startsAt === null || Date.parse(link.startsAt) <= now) && (link.endsAt === null || Date.parse(link.endsAt) > now)
  );
}

/** The next moment after `now` at which one of these links appears or goes (Infinity: none). */
export function nextScheduleChange(links: readonly LinkWindow[], now: number): number {
  let next = Infinity;
  for (const link of links) {
    if (!link.isActive) continue;
    for (const at of [link.startsAt, link.endsAt]) {
      const time = at === null ? Infinity : Date.parse(at);
      if (time > now && time < next) next = time;
    }
  }
  return next;
}

/** What the dashboard says of a link's schedule: nothing for one without, else scheduled, live until its end, or ended. */
export function scheduleStateOf(link: LinkWindow, now: number): 'scheduled' | 'live-until' | 'ended' | null {
  if (link.endsAt !== null && Date.parse(link.endsAt) <= now) return 'ended';
  if (link.startsAt !== null && Date.parse(link.startsAt) > now) return 'scheduled';
  if (link.endsAt !== null) return 'live-until';
  return null;
}

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * A link URL as stored: trimmed, `https://` added when no scheme is given
 * (spec 000 §5), only http, https, mailto and tel accepted (spec README point 7),
 * and re-serialized by the URL parser so that what is stored is what was checked.
 */
export function normalizeLinkUrl(input: string): UrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, message: linkMessages.missingInformation };
  if (trimmed.length > LINK_URL_MAX_LENGTH) return { ok: false, message: linkMessages.urlTooLong };
  // Control characters and whitespace inside a URL are a smuggling trick, never a real address.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f]/.test(trimmed)) return { ok: false, message: linkMessages.invalidUrl };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: linkMessages.invalidUrl };
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) return { ok: false, message: linkMessages.schemeNotAllowed };
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const host = url.hostname;
    const looksLikeHost = host === 'localhost' || /^\[[0-9a-f:]+\]$/i.test(host) || /^[^.]+(\.[^.]+)+$/.test(host);
    if (!looksLikeHost || url.username || url.password) return { ok: false, message: linkMessages.invalidUrl };
  } else if (url.pathname.length === 0) {
    return { ok: false, message: linkMessages.invalidUrl };
  }
  return { ok: true, url: url.href };
}

/**
 * Where a link leads, said short (the Magazine layout's line under each title):
 * the host without www for a web address, the address of an email, the number of a phone.
 */
export function linkDestinationOf(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'mailto:' || parsed.protocol === 'tel:') return decodeURIComponent(parsed.pathname).slice(0, 80);
    return parsed.hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const titleSchema = z
  .string({ error: linkMessages.missingInformation })
  .trim()
  .min(1, linkMessages.missingInformation)
  .max(LINK_TITLE_MAX_LENGTH, linkMessages.titleTooLong);

const urlSchema = z.string({ error: linkMessages.missingInformation }).transform((value, ctx) => {
  const result = normalizeLinkUrl(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.url;
});

const iconSchema = z.string().refine((value) => value === CUSTOM_ICON || iconIds.has(value), linkMessages.unknownIcon);

/** A colour id, or a hex colour (what 'custom' saves, spec 000 §4). */
const colorSchema = z
  .string()
  .trim()
  .refine((value) => isKnownColorId(value) || HEX_COLOR_PATTERN.test(value), linkMessages.unknownColor);

const customIconSchema = z.string().regex(MEDIA_URL_PATTERN, linkMessages.customIconMissing).nullable();
/** A link's picture (issue 30): the owner's thumbnail upload, or null for none. */
const thumbnailSchema = z
  .string({ error: linkMessages.thumbnailMissing })
  .regex(MEDIA_URL_PATTERN, linkMessages.thumbnailMissing)
  .nullable();

/** An instant with its offset ('2026-12-01T09:00:00+01:00' or '…Z'), stored in UTC; null clears it. */
const instantSchema = z
  .string({ error: linkMessages.invalidTime })
  .max(40, linkMessages.invalidTime)
  .pipe(z.iso.datetime({ offset: true, error: linkMessages.invalidTime }))
  .transform((value) => new Date(value).toISOString())
  .nullable();

/** An item's schedule, as links and blocks both take it (the schemas' shared fields). */
export const windowFields = { isActive: z.boolean(), startsAt: instantSchema, endsAt: instantSchema };

/** 'The link must start before it ends', on the end. */
export function startBeforeEnd(value: { startsAt?: string | null; endsAt?: string | null }, ctx: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && value.startsAt >= value.endsAt) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: linkMessages.startAfterEnd });
  }
}

const linkFields = {
  title: titleSchema,
  url: urlSchema,
  icon: iconSchema,
  color: colorSchema,
  customIcon: customIconSchema,
  thumbnail: thumbnailSchema,
  showAsIcon: z.boolean(),
  ownProfile: z.boolean(),
  contentWarning: contentWarningSchema,
  device: audienceDeviceSchema,
  countries: audienceCountriesSchema,
  ...windowFields,
};

function requireCustomIcon(value: { icon?: string; customIcon?: string | null }, ctx: z.RefinementCtx) {
  if (value.icon === CUSTOM_ICON && !value.customIcon) {
    ctx.addIssue({ code: 'custom', path: ['customIcon'], message: linkMessages.customIconMissing });
  }
}

/** POST /api/links */
export const createLinkSchema = z
  .object({
    title: linkFields.title,
    url: linkFields.url,
    /** Left out: the icon of the service the address names (src/shared/link-brands.ts), else 'link'. */
    icon: linkFields.icon.optional(),
    /** Left out: that service's brand colour, else the theme's. */
    color: linkFields.color.optional(),
    customIcon: linkFields.customIcon.optional(),
    thumbnail: linkFields.thumbnail.default(null),
    isActive: linkFields.isActive.default(true),
    showAsIcon: linkFields.showAsIcon.default(false),
    ownProfile: linkFields.ownProfile.default(false),
    contentWarning: linkFields.contentWarning.default(null),
    device: linkFields.device.default('any'),
    countries: linkFields.countries.default([]),
    startsAt: linkFields.startsAt.default(null),
    endsAt: linkFields.endsAt.default(null),
  })
  .superRefine(requireCustomIcon)
  .superRefine(startBeforeEnd);
export type CreateLinkInput = z.infer<typeof createLinkSchema>;

/** PATCH /api/links/{id}: any of the fields; an icon switched to custom needs its image. */
export const updateLinkSchema = z
  .object({
    title: linkFields.title.optional(),
    url: linkFields.url.optional(),
    icon: linkFields.icon.optional(),
    color: linkFields.color.optional(),
    customIcon: linkFields.customIcon.optional(),
    thumbnail: linkFields.thumbnail.optional(),
    isActive: linkFields.isActive.optional(),
    showAsIcon: linkFields.showAsIcon.optional(),
    ownProfile: linkFields.ownProfile.optional(),
    contentWarning: linkFields.contentWarning.optional(),
    device: linkFields.device.optional(),
    countries: linkFields.countries.optional(),
    startsAt: linkFields.startsAt.optional(),
    endsAt: linkFields.endsAt.optional(),
  })
  .superRefine(requireCustomIcon)
  .superRefine(startBeforeEnd)
  .refine((value) => Object.values(value).some((field) => field !== undefined), linkMessages.noChanges);
export type UpdateLinkInput = z.infer<typeof updateLinkSchema>;

/** PUT /api/links/order: every item of the page, or every link (the blocks then keep their places). */
export const reorderLinksSchema = z.object({
  ids: z.array(z.number().int().positive(), { error: linkMessages.orderMismatch }).max(1000),
});

export const linkSchema = z
  .object({
    id: z.number().int(),
    /** 'link'; the page's blocks (headers, texts, dividers) share the list with their own type. */
    type: z.literal('link'),
    userId: z.number().int(),
    title: z.string(),
    url: z.string(),
    icon: z.string(),
    customIcon: z.string().nullable(),
    /** The link's picture (a media address), shown on its button instead of the icon; null for none. */
    thumbnail: z.string().nullable(),
    color: z.string(),
    position: z.number().int(),
    isActive: z.boolean(),
    /** Shown as a round icon under the bio when its icon is a network's and the look shows social icons. */
    showAsIcon: z.boolean(),
    /** The creator's own profile elsewhere (Mastodon, a blog): the public page names it with rel="me", which verifies both. */
    ownProfile: z.boolean(),
    /** A warning the visitor sees before the redirect ('18', '21', '25', 'sensitive'), or null (issue 30). */
    contentWarning: contentWarningSchema,
    /** Shown only to visitors on phones and tablets ('mobile') or on computers ('desktop'); 'any': to both (issue 30). */
    device: z.enum(AUDIENCE_DEVICES),
    /** Shown only to visitors in these countries (ISO codes); empty: everywhere. */
    countries: z.array(z.string()),
    /** Shown on the page from then (ISO instant), or null: at once. */
    startsAt: z.string().nullable(),
    /** Gone from the page from then (ISO instant), or null: for good. */
    endsAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Link' });
export type Link = z.infer<typeof linkSchema>;
