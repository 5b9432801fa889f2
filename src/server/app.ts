import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { APP_ROUTE_NAMES } from '#shared/reserved-names.ts';
import { registerAdminRoutes } from './admin/admin.routes.ts';
import { EventRecorder } from './analytics/event-recorder.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerSessions } from './auth/sessions.ts';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, type Db, migrateToLatest, nowIso, openDatabase } from './db/database.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerLinkRoutes } from './links/links.routes.ts';
import { registerMediaRoutes } from './media/media.routes.ts';
import { type FastPath, registerPublicPageRoutes } from './public-page/public-page.routes.ts';
import { type ChangeBus, createChangeBus } from './site/change-bus.ts';
import { registerMaintenanceGate } from './site/maintenance-gate.ts';
import { SiteSettingsCache } from './site/site-settings-cache.ts';
import { registerHealthRoutes } from './site/health.routes.ts';
import { registerWebApp } from './site/web-app.ts';
import { registerLimitRoutes } from './users/limits.routes.ts';
import { seedReservedRouteNames } from './users/users.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DatabaseHandle['dialect'];
    events: EventRecorder;
    changes: ChangeBus;
  }
}

/** Build the whole app without listening (STYLE.md habit 6): main.ts listens, tests inject. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  // Cached public pages and redirects are answered before Fastify routing (see FastPath).
  const fast: { path?: FastPath } = {};
  const app = Fastify({
    serverFactory: (handler) =>
      http.createServer((request, response) => {
        if (fast.path?.(request, response)) return;
        handler(request, response);
      }),
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A hop count is valid for Fastify (proxy-addr) though its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const changes = createChangeBus(redis, `${config.redisPrefix}changes`);
  const events = new EventRecorder(database.insertEvents, config.sessionSecret, app.log);
  events.start();
  app.addHook('onClose', async () => {
    await events.stop();
    await changes.close();
    await database.close();
    redis?.disconnect();
  });

  await migrateToLatest(database, config.databaseSchema);
  await changes.ready;
  await seedReservedRouteNames(database.db, APP_ROUTE_NAMES, nowIso());
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('events', events);
  app.decorate('changes', changes);

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and React set inline styles; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Headers for browsers no one uses any more (IE's download options, Flash's
    // policy files, the retired XSS auditor): bytes on every page for nothing.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:` } : {}),
  });

  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, database.db);
  const siteSettings = new SiteSettingsCache(database.db, changes, app.log);
  registerMaintenanceGate(app, siteSettings);
  registerHealthRoutes(app, database.db);
  registerAuthRoutes(app, database.db, config);
  registerLinkRoutes(app, database.db, config, changes);
  registerLimitRoutes(app, database.db, config);
  registerAdminRoutes(app, database.db, changes, siteSettings);
  registerMediaRoutes(app, database.db, config, changes);
  fast.path = registerPublicPageRoutes(app, database.db, config, changes, events, () => !siteSettings.current().maintenanceMode).fastPath;
  await registerWebApp(app, config.webRoot);

  return app;
}
