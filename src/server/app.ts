import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import http from 'node:http';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_ROUTE_NAMES } from '#shared/reserved-names.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { accountPlugin } from './account/account.plugin.ts';
import { siteFeaturesOf } from './account/account.routes.ts';
import { activityPlugin } from './activity/activity.plugin.ts';
import { adminPlugin } from './admin/admin.plugin.ts';
import { analyticsPlugin } from './analytics/analytics.plugin.ts';
import type { EventRecorder } from './analytics/event-recorder.ts';
import { createApiTokenAuth } from './auth/api-tokens.ts';
import { authPlugin } from './auth/auth.plugin.ts';
import { createSignInLimits } from './auth/auth.routes.ts';
import { registerSessions } from './users/sessions.ts';
import { clickRedirectPlugin } from './click-redirect/click-redirect.plugin.ts';
import type { AppConfig } from './config.ts';
import { customDomainsPlugin } from './custom-domains/custom-domains.plugin.ts';
import { startTlsAsk } from './custom-domains/custom-domains.routes.ts';
import type { CustomDomains } from './custom-domains/custom-domains.service.ts';
import { customizationPlugin } from './customization/customization.plugin.ts';
import { seoPlugin } from './seo/seo.plugin.ts';
import { type DatabaseHandle, type Db, migrateToLatest, nowIso } from './db/database.ts';
import { discordPlugin } from './discord/discord.plugin.ts';
import type { ChangeBus } from './http/change-bus.ts';
import { createClientAddress } from './http/client-address.ts';
import { frameworkErrorHandlers, registerErrorHandler, validatorCompiler } from './http/errors.ts';
import { registerHealthRoutes } from './http/health.routes.ts';
import { registerLingeringClose } from './http/lingering-close.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerRouteList } from './http/route-list.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { linkChecksPlugin } from './link-checks/link-checks.plugin.ts';
import type { LinkChecker } from './link-checks/link-checks.service.ts';
import { linksPlugin } from './links/links.plugin.ts';
import { createLogger } from './logging.ts';
import type { MediaProcessor } from './media/media-processor.ts';
import type { MailOutbox } from './mail/mail-outbox.ts';
import { mailPlugin } from './mail/mail.plugin.ts';
import { mediaPlugin } from './media/media.plugin.ts';
import { registerMetrics } from './operations/metrics.ts';
import { pagesPlugin } from './pages/pages.plugin.ts';
import { pageTransferPlugin } from './page-transfer/page-transfer.plugin.ts';
import { plansPlugin } from './plans/plans.plugin.ts';
import { profilePlugin } from './profile/profile.plugin.ts';
import { type FastPathStats, createFastPath } from './public-page/fast-path.ts';
import type { PageCache } from './http/page-cache.ts';
import { publicPagePlugin } from './public-page/public-page.plugin.ts';
import { purchasesPlugin } from './purchases/purchases.plugin.ts';
import { type FeaturePlugin, type Services, createServices } from './services.ts';
import { sharePlugin } from './share/share.plugin.ts';
import { sitePlugin } from './site/site.plugin.ts';
import { registerMaintenanceGate } from './site-settings/maintenance-gate.ts';
import { siteSettingsPlugin } from './site-settings/site-settings.plugin.ts';
import { subscribersPlugin } from './subscribers/subscribers.plugin.ts';
import { seedReservedRouteNames } from './users/users.repository.ts';
import { messagesIn } from './i18n/translators.ts';

/**
 * Every feature, in the order its routes are registered. Each is one function
 * of (scope, services) in its own folder; the site's catch-all pages come last.
 */
const FEATURES: readonly FeaturePlugin[] = [
  // In the order the account export's README lists their files.
  accountPlugin,
  profilePlugin,
  pagesPlugin,
  linksPlugin,
  customizationPlugin,
  seoPlugin,
  mediaPlugin,
  analyticsPlugin,
  activityPlugin,
  subscribersPlugin,
  authPlugin,
  purchasesPlugin,
  customDomainsPlugin,
  pageTransferPlugin,
  siteSettingsPlugin,
  adminPlugin,
  mailPlugin,
  plansPlugin,
  sharePlugin,
  linkChecksPlugin,
  discordPlugin,
  publicPagePlugin,
  clickRedirectPlugin,
  sitePlugin,
];

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
    /** Mail waiting to go out (tests wait for it to drain). */
    mailOutbox: MailOutbox;
    /** The media worker: what user input costs to decode or draw runs there (tests read its counts). */
    media: MediaProcessor;
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

/** Build the whole app without listening (STYLE.md habit 6): main.ts listens, tests inject. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const log = createLogger(config);
  const shared = createServices(config, log);
  const { db, changes, cache, events, securityHeaders } = shared;
  const fastPath = createFastPath({
    publicUrl: config.publicUrl,
    isSiteHost: shared.isSiteHost,
    cache,
    responder: shared.responder,
    recorder: events,
    client: createClientAddress(config.trustProxy),
    isSiteOpen: shared.isSiteOpen,
    stats: shared.fastPathStats,
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
  registerRouteList(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => {
    await tlsAsk?.close();
    await shared.close();
  });

  await migrateToLatest(shared.database, config.databaseSchema);
  await changes.ready;
  await seedReservedRouteNames(db, APP_ROUTE_NAMES, nowIso());
  app.decorate('db', db);
  app.decorate('dialect', shared.database.dialect);
  app.decorate('events', events);
  app.decorate('changes', changes);
  app.decorate('fastPathStats', shared.fastPathStats);
  app.decorate('pageCache', cache);
  app.decorate('mailOutbox', shared.outbox);
  app.decorate('media', shared.media);
  app.decorate('accountJobs', shared.accountJobs);
  app.decorate('linkChecker', shared.linkChecker);
  app.decorate('customDomains', shared.customDomains);
  const tlsAsk =
    shared.customDomains && config.customDomains?.askPort !== undefined
      ? await startTlsAsk(config.customDomains.askPort, shared.customDomains, log)
      : undefined;
  app.decorate('tlsAsk', tlsAsk && { port: tlsAsk.port });

  // The platform: errors, logs, the API document, cookies, headers, uploads, rate limits; then who is asking, and whether the site is open.
  registerErrorHandler(app, messagesIn);
  registerLingeringClose(app);
  registerRequestLog(app, config);
  await registerOpenApi(app, packageJson.version);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, securityHeaders);
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(shared.redis ? { redis: shared.redis, nameSpace: `${config.redisPrefix}rate-limit:` } : {}),
  });
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, db, createApiTokenAuth(app, db, config));
  // Closed for coming-soon, a creator's page still says so in its language (issue 54).
  registerMaintenanceGate(app, shared.siteSettings, async (segment) => (await shared.publicProfileNamed(db, segment))?.pageLanguage);
  registerHealthRoutes(app, db, shared.redis);
  registerMetrics(app, { token: config.metricsToken, recorder: events, cache, fastPath: shared.fastPathStats, media: shared.media });

  const services: Services = {
    ...shared,
    signInLimits: createSignInLimits(app, config),
    siteFeatures: siteFeaturesOf(config, shared.sso.providers()),
  };
  for (const feature of FEATURES) await feature(app, services);
  services.start();
  return app;
}
