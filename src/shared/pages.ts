import { z } from 'zod';
import { usernameSchema } from './auth.schema.ts';
import { typedUsernameSchema } from './typed-username.ts';
import { MEMBER_ROLES, NEW_PAGE_STARTS, PAGE_ROLES, pageMessages, teamMessages } from './page-roles.ts';
import { EMAIL_MAX_LENGTH, SUMMARY_CADENCES } from './constants.ts';

// Several pages per account, run with a team (issue 53). An account is a
// person; a page is what the public sees at its address. The dashboard names
// the page it works on in its address (?page=username) and in each API call's
// PAGE_HEADER_NAME header (the page's id); without one, a call acts on the
// account's own first page, as before pages.

/** POST /api/me/pages */
export const createPageSchema = z
  .object({
    username: usernameSchema,
    /** 'empty', or 'copy': the look (theme, layout, fonts, colours) of `copyFrom`, one of the account's pages. */
    start: z.enum(NEW_PAGE_STARTS, { error: pageMessages.unknownStart }).default('empty'),
    copyFrom: z.number({ error: pageMessages.copyFromUnknown }).int().positive().optional(),
  })
  .strict()
  .refine((input) => input.start !== 'copy' || input.copyFrom !== undefined, {
    message: pageMessages.copyFromUnknown,
    path: ['copyFrom'],
  });
export type CreatePageInput = z.infer<typeof createPageSchema>;
/** What a client sends: `start` may be left out (empty). */
export type CreatePageRequest = z.input<typeof createPageSchema>;

/** The New page dialog: the address, and how the page begins (a page file is brought in once the page is made). */
export const newPageFormSchema = z.object({
  username: usernameSchema,
  start: z.enum([...NEW_PAGE_STARTS, 'file'], { error: pageMessages.unknownStart }),
  copyFrom: z.string().optional(),
});

/** One page the signed-in person may act on, as the switcher lists it. */
export const pageSummarySchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    profileImage: z.string().nullable(),
    role: z.enum(PAGE_ROLES),
    /** The account's own first page (it signs in with it: it cannot be deleted alone). */
    isAccountPage: z.boolean(),
    /** Offline: past the owner's plan's number of pages (a downgrade), or deleted and in its grace period. */
    offline: z.boolean(),
    /** Set while a deletion waits out its grace period. */
    deleteAfter: z.string().nullable(),
    /** Whether the person asked for this page's summary by mail. */
    weeklySummary: z.boolean(),
  })
  .meta({ id: 'PageSummary' });
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pagesAnswerSchema = z
  .object({
    pages: z.array(pageSummarySchema),
    /** How many pages the account's plan holds, and how many it owns. */
    limit: z.number().int(),
    owned: z.number().int(),
  })
  .meta({ id: 'Pages' });
export type PagesAnswer = z.infer<typeof pagesAnswerSchema>;

/** DELETE /api/me/pages/{id}: the page's address typed out (it can be restored within the grace period). */
export const deletePageSchema = z.object({ username: typedUsernameSchema }).strict();
export type DeletePageInput = z.infer<typeof deletePageSchema>;

// The page's team (issue 53): invitations by mail, members and their roles, and
// ownership offered to a member and moved once they accept.

/** POST /api/me/team/invitations */
export const inviteSchema = z
  .object({
    email: z
      .string({ error: teamMessages.emailInvalid })
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, teamMessages.emailInvalid)
      .pipe(z.email({ error: teamMessages.emailInvalid })),
    role: z.enum(MEMBER_ROLES, { error: teamMessages.unknownRole }),
  })
  .strict();
export type InviteInput = z.infer<typeof inviteSchema>;

/** PATCH /api/me/team/members/{accountId} */
export const changeRoleSchema = z.object({ role: z.enum(MEMBER_ROLES, { error: teamMessages.unknownRole }) }).strict();

/** POST /api/me/team/ownership */
export const offerOwnershipSchema = z
  .object({ accountId: z.number({ error: teamMessages.offerToMember }).int().positive(teamMessages.offerToMember) })
  .strict();

/** The token of an invitation's link, as typed or pasted: only its shape is checked here. */
export const invitationTokenSchema = z.string().trim().min(20, teamMessages.invitationInvalid).max(100, teamMessages.invitationInvalid);

const person = z.object({ accountId: z.number().int(), username: z.string(), displayName: z.string() });

export const teamSchema = z
  .object({
    owner: person,
    members: z.array(person.extend({ role: z.enum(MEMBER_ROLES), since: z.string() })),
    /** Pending invitations: the owner's to see and withdraw (empty for members). */
    invitations: z.array(z.object({ id: z.number().int(), email: z.string(), role: z.enum(MEMBER_ROLES), expiresAt: z.string() })),
    /** The member the owner offered the page to, while they have not answered (the owner's and that member's to see). */
    offeredTo: person.nullable(),
    /** Whether the page can change owner at all (not its owner's own first page). */
    canMoveOwnership: z.boolean(),
    /** For the account's own first page: the page the account keeps as its first once this one moves. */
    accountKeeps: z.string().nullable(),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof teamSchema>;

/** What an invitation's link shows before it is accepted (GET /api/invitations/{token}). */
export const invitationPreviewSchema = z
  .object({
    page: z.object({ username: z.string(), displayName: z.string() }),
    role: z.enum(MEMBER_ROLES),
    invitedBy: z.string(),
    /** The invited address, partly hidden ('a•••@example.com'). */
    email: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** PUT /api/me/pages/{id}/summary: the person's own wish for the page's summary by mail; how often is its owner's to choose. */
export const pageSummaryMailSchema = z
  .object({
    weeklySummary: z.boolean({ error: 'weeklySummary must be true or false' }),
    every: z.enum(SUMMARY_CADENCES, { error: 'every must be week or month' }).optional(),
  })
  .strict();
export type PageSummaryMailInput = z.infer<typeof pageSummaryMailSchema>;
