import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import http from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { DAY_MS, SITE_NAME } from '#shared/constants.ts';
import { APP_ROUTE_NAMES } from '#shared/reserved-names.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { registerAdminRoutes } from './admin/admin.routes.ts';
import { pruneActivity } from './activity/activity.repository.ts';
import { registerActivityRoutes } from './activity/activity.routes.ts';
import { dailySaltOf, pruneAnalytics } from './analytics/analytics-store.ts';
import { registerAnalyticsRoutes } from './analytics/analytics.routes.ts';
import { viewRecordsOf } from './analytics/analytics.service.ts';
import { EventRecorder } from './analytics/event-recorder.ts';
import { createEventWriter } from './analytics/event-writer.ts';
import { createSignInLimits, registerAuthRoutes } from './auth/auth.routes.ts';
import { registerShareRoutes } from './share/share.routes.ts';
import { registerAccountRoutes, registerPasswordResetRoutes, registerSiteFeatureRoutes, siteFeaturesOf } from './account/account.routes.ts';
import { AccountMail } from './account/account-mail.service.ts';
import { purgeDeletedAccounts } from './account/account-deletion.service.ts';
import { deleteOldEmailConfirmations } from './account/email-confirmations.repository.ts';
import { deleteOldResetTokens } from './account/password-reset.repository.ts';
import { queueWeeklySummaries } from './account/weekly-summary.ts';
import { MailOutbox, smtpSender } from './mail/mail-outbox.ts';
import { pruneOutbox } from './mail/mail-outbox.repository.ts';
import { guardedRoutes } from './auth/guards.ts';
import { registerSessions } from './auth/sessions.ts';
import { createApiTokenAuth } from './auth/api-tokens.ts';
import { registerApiTokenRoutes } from './auth/api-tokens.routes.ts';
import { loadSecretBox } from './auth/secret-box.ts';
import { registerPasskeyRoutes, registerPasskeySignIn } from './auth/passkeys.routes.ts';
import { createSingleSignOn } from './auth/single-sign-on.ts';
import { registerSingleSignOnRoutes, registerSingleSignOnSignIn } from './auth/single-sign-on.routes.ts';
import { type SignInChangeNotice, adminSecondFactorGate } from './auth/two-factor.ts';
import { registerSecondFactorSignIn, registerTwoFactorRoutes } from './auth/two-factor.routes.ts';
import { registerClickRedirectRoutes } from './click-redirect/click-redirect.routes.ts';
import { registerCustomizationRoutes } from './customization/customization.routes.ts';
import { DiscordPresenceClient } from './discord/discord-presence.ts';
import { registerDiscordRoutes } from './discord/discord.routes.ts';
import { referencedUploads } from './customization/customization.service.ts';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, type Db, migrateToLatest, nowIso, openDatabase } from './db/database.ts';
import { type ChangeBus, createChangeBus } from './http/change-bus.ts';
import { createClientAddress } from './http/client-address.ts';
import { frameworkErrorHandlers, registerErrorHandler, validatorCompiler } from './http/errors.ts';
import { registerHealthRoutes } from './http/health.routes.ts';
import { registerLingeringClose } from './http/lingering-close.ts';
import { registerMetrics } from './operations/metrics.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerRequestLog } from './http/request-log.ts';
import { HELMET_OPTIONS, computeSecurityHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './site/web-app.ts';
import { registerSiteIndexRoutes } from './site/site-index.routes.ts';
import { registerLinkEditRoutes, registerLinkRoutes } from './links/links.routes.ts';
import { EmbedPreviews } from './links/embed-previews.ts';
import { MediaProcessor } from './media/media-processor.ts';
import { registerMediaFileRoutes, registerUploadRoutes } from './media/media.routes.ts';
import { LinkChecker } from './link-checks/link-checks.service.ts';
import { registerLinkCheckRoutes } from './link-checks/link-checks.routes.ts';
import { registerSubscribeRoutes, registerSubscriberRoutes } from './subscribers/subscribers.routes.ts';
import { deleteUnconfirmedPending } from './subscribers/subscribers.repository.ts';
import { registerPageFileSchemaRoute, registerPageTransferRoutes } from './page-transfer/page-transfer.routes.ts';
import { registerPlanRoutes } from './plans/plans.routes.ts';
import { registerAdminPurchaseRoutes, registerPurchaseRoutes, registerStripeWebhook } from './purchases/purchases.routes.ts';
import { createPayments } from './purchases/purchases.service.ts';
import { type CustomDomains, createCustomDomains } from './custom-domains/custom-domains.service.ts';
import { registerCustomDomainRoutes, startTlsAsk } from './custom-domains/custom-domains.routes.ts';
import { siteHostTest } from './custom-domains/site-host.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { type FastPathStats, createFastPath, createFastPathStats } from './public-page/fast-path.ts';
import { PageCache } from './public-page/page-cache.ts';
import { loadWhenUsed } from './load-when-used.ts';
import { standardOutput } from './log-destination.ts';
import { MEMORY_BOUNDS } from './memory-bounds.ts';
import { registerProfileAssetRoutes } from './public-page/profile-assets.ts';
import { registerPublicPageRoutes } from './public-page/public-page.routes.ts';
import { PublicPageResponder } from './public-page/responder.ts';
import { registerMaintenanceGate } from './site-settings/maintenance-gate.ts';
import { SiteSettingsCache } from './site-settings/site-settings.cache.ts';
import { registerSiteSettingsAdminRoutes, registerSiteSettingsRoutes } from './site-settings/site-settings.routes.ts';
import { seedReservedRouteNames } from './users/users.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DatabaseHandle['dialect'];
    events: EventRecorder;
    changes: ChangeBus;
    /** What the public-page fast path answered before routing. */
    fastPathStats: FastPathStats;
    /** The rendered pages and redirect targets in memory. */
    pageCache: PageCache;
    /** Every route as registered, prefix included (the guard and fuzz tests walk them). */
    routeList: ReadonlyArray<{ method: string; url: string }>;
    /** Mail waiting to go out (tests wait for it to drain). */
    mailOutbox: MailOutbox;
    /** The hourly account jobs, run by the server's own scheduler: purging deleted accounts, weekly summaries (tests run them with a clock). */
    accountJobs: { run(now?: number): Promise<void> };
    /** The daily checks of links' addresses (tests run them with a clock). */
    linkChecker: LinkChecker;
    /** Custom domains (with PUBLIC_URL); tests run the daily re-check with a clock. */
    customDomains: CustomDomains | undefined;
    /** Where Caddy's on-demand TLS asks (TLS_ASK_PORT), once listening. */
    tlsAsk: { port: number } | undefined;
  }
}

