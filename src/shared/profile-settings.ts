import { z } from 'zod';
import { displayNameSchema, usernameSchema } from './auth.schema.ts';
import { BIO_MAX_LENGTH, DASHBOARD_THEMES, EMAIL_MAX_LENGTH, DAY_MS, USERNAME_CHANGE_COOLDOWN_DAYS } from './constants.ts';
import { contentWarningSchema } from './content-warning.ts';
import { languageSchema } from './i18n/language-schema.ts';
import { MEDIA_URL_PATTERN } from './media.ts';
import { isTimeZone } from './time-zone.ts';
import { consentLineSchema } from './subscribers.ts';
import { profileSettingsMessages } from './profile-settings-messages.ts';

// The Profile tab's settings (spec 000 §2 "Profile tab", §3 "User settings")
// and the username change with its cooldown (spec 000 §4 "Username lock").

const profileFields = {
  displayName: displayNameSchema,
  bio: z.string({ error: profileSettingsMessages.bioTooLong }).max(BIO_MAX_LENGTH, profileSettingsMessages.bioTooLong),
  /** '' clears it; stored as null. */
  email: z
    .string({ error: profileSettingsMessages.invalidEmail })
    .trim()
    .max(EMAIL_MAX_LENGTH, profileSettingsMessages.invalidEmail)
    .refine((value) => value === '' || z.email().safeParse(value).success, profileSettingsMessages.invalidEmail),
  theme: z.enum(DASHBOARD_THEMES, { error: profileSettingsMessages.invalidTheme }),
  showViews: z.boolean(),
  showUpdated: z.boolean(),
  markNewLinks: z.boolean(),
  /** Inside an app's own browser (Instagram, TikTok…), the page offers to open in the visitor's (issue 31). */
  openInBrowserBar: z.boolean(),
  /** The email sign-up form on the public page (issue 31); it needs a consent line. */
  subscribeForm: z.boolean(),
  subscribeConsent: consentLineSchema,
  /** A warning visitors see before the page (issue 30): 18+, 21+, 25+ or sensitive; null for none. */
  contentWarning: contentWarningSchema,
  /** The language the public page speaks (issue 54); null: its owner's `language`. The creator's own words stay as written. */
  pageLanguage: languageSchema.nullable(),
  /** The person's language (issue 54): the site's mail to them and its messages. */
  language: languageSchema,
  /** The IANA zone analytics days are counted in (the dashboard sets the browser's at first). */
  timeZone: z.string({ error: profileSettingsMessages.invalidTimeZone }).refine(isTimeZone, profileSettingsMessages.invalidTimeZone),
  /** An avatar the owner uploaded (POST /api/media/avatar), or null to remove it. */
  profileImage: z
    .string({ error: profileSettingsMessages.invalidProfileImage })
    .regex(MEDIA_URL_PATTERN, profileSettingsMessages.invalidProfileImage)
    .nullable(),
};

/** PATCH /api/me/profile: any of the fields; unknown fields are refused by name. */
export const updateProfileSchema = z
  .strictObject(profileFields, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? profileSettingsMessages.unknownFields(issue.keys) : undefined),
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), profileSettingsMessages.noChanges)
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof updateProfileSchema>;

/** What of the settings makes the page (not the account's email, theme or time zone): a page file carries these. */
export const PAGE_PROFILE_FIELDS = [
  'displayName',
  'bio',
  'profileImage',
  'showViews',
  'showUpdated',
  'markNewLinks',
  'openInBrowserBar',
  'subscribeForm',
  'subscribeConsent',
  'contentWarning',
  'pageLanguage',
] as const satisfies readonly (keyof typeof profileFields)[];
export type PageProfileField = (typeof PAGE_PROFILE_FIELDS)[number];

/** The page's settings in a page file: any of them, no other. */
export const pageProfileSchema = z.strictObject(
  Object.fromEntries(PAGE_PROFILE_FIELDS.map((name) => [name, profileFields[name].optional()])) as {
    [Name in PageProfileField]: z.ZodOptional<(typeof profileFields)[Name]>;
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? profileSettingsMessages.unknownFields(issue.keys) : undefined) },
);
export type PageProfile = z.infer<typeof pageProfileSchema>;

/** The Profile tab's form: the same rules, every field present. */
export const profileFormSchema = z.object({
  displayName: profileFields.displayName,
  bio: profileFields.bio,
  email: profileFields.email,
  theme: profileFields.theme,
  showViews: profileFields.showViews,
  showUpdated: profileFields.showUpdated,
  markNewLinks: profileFields.markNewLinks,
  openInBrowserBar: profileFields.openInBrowserBar,
  contentWarning: profileFields.contentWarning,
  pageLanguage: profileFields.pageLanguage,
});
export type ProfileFormInput = z.infer<typeof profileFormSchema>;

/** GET /api/me/profile */
export const profileSettingsSchema = z
  .object({
    username: z.string(),
    displayName: z.string(),
    bio: z.string(),
    email: z.string().nullable(),
    /** Whether the email was confirmed through its link. */
    emailConfirmed: z.boolean(),
    profileImage: z.string().nullable(),
    theme: z.enum(DASHBOARD_THEMES),
    showViews: z.boolean(),
    showUpdated: z.boolean(),
    markNewLinks: z.boolean(),
    openInBrowserBar: z.boolean(),
    subscribeForm: z.boolean(),
    subscribeConsent: z.string(),
    contentWarning: contentWarningSchema,
    pageLanguage: languageSchema.nullable(),
    /** The person's language: what the page speaks when `pageLanguage` is null. */
    language: languageSchema,
    /** null until the dashboard sets it (analytics use UTC meanwhile). */
    timeZone: z.string().nullable(),
    /** When the owner last changed the username, or null. */
    lastUsernameChange: z.string().nullable(),
    /** When the username can be changed again: null when it can be now. */
    usernameLockedUntil: z.string().nullable(),
  })
  .meta({ id: 'ProfileSettings' });
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

/** PATCH /api/me/username */
export const changeUsernameSchema = z.object({ username: usernameSchema }).meta({ id: 'UsernameChange' });

/** When a username changed at `changedAt` unlocks again, or null when it already has. */
export function usernameLockedUntil(changedAt: string | null, now = Date.now()): string | null {
  if (!changedAt) return null;
  const until = Date.parse(changedAt) + USERNAME_CHANGE_COOLDOWN_DAYS * DAY_MS;
  return until > now ? new Date(until).toISOString() : null;
}

/** Whole days left until `until` (at least 1 while it is ahead). */
export function daysUntil(until: string, now = Date.now()): number {
  return Math.max(1, Math.ceil((Date.parse(until) - now) / DAY_MS));
}

export { profileSettingsMessages };
