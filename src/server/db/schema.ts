import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ActivityKind } from '#shared/activity.ts';
import type { AdminAction } from '#shared/admin.ts';
import type { PageItemType } from '#shared/blocks.ts';
import type { AudienceDevice } from '#shared/audience.ts';
import type { ContentWarning } from '#shared/content-warning.ts';
import type { DashboardTheme, Plan, Role, SummaryCadence } from '#shared/constants.ts';
import type { LinkCheckReason } from '#shared/link-checks.ts';
import type { MediaKind } from '#shared/media.ts';
import type { PurchaseItem } from '#shared/purchases.ts';
import type { PurchaseStatus } from '#shared/purchases.schema.ts';
import type { SubscriberStatus } from '#shared/subscribers.ts';

// Row types, in camelCase (CamelCasePlugin maps them to snake_case columns).
// Times are ISO-8601 UTC strings and flags are 0/1 integers, so that SQLite and
// PostgreSQL return the same JavaScript values.

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** argon2id; '' for an account made through single sign-on that has not set a password (see hasPassword). */
  passwordHash: string;
  displayName: string;
  bio: string;
  email: string | null;
  profileImage: string | null;
  role: Role;
  plan: Plan;
  isActive: number;
  verified: number;
  usernameChangedAt: string | null;
  /** The dashboard's own theme (the rest of the site stays dark). */
  dashboardTheme: Generated<DashboardTheme>;
  showViews: Generated<number>;
  /** 1: the public page says the day it last changed. */
  showUpdated: Generated<number>;
  /** 1: links added in the last 7 days carry a "New" pill. */
  markNewLinks: Generated<number>;
  /** 1: the page opened in an app's own browser (Instagram, TikTok…) offers to open in the visitor's. */
  openInBrowserBar: Generated<number>;
  /** The email sign-up form on the public page (issue 31): 1 on. */
  subscribeForm: Generated<number>;
  /** The consent line the creator wrote, shown under the form; kept while the form is off. */
  subscribeConsent: Generated<string>;
  /** The whole page's warning (issue 30): shown before the page, or null. */
  contentWarning: Generated<ContentWarning | null>;
  /** The IANA time zone analytics days are counted in; null until first set (UTC meanwhile). */
  timeZone: string | null;
  /** When `email` was confirmed through its link; null: unconfirmed, used for nothing. */
  emailConfirmedAt: string | null;
  /** 1: a weekly summary of views and clicks goes to the confirmed address. */
  weeklySummary: Generated<number>;
  /** How often the summary goes: every week, or every month (premium analytics' report). */
  summaryEvery: Generated<SummaryCadence>;
  weeklySummarySentAt: string | null;
  /** Upload space the image hosting add-on adds to the plan's (issue 33); 0 without it. */
  extraUploadBytes: Generated<number>;
  /** 1: the custom domain add-on was bought (issue 33). */
  customDomainAddOn: Generated<number>;
  /** Set when the owner asked for the account to be deleted: the public page is gone, and after this time the account is removed for good. */
  deleteAfter: string | null;
  /**
   * The account that owns this page (issue 53), or null: this row is an account, and its own first page. A row
   * with an owner is a further page: no password, no address, never signed in with.
   */
  ownerId: Generated<number | null>;
  /** The language the public page speaks (issue 54, a code of LANGUAGES), or null: its owner's `language`. */
  pageLanguage: Generated<string | null>;
  /**
   * The person's language (issue 54, on an account's row): their mail, their requests' messages, and their pages'
   * words where a page has none of its own. Null: never chosen, English.
   */
  language: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a stolen database yields no usable session. */
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  /** The browser that signed in, and its address's country (null for sessions from before they were kept). */
  userAgent: string | null;
  country: string | null;
  lastSeenAt: string | null;
}

