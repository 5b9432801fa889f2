// The words and rules of pages and teams that screens need without the schema
// library (issue 53): the page switcher and every API call (web/lib/page-choice.ts)
// load with the dashboard and the site; the request schemas are in pages.ts.

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
  copyFromUnknown: 'Choose one of your pages to copy the look of',
  unknownStart: `A new page starts ${NEW_PAGE_STARTS.join(' or ')}`,
  notFound: 'Page not found',
  firstPage: 'This is the page your account signs in with: delete the account under Account instead',
  tokenPageRefused: 'This API token cannot act on this page: give it the page when you make a token',
  cadenceIsOwners: 'How often the summary goes is for the page’s owner to choose',
} as const;

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
  firstPageNeedsAnother:
    'This is your account’s first page. Make another page first: your account keeps it as its first page when this one moves.',
  ownerKeepsNoPage: 'The owner has no other page left to keep as their first: ask them to make one, then to offer the page again',
  offerToMember: 'Choose a member of the team to offer the page to',
  noOffer: 'No offer of this page is waiting for you',
  offerWaiting: 'An offer of this page is waiting: withdraw it first',
  sameRole: 'This member has this role already',
} as const;

/** 'alice@example.com' → 'a•••@example.com': enough to know which address, not enough to learn it. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}
