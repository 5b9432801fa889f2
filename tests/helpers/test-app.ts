import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { type AppConfig, DEFAULT_AUTH_RATE_LIMIT, DEFAULT_UPLOAD_RATE_LIMIT, loadConfig } from '#server/config.ts';

export const DIALECT = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';

const UNLIMITED = { max: 100_000, timeWindowMs: 60_000 };

export interface TestAppOptions {
  /** Real auth rate limits instead of the generous ones tests use. */
  realRateLimits?: boolean;
  webRoot?: string;
  config?: Partial<AppConfig>;
  /** Environment variables as a site would set them, over the tests' own (read by loadConfig). */
  environment?: Record<string, string>;
  /** Reuse another test app's database (a second instance, or a restart). */
  shareDatabaseWith?: TestApp;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A real app on a real, fresh database: a temporary SQLite file, or a new
 * PostgreSQL schema dropped afterwards when TEST_DIALECT is postgres.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.shareDatabaseWith?.config;
  const dataDir = shared?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'linkverse-test-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (DIALECT === 'postgres' && !postgresUrl) throw new Error('TEST_DATABASE_URL is required for the postgres suite');
  const schema = shared?.databaseSchema ?? (DIALECT === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined);
  // The server's own configuration, from the environment a test site would set: a new setting is written once.
  const environment = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: DIALECT === 'postgres' ? postgresUrl : undefined,
    DATABASE_SCHEMA: schema,
    // Each test database gets its own Redis keys, so runs and files never share counters.
    REDIS_PREFIX: shared?.redisPrefix ?? `test-${randomBytes(6).toString('hex')}:`,
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    // Tests never reach the outside: a test that needs presence starts its own Lanyard-compatible server.
    DISCORD_PRESENCE_API: 'http://127.0.0.1:9/v1',
    DISCORD_CDN: 'http://127.0.0.1:9',
    // Tests never check links unless they say so (tests/api/link-checks.test.ts, with servers of its own).
    LINK_CHECKS: 'false',
    // Nor ask embed providers (tests/api/embeds.test.ts stands in for them).
    EMBED_PREVIEWS: 'false',
    // Nor Linktree: an import from there reaches nothing (tests/api/page-import-sources.test.ts stands in for it).
    LINKTREE_ORIGIN: 'http://127.0.0.1:9',
    ...options.environment,
  });
  const config: AppConfig = {
    ...environment,
    webRoot: options.webRoot,
    authRateLimit: options.realRateLimits
      ? DEFAULT_AUTH_RATE_LIMIT
      : { loginPerIp: UNLIMITED, loginPerUsername: UNLIMITED, registerPerIp: UNLIMITED },
    uploadRateLimit: options.realRateLimits ? DEFAULT_UPLOAD_RATE_LIMIT : { perUser: UNLIMITED, perIp: UNLIMITED },
    subscribeRateLimit: options.realRateLimits ? undefined : { perVisitor: UNLIMITED, perAddress: UNLIMITED },
    publicApiRateLimit: options.realRateLimits ? undefined : UNLIMITED,
    apiTokenRateLimit: options.realRateLimits ? undefined : UNLIMITED,
    ...options.config,
  };
  const app = await buildApp(config);
  const owner = !options.shareDatabaseWith;
  return {
    app,
    config,
    async close() {
      await app.close();
      if (!owner) return;
      if (schema && postgresUrl) await dropSchema(postgresUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
