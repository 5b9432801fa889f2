import { PAGE_ROLES } from './page-roles.ts';
import { z } from 'zod';
import { contentWarningSchema } from './content-warning.ts';
import { languageSchema } from './i18n/language-schema.ts';
import { PLANS, ROLES, SUMMARY_CADENCES } from './constants.ts';

/** A user as its owner sees it (DESIGN.md "Response shapes"); never a password hash. */
export const currentUserSchema = z
  .object({
    /** The page the dashboard acts on (issue 53): the account's own first page unless the call named another. */
    id: z.number().int(),
    /** The person signed in, and the address of their own first page. */
    accountId: z.number().int(),
    accountUsername: z.string(),
    /** What the person is on this page. */
    pageRole: z.enum(PAGE_ROLES),
    username: z.string(),
    displayName: z.string(),
    bio: z.string(),
    email: z.string().nullable(),
    profileImage: z.string().nullable(),
    role: z.enum(ROLES),
    plan: z.enum(PLANS),
    /** The verified badge an admin granted or the account bought (a plan whose limits say verifiedBadge shows it whatever this says). */
    verified: z.boolean(),
    isActive: z.boolean(),
    /** Whether the public page says the day it last changed (Profile settings). */
    showUpdated: z.boolean(),
    /** Whether links added in the last 7 days carry a "New" pill (Profile settings). */
    markNewLinks: z.boolean(),
    /** Whether the public page shows its total view count (Profile settings). */
    showViews: z.boolean(),
    /** The email sign-up form on the public page, and the consent line under it (Subscribers). */
    subscribeForm: z.boolean(),
    subscribeConsent: z.string(),
    /** The whole page's warning, shown before it (issue 30), or null. */
    contentWarning: contentWarningSchema,
    /** The IANA zone analytics days are counted in; null until the dashboard sets the browser's. */
    timeZone: z.string().nullable(),
    /** False for an account made through single sign-on until its owner sets a password. */
    hasPassword: z.boolean(),
    /** Whether `email` was confirmed through its link (only then is mail sent to it). */
    emailConfirmed: z.boolean(),
    /** Whether the summary by mail goes to the confirmed address. */
    weeklySummary: z.boolean(),
    /** How often it goes: every week, or every month (Business's report; on another plan it goes weekly). */
    summaryEvery: z.enum(SUMMARY_CADENCES),
    /** The person's language (issue 54): the site's mail to them and its messages. */
    language: languageSchema,
    /** The language the page speaks (issue 54): its own, else its owner's; the dashboard's previews speak it. */
    pageSpeaks: z.string(),
    /** Set while a requested deletion waits out its grace period: when it becomes final. */
    deleteAfter: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;
