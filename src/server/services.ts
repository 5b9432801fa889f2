import type { FastifyBaseLogger, preValidationHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { pruneLinkArchive } from './links/link-archive.service.ts';
import { DAY_MS, SITE_NAME } from '#shared/constants.ts';
import { purgeAccount, purgeDeletedAccounts } from './account/account-deletion.service.ts';
import { createResetLink } from './account/password-reset.service.ts';
import { AccountMail } from './account/account-mail.service.ts';
import { deleteOldEmailConfirmations } from './account/email-confirmations.repository.ts';
import { deleteOldResetTokens } from './account/password-reset.repository.ts';
import { type DrawReportChart, queueWeeklySummaries } from './analytics/weekly-summary.ts';
import type { ReportChartJob } from './media/report-chart-drawing.ts';
import { fontFilePathsOf } from './page-drawing/profile-assets.ts';
import { CUSTOMIZATION_DEFAULTS } from '#shared/customization.ts';
import { pruneActivity } from './journal/activity.repository.ts';
import { dailySaltOf, pruneAnalytics } from './analytics/analytics-writes.repository.ts';
import { totalViewsOfPage, viewRecordsOf } from './analytics/analytics.service.ts';
import { EventRecorder } from './analytics/event-recorder.ts';
import { createEventWriter } from './analytics/event-writer.ts';
import { loadSecretBox } from './auth/secret-box.ts';
import { SingleSignOn } from './auth/single-sign-on.ts';
import { type SignInChangeNotice, adminSecondFactorGate, removeSecondFactors } from './auth/two-factor.ts';
import type { SignInLimits } from './auth/auth.routes.ts';
import type { SiteFeatures } from '#shared/account.ts';
import { type AppConfig, DEFAULT_AUTH_RATE_LIMIT } from './config.ts';
import { CustomDomainService, type CustomDomains } from './custom-domains/custom-domains.service.ts';
import { siteHostTest } from './custom-domains/site-host.ts';
import { getCustomization, referencedUploads, setLook } from './customization/customization.service.ts';
import { type DatabaseHandle, type Db, openDatabase } from './db/database.ts';
import type { UserRow } from './db/schema.ts';
import type { App } from './http/app-types.ts';
import { type ChangeBus, createChangeBus } from './http/change-bus.ts';
import { HELMET_OPTIONS, computeSecurityHeaders } from './http/security-headers.ts';
import { LinkChecker, brokenLinkLines } from './link-checks/link-checks.service.ts';
import { EmbedPreviews } from './links/embed-previews.ts';
import { insertOwnBlock, insertOwnLink, itemCountOf, itemsOfPage, linkLimitMessageOn, removeEveryItem } from './links/links.service.ts';
import { applyProfileUpdate } from './profile/profile.service.ts';
import * as linkTargets from './links/link-targets.service.ts';
import { loadWhenUsed } from './load-when-used.ts';
import { MailOutbox, smtpSender } from './mail/mail-outbox.ts';
import { pruneOutbox } from './mail/mail-outbox.repository.ts';
import { MediaProcessor } from './media/media-processor.ts';
import { copyUpload } from './media/media.service.ts';
import { MEMORY_BOUNDS } from './memory-bounds.ts';
import { type FastPathStats, createFastPathStats } from './public-page/fast-path.ts';
import { PageCache } from './http/page-cache.ts';
import { PublicPageResponder } from './http/responder.ts';
import { publicProfileNamed } from './public-page/public-page.service.ts';
import { type Payments, StripePayments } from './purchases/purchases.service.ts';
import { SiteSettingsCache } from './site-settings/site-settings.cache.ts';
import { pagesHiddenFromSearch, seoUploads } from './seo/seo.service.ts';
import { deleteUnconfirmedPending } from './subscribers/subscribers.repository.ts';
import { deleteExpiredInvitations } from './pages/team.repository.ts';

/**
 * What the features share, made once by buildApp and handed to every
 * feature's plugin as its second argument: the database, the configuration,
 * the change bus, the page cache, the media worker, mail. A feature that needs
 * another reaches it here (its service, or a function it lends), never
 * through the other's files.
 */
/** What every part of the account export is given. */
export interface ExportContext {
  now: number;
  /** Where this site publishes the page file's JSON Schema. */
  pageSchemaUrl: string;
}

/** A file of the export: JSON, text (both compressed), or bytes stored as they are (images, already compressed). */
/** A file of the account export: data written as JSON, text, text in pieces (a page file of many MB), or bytes stored as they are. */
export type ExportFile = { json: unknown } | { text: string } | { pieces: Iterable<string> } | { stored: Uint8Array };

/**
 * A feature's files in the account export (Account → Export my data). Each
 * feature adds its own (services.exportParts) as its plugin registers; the
 * account's export asks every part and knows none of them.
 */
export interface ExportPart {
  /** Each file's name in the zip (a folder ends with /), with what the export's README says of it. */
  readonly described: ReadonlyArray<readonly [name: string, says: string]>;
  /** The person's, not a page's (their tokens, their receipts): not repeated for each further page (issue 53). */
  readonly ofAccount?: true;
  filesOf(db: Db, user: UserRow, context: ExportContext): Promise<Record<string, ExportFile>>;
}

/**
 * What the control center does to an account that other features own: a
 * password reset link and the account's purge (account), its second factors
 * (auth). Lent here, so that admin knows these and not their files (issue 50
 * §3); each runs in the transaction it is given, beside the admin log's line.
 */
export interface AccountRescue {
  resetLink: typeof createResetLink;
  purge: typeof purgeAccount;
  removeSecondFactors: typeof removeSecondFactors;
}

/**
 * What a page holds, for the features that count or draw it without owning it
 * (the public page, the plan's usage, the QR code): its look, lent by
 * customization; its items, lent by links; its views, lent by analytics.
 */
export interface PageReaders {
  /** A page's saved look, defaults filled in. */
  lookOf: typeof getCustomization;
  /** A page's items in order: the ones it shows, or all. */
  itemsOf: typeof itemsOfPage;
  /** Every view the page has had. */
  viewsOf: typeof totalViewsOfPage;
}

/**
 * What importing a page file writes, lent by the features that own each part:
 * the look (customization), the items and the plan's room for them (links), the
 * profile's settings (profile). Each runs in the transaction it is given.
 */
export interface PageWriters {
  setLook: typeof setLook;
  addLink: typeof insertOwnLink;
  addBlock: typeof insertOwnBlock;
  removeEveryItem: typeof removeEveryItem;
  itemCountOf: typeof itemCountOf;
  linkLimitMessageOn: typeof linkLimitMessageOn;
  updateProfile: typeof applyProfileUpdate;
  /** One page's upload copied for another of the account's pages (media). */
  copyUpload: typeof copyUpload;
}

/** The readers, as services.pageReaders holds them (tests and benches that draw a page without an app take them here). */
export const PAGE_READERS: PageReaders = { lookOf: getCustomization, itemsOf: itemsOfPage, viewsOf: totalViewsOfPage };

export interface Services extends SharedServices {
  /** The counters of every way in (a wrong current password counts toward the same lockout as a failed sign-in). */
  signInLimits: SignInLimits;
  /** What this site offers (mail, single sign-on, payments…), as the pages say it. */
  siteFeatures: SiteFeatures;
}

/** What is made before the app exists; buildApp adds the parts that need its rate limiter. */
interface SharedServices {
  config: AppConfig;
  log: FastifyBaseLogger;
  database: DatabaseHandle;
  db: Db;
  redis: Redis | undefined;
  /** Tells every instance what changed (pages to draw again, settings to read again). */
  changes: ChangeBus;
  /** Views and clicks, written off the request path. */
  events: EventRecorder;
  siteSettings: SiteSettingsCache;
  /** The time public pages and redirects are drawn at (tests set it). */
  clock: () => number;
  /** The rendered pages and redirect targets in memory. */
  cache: PageCache;
  securityHeaders: ReturnType<typeof computeSecurityHeaders>;
  responder: PublicPageResponder;
  fastPathStats: FastPathStats;
  isSiteOpen: () => boolean;
  /** Every image decode, in the media worker process, one at a time, with a time limit. */
  media: MediaProcessor;
  outbox: MailOutbox;
  accountMail: AccountMail;
  /** With REQUIRE_ADMIN_2FA: what keeps an admin without a second factor out of the control center (inAdminScope). */
  adminGate: preValidationHookHandler | undefined;
  /** Mail that a sign-in way was added or removed. */
  notifySignInChange: SignInChangeNotice;
  accountRescue: AccountRescue;
  /** Secrets a sign-in needs back (authenticator apps'), sealed with a key kept outside the database. */
  twoFactor: { db: Db; box: ReturnType<typeof loadSecretBox>; clock: AppConfig['clock']; notify: SignInChangeNotice };
  sso: SingleSignOn;
  payments: Payments | undefined;
  customDomains: CustomDomains | undefined;
  /** With custom domains: whether a request's Host is the site's own rather than a creator's domain (the fast path and the page's routes ask). */
  isSiteHost: ((host: string) => boolean) | undefined;
  linkChecker: LinkChecker;
  embedPreviews: EmbedPreviews;
  /** The uploads a page shows (its look's, and its share image), which media and plans must not count as loose. */
  referencedUploads: typeof referencedUploads;
  pageReaders: PageReaders;
  pageWriters: PageWriters;
  /** Where a click leads while its link or text block is shown, and whose hidden link it was (links lends them to the redirect). */
  linkTargets: typeof linkTargets;
  /** The live profile an address segment names, or undefined (the public page lends it: Discord's card, the sign-up form). */
  /** The live page at an address segment (PLAN_LIMITS applied: a further page past its plan's is offline). */
  publicProfileNamed: (db: Db, segment: string) => ReturnType<typeof publicProfileNamed>;
  /** The dashboard's recent activity derived from analytics. */
  viewRecordsOf: typeof viewRecordsOf;
  /** The pages kept out of search engines (seo lends it to the sitemap). */
  pagesHiddenFromSearch: typeof pagesHiddenFromSearch;
  /** The parts of the account export, one per feature that keeps something of the account's. */
  exportParts: ExportPart[];
  /** How this site names itself to the servers it asks (link checks, embeds, imports). */
  userAgentFor(purpose: string): string;
  /** The hourly account jobs: purging deleted accounts, weekly summaries (tests run them with a clock). */
  accountJobs: { run(now?: number): Promise<void> };
  /** Starts the background work (mail, link checks, hourly pruning); `close` stops it and closes what was opened. */
  start(): void;
  close(): Promise<void>;
}

function connectRedis(url: string): Redis {
  const { Redis: RedisClient } = loadWhenUsed('ioredis') as typeof import('ioredis');
  return new RedisClient(url, { maxRetriesPerRequest: 2, lazyConnect: false });
}

/** The hourly work: the account jobs (purges, weekly summaries), the custom domains' re-check, and pruning what is past its time. */
function hourlyJobs(
  db: Db,
  config: AppConfig,
  outbox: MailOutbox,
  changes: ChangeBus,
  customDomains: CustomDomains | undefined,
  media: MediaProcessor,
  log: FastifyBaseLogger,
): { accountJobs: SharedServices['accountJobs']; hourly: () => Promise<void> } {
  // A report's chart, drawn by the media worker with its limits; without it the report goes without a chart.
  const drawChart: DrawReportChart = async (userId, bars) => {
    const job: ReportChartJob = { bars, font: fontFilePathsOf(CUSTOMIZATION_DEFAULTS.font) };
    try {
      return (await media.process('report-chart', Buffer.from(JSON.stringify(job)), `user:${userId}`)).data;
    } catch (error) {
      log.warn({ err: error, userId }, 'the analytics report goes without its chart: drawing it failed');
      return undefined;
    }
  };
  // Every hour: accounts past their deletion grace period go (and their pages from every cache), and Monday's weekly summaries.
  const accountJobs = {
    async run(now = Date.now()) {
      for (const userId of await purgeDeletedAccounts(db, now)) changes.publish({ topic: 'profile', userId });
      const lines = config.linkChecks.enabled ? brokenLinkLines : undefined;
      await queueWeeklySummaries(
        db,
        outbox,
        { origin: config.mail.origin, brokenLinkLines: lines, planLimits: config.planLimits, drawChart },
        now,
      );
    },
  };
  // Past days' salts, rotated visitor windows, raw events past the retention, spent links and sent mail go every hour.
  const hourly = async () => {
    const jobs: Array<[string, () => Promise<unknown>]> = [
      [
        'pruning analytics failed',
        async () => {
          const now = Date.now();
          await pruneAnalytics(db, now, config.analyticsRetentionDays);
          await pruneActivity(db, new Date(now - config.analyticsRetentionDays * DAY_MS).toISOString());
          await deleteOldResetTokens(db, new Date(now - DAY_MS).toISOString());
          await deleteOldEmailConfirmations(db, new Date(now - DAY_MS).toISOString());
          await pruneOutbox(db, new Date(now - 30 * DAY_MS).toISOString(), new Date(now).toISOString());
          await deleteUnconfirmedPending(db, new Date(now).toISOString());
          await pruneLinkArchive(db, now);
          await deleteExpiredInvitations(db, new Date(now).toISOString());
        },
      ],
      ['the custom domains re-check failed', async () => customDomains?.recheck()],
      ['the hourly account jobs failed', () => accountJobs.run()],
    ];
    for (const [failure, job] of jobs) {
      try {
        await job();
      } catch (error) {
        log.error({ err: error }, failure);
      }
    }
  };
  return { accountJobs, hourly };
}

/** The uploads a page shows, which media and plans must not count as loose: its look's (customization) and its share image (seo). */
const uploadsThePageShows: typeof referencedUploads = async (db, user) => {
  const look = await referencedUploads(db, user);
  const seo = await seoUploads(db, user.id);
  return { shown: [...look.shown, ...seo], savedLooksOnly: look.savedLooksOnly.filter((url) => !seo.includes(url)) };
};

/** Opens the database and makes every shared service; nothing listens yet. */
export function createServices(config: AppConfig, log: FastifyBaseLogger): SharedServices {
  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  const db = database.db;
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const changes = createChangeBus(redis, `${config.redisPrefix}changes`);
  const eventWriter = createEventWriter(database);
  const events = new EventRecorder(eventWriter.write, (day) => dailySaltOf(db, day), log);
  const siteSettings = new SiteSettingsCache(db, changes, log);

  // One public-page pipeline: one cache, one responder, two ways in: the routes,
  // and the fast path that answers cached pages and redirects before Fastify routing.
  const clock = config.clock ?? Date.now;
  const cache = new PageCache({ bytes: config.pageCacheBytes, redirects: MEMORY_BOUNDS.redirectTargets, now: clock });
  cache.invalidateOn(changes);
  const securityHeaders = computeSecurityHeaders(HELMET_OPTIONS);

  const { mail } = config;
  const outbox = new MailOutbox(db, mail.delivery === 'smtp' ? smtpSender(mail.smtpUrl, mail.from) : undefined, log);
  const accountMail = new AccountMail(
    db,
    outbox,
    mail.origin,
    config.authRateLimit.forgotPasswordPerAccount ?? DEFAULT_AUTH_RATE_LIMIT.forgotPasswordPerAccount,
  );
  const notifySignInChange: SignInChangeNotice = (user, change) => accountMail.signInChanged(user, change);
  const twoFactor = { db, box: loadSecretBox(config.secretKey, config.dataDir), clock: config.clock, notify: notifySignInChange };
  // Names the site (its PUBLIC_URL) to the servers it asks, as crawlers do, so that their owners know who asked.
  const userAgentFor = (purpose: string) =>
    `Mozilla/5.0 (compatible; ${SITE_NAME}-${purpose}/1.0${config.publicUrl ? `; +${config.publicUrl}` : ''})`;
  const customDomains =
    config.customDomains &&
    new CustomDomainService(
      db,
      { ...config.customDomains, dnsLookups: config.outbound, baseDomain: config.baseDomain, planLimits: config.planLimits },
      changes,
      log,
    );
  const linkChecker = new LinkChecker(db, log, { ...config.linkChecks, userAgent: userAgentFor('LinkCheck') });
  const media = new MediaProcessor({ log });

  const { accountJobs, hourly } = hourlyJobs(db, config, outbox, changes, customDomains, media, log);
  const timers: NodeJS.Timeout[] = [];

  return {
    config,
    log,
    database,
    db,
    redis,
    changes,
    events,
    siteSettings,
    clock,
    cache,
    securityHeaders,
    responder: new PublicPageResponder(securityHeaders),
    fastPathStats: createFastPathStats(),
    isSiteOpen: () => !siteSettings.current().maintenanceMode,
    media,
    outbox,
    accountMail,
    notifySignInChange,
    accountRescue: { resetLink: createResetLink, purge: purgeAccount, removeSecondFactors },
    adminGate: config.requireAdmin2fa ? adminSecondFactorGate(db) : undefined,
    twoFactor,
    sso: new SingleSignOn({
      db,
      box: twoFactor.box,
      providers: config.ssoProviders,
      publicUrl: config.publicUrl,
      notify: notifySignInChange,
    }),
    payments: config.payments && new StripePayments(db, config.payments, config.prices, config.planLimits, changes),
    customDomains,
    isSiteHost: config.customDomains && siteHostTest(config.customDomains.siteHost, config.baseDomain),
    linkChecker,
    embedPreviews: new EmbedPreviews({
      ...config.embedPreviews,
      timeoutMs: config.embedPreviews.timeoutMs ?? 3000,
      userAgent: userAgentFor('Embeds'),
    }),
    referencedUploads: uploadsThePageShows,
    pageReaders: PAGE_READERS,
    pageWriters: {
      setLook,
      addLink: insertOwnLink,
      addBlock: insertOwnBlock,
      removeEveryItem,
      itemCountOf,
      linkLimitMessageOn,
      updateProfile: applyProfileUpdate,
      copyUpload,
    },
    linkTargets,
    publicProfileNamed: (db: Db, segment: string) => publicProfileNamed(db, segment, config.planLimits),
    viewRecordsOf,
    pagesHiddenFromSearch,
    exportParts: [],
    userAgentFor,
    accountJobs,
    start() {
      events.start();
      // Mail queued before a restart goes out now.
      outbox.start();
      linkChecker.start();
      timers.push(
        setInterval(() => cache.dropExpired(Date.now()), 60_000).unref(),
        setInterval(() => void hourly(), 3600_000).unref(),
        setTimeout(() => void hourly(), 60_000).unref(),
      );
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await outbox.stop();
      await linkChecker.stop();
      await media.close();
      await events.stop();
      await eventWriter.close();
      await changes.close();
      await database.close();
      redis?.disconnect();
    },
  };
}

/**
 * A feature, as buildApp registers it: its routes (in their guarded scopes
 * where they need one), given the shared services. One shape for every
 * feature (fastify/demo's plugins).
 */
export type FeaturePlugin = (scope: App, services: Services) => void | Promise<void>;
