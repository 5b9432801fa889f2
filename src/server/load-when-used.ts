import { createRequire } from 'node:module';

/**
 * Loads a package at the moment a configuration needs it. The drivers and
 * tools only some installs use (pg without DATABASE_URL, ioredis without
 * REDIS_URL, prom-client without METRICS_TOKEN, pino-pretty with JSON logs,
 * nodemailer without SMTP_URL, fflate until someone exports their data)
 * would otherwise hold their code in every process: a few MB each (issue 13).
 * Type it at the call: `loadWhenUsed('pg') as typeof import('pg')`.
 */
export const loadWhenUsed: (name: 'pg' | 'ioredis' | 'prom-client' | 'pino-pretty' | 'nodemailer' | 'fflate') => unknown = createRequire(
  import.meta.url,
);
