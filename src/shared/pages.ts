import { z } from 'zod';
import { usernameSchema } from './auth.schema.ts';
import { typedUsernameSchema } from './typed-username.ts';
import { EMAIL_MAX_LENGTH } from './constants.ts';

// Several pages per account, run with a team (issue 53). An account is a
// person; a page is what the public sees at its address. The dashboard names
// the page it works on in its address (?page=username) and in each API call's
// PAGE_HEADER_NAME header (the page's id); without one, a call acts on the
// account's own first page, as before pages.

/** The header that names the page an API call acts on, by id (API tokens may name one of their pages). */
export const PAGE_HEADER_NAME = 'linkverse-page';

/** Who a person is on a page: its one owner, or a member the owner let in. */
export const PAGE_ROLES = ['owner', 'editor', 'analyst'] as const;
export type PageRole = (typeof PAGE_ROLES)[number];
/** The roles an owner gives (ownership moves only by the other's acceptance). */
export const MEMBER_ROLES = ['editor', 'analyst'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What each role may do, as the team card says it. */
export const PAGE_ROLE_INFO: Record<PageRole, { name: string; may: string }> = {
  owner: { name: 'Owner', may: 'Everything, including the domain, the team and deleting the page' },
  editor: { name: 'Editor', may: 'Everything on the page but deleting it, moving it, its domain and its team' },
  analyst: { name: 'Analyst', may: 'Reads analytics and subscribers, and changes nothing' },
};

/** The least a route asks of the person acting on a page: reading routes name it; a change always asks an editor at least. */
export type PageAccess = 'analyst' | 'editor' | 'owner';

/** Whether `role` is enough for `access`. */
export function roleAllows(role: PageRole, access: PageAccess): boolean {
  return PAGE_ROLES.indexOf(role) <= PAGE_ROLES.indexOf(access);
}

/** How a new page begins. */
export const NEW_PAGE_STARTS = ['empty', 'copy'] as const;

export const pageMessages = {
  notYours: 'You have no access to this page: ask its owner for an invitation',
  badHeader: `The ${PAGE_HEADER_NAME} header names a page by its number`,
  roleTooLow: (role: PageRole, access: PageAccess) =>
    `As ${PAGE_ROLE_INFO[role].name.toLowerCase()} of this page you cannot do this: it takes ${access === 'owner' ? 'its owner' : `an ${access}`}`,
  tooMany: (limit: number, plan: string) =>
    `The ${plan} plan holds ${limit === 1 ? 'one page' : `${limit} pages`}: delete one, or see Pricing for a plan with more.`,
  offline: (limit: number, plan: string) =>
    `This page is offline: the ${plan} plan holds ${limit === 1 ? 'one page' : `${limit} pages`}. It is back online, as it was, with a plan that holds it.`,
  copyFromUnknown: 'Choose one of your pages to copy the look of',
  unknownStart: `A new page starts ${NEW_PAGE_STARTS.join(' or ')}`,
  notFound: 'Page not found',
  firstPage: 'This is the page your account signs in with: delete the account under Account instead',
  tokenPageRefused: 'This API token cannot act on this page: give it the page when you make a token',
} as const;

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

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
/** Invitations one page may send in an hour, and one account across its pages. */
export const INVITATIONS_PER_PAGE_PER_HOUR = 20;
export const INVITATIONS_PER_ACCOUNT_PER_HOUR = 50;
/** People on one page's team besides its owner (members and pending invitations). */
export const TEAM_MAX = 50;
/** Where an invitation's link opens: the token rides in the fragment, which browsers never send or pass on. */
export const INVITATION_PAGE = '/invitation';
export function invitationLinkPath(token: string): string {
  return `${INVITATION_PAGE}#token=${token}`;
}

export const teamMessages = {
  emailInvalid: 'Please enter the email address to invite',
  unknownRole: `A member is ${MEMBER_ROLES.join(' or ')}`,
  alreadyMember: 'This person is already on the page’s team',
  alreadyInvited: 'This address already has an invitation waiting: withdraw it first to send another',
  ownAddress: 'This is your own address: you own the page already',
  teamFull: `A page’s team holds ${TEAM_MAX} people, invitations included`,
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'This person is not on the page’s team',
  /** One message for a token that is forged, used, withdrawn or expired: the link tells nothing more. */
  invitationInvalid: 'This invitation is not valid: it may have been used, withdrawn or have expired. Ask the page’s owner for a new one.',
  wrongAddress: (masked: string) =>
    `This invitation is for ${masked}: sign in with the account of that address, or sign up with it, to accept`,
  addressTaken: 'Another account here has confirmed this address: sign in with it to accept',
  ownerCannotLeave: 'The owner cannot leave the page: offer it to a member first, and leave once they accept',
  firstPageStays: 'This page is the one its owner’s account signs in with: it cannot change owner',
  offerToMember: 'Choose a member of the team to offer the page to',
  noOffer: 'No offer of this page is waiting for you',
  offerWaiting: 'An offer of this page is waiting: withdraw it first',
  sameRole: 'This member has this role already',
} as const;

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

/** 'alice@example.com' → 'a•••@example.com': enough to know which address, not enough to learn it. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}