export interface PasswordResetTokensTable {
  /** sha256 of the link's token: a stolen database yields no usable link. */
  id: string;
  userId: number;
  /** The admin who made the link. */
  createdBy: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface EmailConfirmationsTable {
  /** sha256 of the link's token. */
  id: string;
  userId: number;
  /** The address the link confirms: a link for an address since replaced confirms nothing. */
  email: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Mail waiting to go out (mail/mail-outbox.ts); bodies are emptied once sent or given up. */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: string;
  /** Not tried before this time (a retry waits longer each time). */
  sendAfter: string;
  /** Past this time the mail is worth nothing (its link expired) and is not sent. */
  expiresAt: string;
  attempts: Generated<number>;
  lastError: string | null;
  sentAt: string | null;
  givenUpAt: string | null;
  /** Set on a site without SMTP: the mail waits in the control center's Outbox and is never sent. */
  heldAt: string | null;
  /** Files sent with the mail (a report's chart), as JSON: MailAttachment[] with base64 content; null for none. */
  attachments: string | null;
}

/** The name of a deleted account, held until then like a changed name. */
export interface HeldUsernamesTable {
  username: string;
  heldUntil: string;
}

export interface ReservedUsernamesTable {
  id: Generated<number>;
  username: string;
  reason: string;
  reservedBy: number | null;
  createdAt: string;
}

export interface UsernameHistoryTable {
  id: Generated<number>;
  userId: number;
  oldUsername: string;
  newUsername: string;
  changedBy: number | null;
  reason: string | null;
  changedAt: string;
}

export interface AdminLogsTable {
  id: Generated<number>;
  adminId: number | null;
  adminUsername: string;
  action: AdminAction;
  targetId: number | null;
  targetUsername: string | null;
  details: string | null;
  createdAt: string;
}

export interface SiteSettingsTable {
  id: number;
  maintenanceMode: number;
  maintenanceMessage: string;
  updatedAt: string;
}

export interface MediaTable {
  id: Generated<number>;
  ownerId: number;
  kind: MediaKind;
  hash: string;
  ext: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  data: Buffer;
  createdAt: string;
}

export interface LinksTable {
  id: Generated<number>;
  userId: number;
  title: string;
  url: string;
  icon: string;
  customIconId: number | null;
  color: string;
  position: number;
  isActive: number;
  /** Shown as a round icon under the bio (a social network's icon) instead of a button. */
  showAsIcon: Generated<number>;
  /** The creator's own profile elsewhere: named with rel="me" on the public page. */
  ownProfile: Generated<number>;
  /** When the link was first clicked (its first click is told in Recent Activity once). */
  firstClickedAt: string | null;
  /** Scheduled (issue 30): on the page from then, and until then (ISO instants; null: no bound). */
  startsAt: Generated<string | null>;
  endsAt: Generated<string | null>;
  /** What the item is (issue 30): a link, or a block (header, text, divider, embed); only links and embeds have an address. */
  type: Generated<PageItemType>;
  /** A text block's words (plain text with line breaks); empty for every other item. */
  body: Generated<string>;
  /** A link's picture (a media row of kind 'thumbnail'), shown instead of its icon (issue 30), or null. */
  thumbnailId: Generated<number | null>;
  /** A link's warning before its redirect (issue 30), or null. */
  contentWarning: Generated<ContentWarning | null>;
  /** Who sees a link (issue 30): a device class, and countries as sorted ISO codes joined by commas ('': everywhere). */
  audienceDevice: Generated<AudienceDevice>;
  audienceCountries: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

/** A deleted link or block, kept 30 days to be restored (issue 51 §2): the row as JSON, its pictures held by id. */
export interface LinkArchiveTable {
  /** The link's own id, which it gets back. */
  id: number;
  userId: number;
  archivedAt: string;
  customIconId: number | null;
  thumbnailId: number | null;
  /** The links row as it was (JSON). */
  item: string;
}

export interface EventsTable {
  id: Generated<number>;
  kind: 'view' | 'click';
  userId: number;
  linkId: number | null;
  createdAt: string;
  day: string;
  referrer: string | null;
  source: string;
  device: string;
  visitorHash: string;
  /** How many identical visits this row stands for (same window, visitor, page or link, referrer). */
  hits: number;
  /** ISO country code of the visitor's address, or '' when unknown. */
  country: Generated<string>;
  browser: Generated<string>;
  /** The app whose own browser the visit came in (Instagram, TikTok…), '' for none. */
  inApp: Generated<string>;
  /** 1 when the row's first visit counted (not a repeat within the repeat window). */
  counted: Generated<number>;
}

/** One random secret per UTC day for the visitor ids; deleted once its day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/**
 * A visitor's last counted visit of a profile (target 0) or a link (its id):
 * repeats before repeatUntil do not count; a visit on a later day is a new unique.
 * counted and fresh tell what the last write of the row decided.
 */
export interface VisitorWindowsTable {
  userId: number;
  target: number;
  visitorHash: string;
  day: string;
  countedAt: string;
  repeatUntil: string;
  counted: number;
  fresh: number;
  /** A view window's campaign (campaignValueOf) from the visit that opened it, '' for none: its visitor's clicks are credited to it. */
  campaign: Generated<string>;
}

/** Daily figures per profile, in the profile's time zone: what every analytics screen reads (every request, repeats included, stays in the raw events' hits). */
export interface AnalyticsDailyTable {
  userId: number;
  day: string;
  kind: 'view' | 'click';
  dimension: AnalyticsDimension;
  /** '' for total; else the link id, source name, country code, device, browser or in-app browser's app. */
  value: string;
  /** Counted visits: repeats of one visitor within the repeat window count once. */
  visits: number;
  /** Visitors seen for the first time that day (unique visitors, or unique clicks of a link). */
  uniques: number;
}

/** hour: '4 18' (weekday from Monday 0, hour) in the profile's time zone; referrer: a full referring address; campaign: campaignValueOf. */
export type AnalyticsDimension = 'total' | 'link' | 'source' | 'country' | 'device' | 'browser' | 'app' | 'hour' | 'referrer' | 'campaign';

export interface CustomizationsTable {
  userId: number;
  /** The customization document as JSON text; read through resolveCustomization. */
  document: string;
  updatedAt: string;
}

/** A page's SEO tools (issue 52 §3): the document (SeoSettings as JSON text) and its noindex switch, for the sitemap. */
export interface PageSeoTable {
  userId: number;
  document: string;
  noindex: number;
  updatedAt: string;
}

/** A look the profile showed before a save, Reset All or restore replaced it (the newest SAVED_LOOKS_KEPT). */
export interface SavedLooksTable {
  id: Generated<number>;
  userId: number;
  /** The customization document as JSON text, as it was saved. */
  document: string;
  /** When this look was saved. */
  savedAt: string;
  /** When another look replaced it. */
  replacedAt: string;
}

/** What the daily check of a link's address last found (issue 31's broken-link alerts). */
export interface LinkChecksTable {
  linkId: number;
  /** The address these findings are about; a link whose address changed since is checked again, from nothing. */
  url: string;
  /** When the link is next due (a day after its last check; the first one spread over the day). */
  nextCheckAt: string;
  /** A check under way is one instance's until then. */
  leaseUntil: string | null;
  checkedAt: string | null;
  /** Checks in a row that failed; two or more and the link looks broken. */
  failures: number;
  /** When the current run of failures began. */
  failingSince: string | null;
  /** Why the last check failed (LinkCheckReason). */
  reason: LinkCheckReason | null;
  /** The status the last failing answer had, when there was one. */
  httpStatus: number | null;
}

/** An address given to a creator's sign-up form (issue 31). */
export interface SubscribersTable {
  id: Generated<number>;
  userId: number;
  /** Trimmed and lowercased: the same address twice is one entry. */
  email: string;
  status: SubscriberStatus;
  /** The consent line the visitor agreed to, as it read then. */
  consent: string;
  /** sha256 of the token in the visitor's links (confirm, unsubscribe); the token itself is never stored. */
  tokenHash: string;
  /** A pending address not confirmed by then is removed. */
  confirmBefore: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

/** A personal API token (issue 32): only its sha256 is kept. */
export interface ApiTokensTable {
  id: Generated<number>;
  userId: number;
  name: string;
  tokenHash: string;
  /** TOKEN_SCOPES granted, comma-separated. */
  scopes: string;
  /** The pages it may act on (issue 53), ids joined by commas; '': its account's own page only. */
  pageIds: Generated<string>;
  createdAt: string;
  /** The last request it made, to the minute; null: never used. */
  lastUsedAt: string | null;
  /** When it stops working; null: until revoked. */
  expiresAt: string | null;
}

/** An authenticator app (issue 29): its secret sealed with the site's key; unconfirmed until a first code is given. */
export interface TotpFactorsTable {
  userId: number;
  /** SecretBox-sealed base32 secret. */
  secret: string;
  /** null while being set up: sign-in does not ask for it yet. */
  confirmedAt: string | null;
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  lastUsedStep: number;
  createdAt: string;
}

/** A single-use recovery code: its sha256 only. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

/** The half-signed-in state between the password and the second factor: a short-lived challenge, not a session. */
export interface SignInChallengesTable {
  id: Generated<number>;
  userId: number;
  /** sha256 of the token in the browser's challenge cookie. */
  tokenHash: string;
  /** Wrong codes given for it: past the bound it ends. */
  attempts: number;
  expiresAt: string;
  createdAt: string;
}

/** A passkey (issue 29): the credential's id and public key, base64url; nothing secret. */
export interface PasskeysTable {
  id: Generated<number>;
  userId: number;
  credentialId: string;
  publicKey: string;
  /** The authenticator's signature counter (PostgreSQL answers a bigint as text). */
  counter: ColumnType<number | string, number, number>;
  /** How the browser can reach it ('internal', 'hybrid', 'usb'…), comma-separated. */
  transports: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A WebAuthn ceremony's challenge, bound to the browser that asked (the sha256 of its cookie's token). */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  tokenHash: string;
  challenge: string;
  purpose: 'register' | 'sign-in' | 'second-factor';
  /** Registering: the account; a second factor: the half-signed-in account; signing in: null (the passkey names it). */
  userId: number | null;
  expiresAt: string;
  createdAt: string;
}

/** A single sign-on provider's person (its `sub`), linked to one account (issue 29). */
export interface SsoIdentitiesTable {
  id: Generated<number>;
  userId: number;
  /** The provider's id in OIDC_PROVIDERS. */
  provider: string;
  subject: string;
  /** The verified address the provider gave at the last sign-in, shown in Account. */
  email: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * A single sign-on under way, bound to the browser that started it (the sha256 of its cookie's token):
 * the checks the provider's answer must pass, then, for a person with no account yet, who they are
 * until they choose a username or sign in to the account to link.
 */
export interface SsoSignInsTable {
  id: Generated<number>;
  tokenHash: string;
  provider: string;
  state: string;
  nonce: string;
  /** The PKCE verifier, sealed with the site's key: it is sent back to the provider, so it cannot be a hash. */
  sealedVerifier: string;
  /** Started from Account: the account the provider's person is linked to. */
  linkUserId: number | null;
  /** Where to go once signed in (a path on this site). */
  nextPath: string | null;
  /** Filled once the provider answered, for a person with no account yet. */
  subject: string | null;
  email: string | null;
  name: string | null;
  expiresAt: string;
  createdAt: string;
}

/** A purchase through Stripe Checkout (issue 33), from its session (pending) to paid or refunded. */
export interface PurchasesTable {
  id: Generated<number>;
  /** null once the account is deleted: the purchase stays, as the site's record of money taken. */
  userId: number | null;
  username: string;
  item: PurchaseItem;
  /** For a plan: the plan the account had when it paid (a refund returns it there). */
  fromPlan: Plan | null;
  /** In the currency's smallest unit, as the server computed it. */
  amount: number;
  currency: string;
  status: PurchaseStatus;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

/** An account's custom domain (issue 33 §3), proved by a TXT record holding its token. */
export interface CustomDomainsTable {
  id: Generated<number>;
  userId: number;
  domain: string;
  token: string;
  createdAt: string;
  verifiedAt: string | null;
  checkedAt: string | null;
  /** Set when a daily re-check no longer found the record; cleared when it is found again. */
  lostAt: string | null;
  lastError: string | null;
}

/** Stripe webhook events already handled, by their id: a replayed event changes nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: string;
}

/** Recent Activity: what happened to a profile (ACTIVITY_KINDS). */
export interface ActivityTable {
  id: Generated<number>;
  userId: number;
  kind: ActivityKind;
  /** What it concerns: a link's title, the new username; '' when nothing more is needed. */
  subject: string;
  /** The person who made the change (issue 53: a page's team), or null: the page's owner before teams, or the site itself. */
  actorId: Generated<number | null>;
  createdAt: string;
}

/** What a member may do on a page they do not own (issue 53). */
export type PageRole = 'editor' | 'analyst';

/** A person let into a page by its owner (the owner is the page's own account, or its owner_id: never a row here). */
export interface PageMembersTable {
  pageId: number;
  accountId: number;
  role: PageRole;
  /** 1: the member asked for the page's summary by mail. */
  weeklySummary: Generated<number>;
  createdAt: string;
}

/**
 * An invitation to a page's team, not yet accepted: bound to an address, used once, valid 7 days; or, with role
 * 'owner', the owner's offer of the page to one of its members (`offeredTo`), which moves it once they accept.
 */
export interface PageInvitationsTable {
  id: Generated<number>;
  pageId: number;
  /** The invited address, lower-cased: only an account that confirmed it (or confirms it by accepting) may accept; '' for an offer. */
  email: string;
  role: PageRole | 'owner';
  offeredTo: number | null;
  /** sha256 of the mailed link's token. */
  tokenHash: string;
  invitedBy: number;
  createdAt: string;
  expiresAt: string;
}

export interface Database {
  activity: ActivityTable;
  pageMembers: PageMembersTable;
  pageInvitations: PageInvitationsTable;
  customizations: CustomizationsTable;
  pageSeo: PageSeoTable;
  savedLooks: SavedLooksTable;
  linkChecks: LinkChecksTable;
  subscribers: SubscribersTable;
  apiTokens: ApiTokensTable;
  totpFactors: TotpFactorsTable;
  recoveryCodes: RecoveryCodesTable;
  signInChallenges: SignInChallengesTable;
  passkeys: PasskeysTable;
  webauthnChallenges: WebauthnChallengesTable;
  ssoIdentities: SsoIdentitiesTable;
  ssoSignIns: SsoSignInsTable;
  purchases: PurchasesTable;
  stripeEvents: StripeEventsTable;
  customDomains: CustomDomainsTable;
  media: MediaTable;
  links: LinksTable;
  linkArchive: LinkArchiveTable;
  events: EventsTable;
  analyticsSalts: AnalyticsSaltsTable;
  visitorWindows: VisitorWindowsTable;
  analyticsDaily: AnalyticsDailyTable;
  users: UsersTable;
  sessions: SessionsTable;
  passwordResetTokens: PasswordResetTokensTable;
  emailConfirmations: EmailConfirmationsTable;
  mailOutbox: MailOutboxTable;
  heldUsernames: HeldUsernamesTable;
  reservedUsernames: ReservedUsernamesTable;
  usernameHistory: UsernameHistoryTable;
  adminLogs: AdminLogsTable;
  siteSettings: SiteSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type MediaRow = Selectable<MediaTable>;
export type AdminLogRow = Selectable<AdminLogsTable>;
export type AnalyticsDailyRow = Selectable<AnalyticsDailyTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