/** pino, as LOG_FORMAT asks: one readable line per entry, or JSON lines for collectors. */
function createLogger(config: AppConfig): FastifyBaseLogger {
  if (config.logLevel === 'silent') return pino({ level: 'silent' });
  if (config.logFormat === 'json') return pino({ level: config.logLevel }, standardOutput());
  const { prettyFactory } = loadWhenUsed('pino-pretty') as typeof import('pino-pretty');
  const pretty = prettyFactory({
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  return pino({ level: config.logLevel }, standardOutput(pretty));
}

function connectRedis(url: string): Redis {
  const { Redis: RedisClient } = loadWhenUsed('ioredis') as typeof import('ioredis');
  return new RedisClient(url, { maxRetriesPerRequest: 2, lazyConnect: false });
}

/** Build the whole app without listening (STYLE.md habit 6): main.ts listens, tests inject. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const log = createLogger(config);
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
  const expiredPages = setInterval(() => cache.dropExpired(Date.now()), 60_000);
  expiredPages.unref();
  const outbox = new MailOutbox(db, config.mail ? smtpSender(config.mail.smtpUrl, config.mail.from) : undefined, log);
  const accountMail = new AccountMail(db, outbox, config.mail?.origin ?? '');
  // Every hour: accounts past their deletion grace period go (and their pages from every cache), and Monday's weekly summaries.
  const accountJobs = {
    async run(now = Date.now()) {
      for (const purged of await purgeDeletedAccounts(db, now)) changes.publish({ topic: 'profile', userId: purged.id });
      if (config.mail) await queueWeeklySummaries(db, outbox, { origin: config.mail.origin, linkChecks: config.linkChecks.enabled }, now);
    },
  };
  // Past days' salts, rotated visitor windows, raw events past the retention, spent links and sent mail go every hour.
  const prune = async () => {
    try {
      const now = Date.now();
      await pruneAnalytics(db, now, config.analyticsRetentionDays);
      await pruneActivity(db, new Date(now - config.analyticsRetentionDays * DAY_MS).toISOString());
      await deleteOldResetTokens(db, new Date(now - DAY_MS).toISOString());
      await deleteOldEmailConfirmations(db, new Date(now - DAY_MS).toISOString());
      await pruneOutbox(db, new Date(now - 30 * DAY_MS).toISOString());
      await deleteUnconfirmedPending(db, new Date(now).toISOString());
    } catch (error) {
      log.error({ err: error }, 'pruning analytics failed');
    }
    try {
      await customDomains?.recheck();
    } catch (error) {
      log.error({ err: error }, 'the custom domains re-check failed');
    }
    try {
      await accountJobs.run();
    } catch (error) {
      log.error({ err: error }, 'the hourly account jobs failed');
    }
  };
  const pruning = setInterval(() => void prune(), 3600_000);
  pruning.unref();
  const firstPrune = setTimeout(() => void prune(), 60_000);
  firstPrune.unref();
  // Names the site (its PUBLIC_URL) to the servers it asks, as crawlers do, so that their owners know who asked.
  const userAgentFor = (purpose: string) =>
    `Mozilla/5.0 (compatible; ${SITE_NAME}-${purpose}/1.0${config.publicUrl ? `; +${config.publicUrl}` : ''})`;
  const linkChecker = new LinkChecker(db, log, { ...config.linkChecks, userAgent: userAgentFor('LinkCheck') });
  // Every image decode runs in the media worker process, one at a time, with a time limit.
  const media = new MediaProcessor({ log });
  const embedPreviews = new EmbedPreviews({
    ...config.embedPreviews,
    timeoutMs: config.embedPreviews.timeoutMs ?? 3000,
    userAgent: userAgentFor('Embeds'),
  });
  // Secrets a sign-in needs back (authenticator apps'), sealed with a key kept outside the database.
  const notifySignInChange: SignInChangeNotice = (user, change) => accountMail.signInChanged(user, change);
  const twoFactor = { db, box: loadSecretBox(config.secretKey, config.dataDir), clock: config.clock, notify: notifySignInChange };
  const customDomains =
    config.customDomains &&
    createCustomDomains(db, { ...config.customDomains, baseDomain: config.baseDomain, planLimits: config.planLimits }, changes, log);
  const payments = config.payments && createPayments(db, config.payments, config.prices, config.planLimits, changes);
  const sso = createSingleSignOn({
    db,
    box: twoFactor.box,
    providers: config.ssoProviders,
    publicUrl: config.publicUrl,
    notify: notifySignInChange,
  });
  const securityHeaders = computeSecurityHeaders(HELMET_OPTIONS);
  const responder = new PublicPageResponder(securityHeaders);
  const isSiteOpen = () => !siteSettings.current().maintenanceMode;
  const fastPathStats = createFastPathStats();
  const fastPath = createFastPath({
    publicUrl: config.publicUrl,
    isSiteHost: config.customDomains && siteHostTest(config.customDomains.siteHost, config.baseDomain),
    cache,
    responder,
    recorder: events,
    client: createClientAddress(config.trustProxy),
    isSiteOpen,
    stats: fastPathStats,
    accessLog: config.accessLog
      ? (request, status) => log.info({ method: request.method, url: request.url, status }, 'request')
      : undefined,
  });

  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (!fastPath(request, response)) handler(request, response);
      });
      // A server made here does not get Fastify's own timeouts; these are they, named. Idle keep-alive
      // connections stay open longer than proxies keep theirs (60 s is common), so that a proxy never
      // sends a request on a connection this server has just closed; a request must arrive whole within
      // two minutes (a 10 MB upload on a slow phone fits), so that slow senders cannot hold connections open.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 120_000;
      return server;
    },
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count is valid for Fastify (proxy-addr) though its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ...frameworkErrorHandlers(securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();
  const routeList: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  app.decorate('routeList', routeList);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  events.start();
  app.addHook('onClose', async () => {
    clearInterval(expiredPages);
    await tlsAsk?.close();
    clearInterval(pruning);
    clearTimeout(firstPrune);
    await outbox.stop();
    await linkChecker.stop();
    await media.close();
    await events.stop();
    await eventWriter.close();
    await changes.close();
    await database.close();
    redis?.disconnect();
  });

  await migrateToLatest(database, config.databaseSchema);
  await changes.ready;
  await seedReservedRouteNames(db, APP_ROUTE_NAMES, nowIso());
  app.decorate('db', db);
  app.decorate('dialect', database.dialect);
  app.decorate('events', events);
  app.decorate('changes', changes);
  app.decorate('fastPathStats', fastPathStats);
  app.decorate('pageCache', cache);
  app.decorate('mailOutbox', outbox);
  app.decorate('accountJobs', accountJobs);
  app.decorate('linkChecker', linkChecker);
  app.decorate('customDomains', customDomains);
  const tlsAsk =
    customDomains && config.customDomains?.askPort !== undefined
      ? await startTlsAsk(config.customDomains.askPort, customDomains, log)
      : undefined;
  app.decorate('tlsAsk', tlsAsk && { port: tlsAsk.port });

  registerErrorHandler(app);
  registerLingeringClose(app);
  registerRequestLog(app, config);
  await registerOpenApi(app, packageJson.version);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, securityHeaders);
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:` } : {}),
  });

  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, db, createApiTokenAuth(app, db, config));
  registerMaintenanceGate(app, siteSettings);
  registerHealthRoutes(app, db, redis);
  registerMetrics(app, { token: config.metricsToken, recorder: events, cache, fastPath: fastPathStats, media });
  const signInLimits = createSignInLimits(app, config);
  registerAuthRoutes(app, db, signInLimits);
  registerPasswordResetRoutes(app, db, signInLimits, accountMail);
  registerSecondFactorSignIn(app, twoFactor, signInLimits);
  registerPasskeySignIn(app, db, config.publicUrl, signInLimits);
  registerSingleSignOnSignIn(app, sso, signInLimits);
  const siteFeatures = siteFeaturesOf(config, sso.providers());
  registerSiteFeatureRoutes(app, db, siteFeatures);
  registerLinkRoutes(app, db);
  registerSiteSettingsRoutes(app, siteSettings);
  registerMediaFileRoutes(app, db);
  registerPageFileSchemaRoute(app, config);
  await registerStripeWebhook(app, payments);
  // Every route under these prefixes is declared in its guarded scope: none can forget its guard.
  await app.register(
    guardedRoutes('admin', (admin) => {
      if (config.requireAdmin2fa) admin.addHook('preValidation', adminSecondFactorGate(db));
      registerAdminRoutes(admin, db, changes, config.publicUrl, notifySignInChange);
      registerSiteSettingsAdminRoutes(admin, db, changes);
      registerAdminPurchaseRoutes(admin, db);
    }),
    { prefix: '/api/admin' },
  );
  await app.register(
    guardedRoutes('signed-in', (me) => {
      registerPlanRoutes(me, db, config, referencedUploads);
      registerPurchaseRoutes(me, db, config, payments);
      registerCustomDomainRoutes(me, config, customDomains);
      registerAccountRoutes(me, { db, config, limits: signInLimits, accountMail, bus: changes });
      registerProfileRoutes(me, db, changes, (before, after) => accountMail.emailChanged(before, after));
      registerAnalyticsRoutes(me, db, config);
      registerActivityRoutes(me, db, viewRecordsOf);
      registerCustomizationRoutes(me, db, changes, config.planLimits);
      registerShareRoutes(me, db, config, media);
      registerLinkCheckRoutes(me, db, linkChecker.enabled);
      registerSubscriberRoutes(me, db, outbox);
      registerApiTokenRoutes(me, db);
      registerTwoFactorRoutes(me, twoFactor, signInLimits);
      registerPasskeyRoutes(me, db, config.publicUrl, notifySignInChange, sso);
      registerSingleSignOnRoutes(me, sso, signInLimits);
      registerPageTransferRoutes(me, { db, config, bus: changes, media, userAgent: userAgentFor('Import') });
    }),
    { prefix: '/api/me' },
  );
  await app.register(
    guardedRoutes('signed-in', (links) => registerLinkEditRoutes(links, db, config, changes, { previews: embedPreviews, media, config })),
    { prefix: '/api/links' },
  );
  await app.register(
    guardedRoutes('signed-in', (uploads) =>
      registerUploadRoutes(uploads, { db, config, bus: changes, media, referenced: referencedUploads }),
    ),
    { prefix: '/api/media' },
  );
  registerProfileAssetRoutes(app);
  const decodeDiscordImage = async (bytes: Buffer, cdnPath: string) => (await media.process('discord', bytes, `discord:${cdnPath}`)).data;
  registerDiscordRoutes(app, db, new DiscordPresenceClient(config.discordPresenceApi, decodeDiscordImage), config.discordCdn);
  registerPublicPageRoutes(app, { db, config, cache, responder, recorder: events, media, clock, customDomains });
  await registerSubscribeRoutes(app, { db, config, outbox, limits: config.subscribeRateLimit });
  registerClickRedirectRoutes(app, { db, config, cache, responder, recorder: events, clock });
  const sitePages = await registerWebApp(app, config, { responder, isSiteOpen, siteFeatures });
  registerSiteIndexRoutes(app, db, config, sitePages);
  // Mail queued before a restart goes out now.
  outbox.start();
  linkChecker.start();

  return app;
}
