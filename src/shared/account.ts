import { z } from 'zod';
import { paymentsSchema } from './purchases.schema.ts';
import { ssoProviderSchema } from './single-sign-on.ts';
import { ANALYTICS_PERIODS, SUMMARY_CADENCES } from './constants.ts';
import { PASSWORD_MAX_LENGTH, PLANS } from './constants.ts';
import { typedUsernameSchema } from './typed-username.ts';
import { authMessages, newPasswordSchema } from './auth.schema.ts';
import { accountMessages } from './account-messages.ts';
import { MAIL_DELIVERIES } from './mail.ts';
import { siteAddressOf } from './i18n/site-addresses.ts';

// The Account section: the password, the sessions, email, export and deletion (issue 28).

/** How long an email confirmation link works. */
export const EMAIL_CONFIRMATION_HOURS = 24;

export { accountMessages };

const passwordField = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, accountMessages.passwordIncorrect);

/** POST /api/me/export: everything the account holds, as one zip; the password is asked even inside a session. */
export const exportRequestSchema = z.object({ password: passwordField });

/** POST /api/me/deletion: the password, and the username typed out. */
export const deleteAccountSchema = z.object({
  password: passwordField,
  username: typedUsernameSchema,
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** PUT /api/me/weekly-summary: on or off, and how often (unchanged when left out). */
export const weeklySummarySchema = z.object({
  weeklySummary: z.boolean({ error: 'weeklySummary must be true or false' }),
  every: z.enum(SUMMARY_CADENCES, { error: 'every must be week or month' }).optional(),
});
export type WeeklySummaryInput = z.infer<typeof weeklySummarySchema>;

/** POST /api/auth/confirm-email */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: accountMessages.confirmLinkInvalid })
    .min(1, accountMessages.confirmLinkInvalid)
    .max(200, accountMessages.confirmLinkInvalid),
});

/** Where a confirmation link points, in the language of its page (the mail's): the token in the fragment, which no server or Referer sees. */
export function confirmEmailLinkPath(token: string, language?: string | null): string {
  return `${siteAddressOf(language, '/confirm-email')}#token=${token}`;
}

/** GET /api/site/features: what this site has, so that no screen offers what it does not. */
export const siteFeaturesSchema = z
  .object({
    /**
     * How mail leaves (confirmation links, reset links, weekly summaries): `smtp`, to its recipient;
     * `held`, no SMTP_URL: it waits in the control center's Outbox for an administrator to pass on.
     */
    mail: z.enum(MAIL_DELIVERIES),
    /** How long a deleted account can still be taken back. */
    accountDeletionGraceDays: z.number().int(),
    /** Where the Community link goes (COMMUNITY_URL); null: the site has none. */
    communityUrl: z.string().nullable(),
    /** The operator's own line (SOCIAL_PROOF), shown instead of the creator count. */
    socialProof: z.string().nullable(),
    /** How many creators have a page here; null while fewer than CREATORS_SHOWN_FROM (no figure while small). */
    creators: z.number().int().nullable(),
    /** What each plan allows on this site (PLAN_LIMITS applied); null links: unlimited. */
    planLimits: z.record(
      z.enum(PLANS),
      z.object({
        links: z.number().int().nullable(),
        pages: z.number().int(),
        uploadBytes: z.number().int(),
        analyticsDays: z.array(z.union(ANALYTICS_PERIODS.map((days) => z.literal(days)))),
        analyticsExport: z.boolean(),
        advancedAnalytics: z.boolean(),
        premiumAnalytics: z.boolean(),
        customFonts: z.boolean(),
        allThemes: z.boolean(),
        layouts: z.number().int().nullable(),
        removeBranding: z.boolean(),
        verifiedBadge: z.boolean(),
        seoTools: z.boolean(),
        customDomain: z.boolean(),
      }),
    ),
    /** Who answers each plan's support (PLAN_SUPPORT): an email address or an https address; null: the pricing page names none. */
    planSupport: z.record(z.enum(PLANS), z.string().nullable()),
    /** The import from a Linktree address fetches the page (LINKTREE_IMPORT, and OUTBOUND on); off, the import offers files only. */
    linktreeImport: z.boolean(),
    /** The single sign-on providers the login page offers (OIDC_PROVIDERS). */
    singleSignOn: z.array(ssoProviderSchema),
    /** Plans and add-ons are bought through Stripe Checkout, at these prices (cents); null: an admin gives plans. */
    payments: paymentsSchema,
    /** Creators may serve their page at their own domain (PUBLIC_URL set). */
    customDomains: z.boolean(),
    /**
     * The server may call other hosts (OUTBOUND, on unless set off): link checks, embed titles, the Linktree
     * fetch, Discord presence and domain checks. Off, the screens that need one say so.
     */
    outbound: z.boolean(),
  })
  .meta({ id: 'SiteFeatures' });

/** The creator count is said only from this many on: a small site shows no figure. */
export const CREATORS_SHOWN_FROM = 100;
export type SiteFeatures = z.infer<typeof siteFeaturesSchema>;

/** POST /api/me/password */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: accountMessages.currentPasswordRequired })
      .min(1, accountMessages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, accountMessages.currentPasswordIncorrect),
    newPassword: newPasswordSchema,
  })
  .refine((value) => value.newPassword !== value.currentPassword, { path: ['newPassword'], message: accountMessages.newPasswordSame });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/me/password/first: the first password of an account made through single sign-on. */
export const setPasswordSchema = z.object({ newPassword: newPasswordSchema });

/** Its form: the new password typed twice. */
export const setPasswordFormSchema = setPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDontMatch,
  });

/** The Account form: the payload plus the new password typed twice; the first failing rule is shown. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: accountMessages.newPasswordSame });
    } else if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordsDontMatch });
    }
  });

/** A signed-in session as its owner sees it: never its token or the token's hash. */
export const accountSessionSchema = z
  .object({
    /** A handle for ending it, derived from the session: not its token, nor the token's hash. */
    id: z.string(),
    device: z.string(),
    browser: z.string(),
    /** Two-letter country of the address it signed in from, when known. */
    country: z.string().nullable(),
    signedInAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionIdParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, accountMessages.sessionNotFound) });
