import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { OwnSchemaPostgresDialect } from './postgres-dialect.ts';
import { loadWhenUsed } from '../load-when-used.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './query-shortcuts.ts';
import * as initial from './migrations/2026-11-22T0100_initial.ts';
import * as linksMediaEvents from './migrations/2026-11-22T0200_links-media-events.ts';
import * as eventHits from './migrations/2026-11-22T0300_event-hits.ts';
import * as profileSettings from './migrations/2026-11-23T0100_profile-settings-customization.ts';
import * as analyticsRollups from './migrations/2026-11-23T0200_analytics-rollups.ts';
import * as sessionDetails from './migrations/2026-11-25T0100_session-details.ts';
import * as passwordResetTokens from './migrations/2026-11-25T0200_password-reset-tokens.ts';
import * as mailAndAccountLifecycle from './migrations/2026-11-25T0300_mail-and-account-lifecycle.ts';
import * as savedLooks from './migrations/2026-11-25T0400_saved-looks.ts';
import * as newAndUpdatedSwitches from './migrations/2026-11-26T0100_new-and-updated-switches.ts';
import * as ownProfileLinks from './migrations/2026-11-26T0200_own-profile-links.ts';
import * as inAppBrowsers from './migrations/2026-11-26T0300_in-app-browsers.ts';
import * as linkChecks from './migrations/2026-11-26T0400_link-checks.ts';
import * as subscribers from './migrations/2026-11-26T0500_subscribers.ts';
import * as scheduledLinks from './migrations/2026-11-26T0600_scheduled-links.ts';
import * as pageBlocks from './migrations/2026-11-27T0100_page-blocks.ts';
import * as contentWarnings from './migrations/2026-11-27T0200_content-warnings.ts';
import * as linkThumbnails from './migrations/2026-11-27T0300_link-thumbnails.ts';
import * as linkAudience from './migrations/2026-11-27T0400_link-audience.ts';
import * as apiTokens from './migrations/2026-11-28T0100_api-tokens.ts';
import * as secondFactors from './migrations/2026-11-29T0100_second-factors.ts';
import * as passkeys from './migrations/2026-11-29T0200_passkeys.ts';
import * as singleSignOn from './migrations/2026-11-30T0100_single-sign-on.ts';
import * as purchases from './migrations/2026-12-01T0100_purchases.ts';
import * as customDomains from './migrations/2026-12-02T0100_custom-domains.ts';
import * as linkArchive from './migrations/2026-12-03T0100_link-archive.ts';
import * as heldMail from './migrations/2026-12-04T0100_held-mail.ts';
import * as pageSeo from './migrations/2026-12-05T0100_page-seo.ts';
import * as premiumAnalytics from './migrations/2026-12-06T0100_premium-analytics.ts';
import * as pagesAndTeams from './migrations/2026-12-07T0100_pages-and-teams.ts';
import * as pageLanguage from './migrations/2026-12-08T0100_page-language.ts';
import * as accountLanguage from './migrations/2026-12-09T0100_account-language.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** The SQLite file, for parts that open a connection of their own (the analytics writer thread). */
  sqliteFile?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to work in; created when missing. */
  databaseSchema?: string;
  /** PostgreSQL: how long to wait for a connection, in ms. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest a statement may run, in ms; also how long to wait for an answer from a database that stopped answering. */
  statementTimeoutMs?: number;
}

// Migrations listed in order; a provider over a static record keeps them
// bundled with the code, independent of the working directory.
export const MIGRATIONS = {
  '2026-11-22T0100_initial': initial,
  '2026-11-22T0200_links-media-events': linksMediaEvents,
  '2026-11-22T0300_event-hits': eventHits,
  '2026-11-23T0100_profile-settings-customization': profileSettings,
  '2026-11-23T0200_analytics-rollups': analyticsRollups,
  '2026-11-25T0100_session-details': sessionDetails,
  '2026-11-25T0200_password-reset-tokens': passwordResetTokens,
  '2026-11-25T0300_mail-and-account-lifecycle': mailAndAccountLifecycle,
  '2026-11-25T0400_saved-looks': savedLooks,
  '2026-11-26T0100_new-and-updated-switches': newAndUpdatedSwitches,
  '2026-11-26T0200_own-profile-links': ownProfileLinks,
  '2026-11-26T0300_in-app-browsers': inAppBrowsers,
  '2026-11-26T0400_link-checks': linkChecks,
  '2026-11-26T0500_subscribers': subscribers,
  '2026-11-26T0600_scheduled-links': scheduledLinks,
  '2026-11-27T0100_page-blocks': pageBlocks,
  '2026-11-27T0200_content-warnings': contentWarnings,
  '2026-11-27T0300_link-thumbnails': linkThumbnails,
  '2026-11-27T0400_link-audience': linkAudience,
  '2026-11-28T0100_api-tokens': apiTokens,
  '2026-11-29T0100_second-factors': secondFactors,
  '2026-11-29T0200_passkeys': passkeys,
  '2026-11-30T0100_single-sign-on': singleSignOn,
  '2026-12-01T0100_purchases': purchases,
  '2026-12-02T0100_custom-domains': customDomains,
  '2026-12-03T0100_link-archive': linkArchive,
  '2026-12-04T0100_held-mail': heldMail,
  '2026-12-05T0100_page-seo': pageSeo,
  '2026-12-06T0100_premium-analytics': premiumAnalytics,
  '2026-12-07T0100_pages-and-teams': pagesAndTeams,
  '2026-12-08T0100_page-language': pageLanguage,
  '2026-12-09T0100_account-language': accountLanguage,
};

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pg = loadWhenUsed('pg') as typeof import('pg');
    // PostgreSQL returns bigint aggregates (count) as strings; they fit a JS number here.
    pg.types.setTypeParser(20, (value) => Number(value));
    const schema = options.databaseSchema;
    // A database that hangs rather than refusing must not hold requests and the
    // analytics writer forever: connecting and every statement are bounded. The
    // server ends a statement at statement_timeout; query_timeout, a little
    // later, covers a server that no longer answers at all.
    // (Without them, as for the bench's seeding, nothing is bounded.)
    const statementTimeout = options.statementTimeoutMs;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs,
      ...(statementTimeout ? { statement_timeout: statementTimeout, query_timeout: statementTimeout + 1000 } : {}),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqliteFile = sqliteFileOf(options.dataDir);
  const db = openSqliteFile(sqliteFile);
  return { db, dialect: 'sqlite', sqliteFile, close: () => db.destroy() };
}

/** The SQLite database file in DATA_DIR (with its -wal and -shm files beside it). */
export function sqliteFileOf(dataDir: string): string {
  return path.join(dataDir, 'linkverse.sqlite');
}

/** A connection to the SQLite file: the app's, or one of its own for the analytics writer thread. */
export function openSqliteFile(sqliteFile: string): Db {
  const file = new SQLite(sqliteFile);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection; the
  // operating system caches the file as well, so a small one is enough.
  file.pragma(`cache_size = -${MEMORY_BOUNDS.sqlitePageCacheKb}`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file) }),
    plugins: [new CamelCasePlugin()],
  });
}

/** The migrator of a database: its migrations, and its bookkeeping tables in its own schema (tests step down with it). */
export function migratorOf(handle: DatabaseHandle, schema?: string): Migrator {
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Kysely finds its bookkeeping tables by name across all schemas; pin them
    // to ours so that several schemas in one database stay apart.
    ...(handle.dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Apply every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle, schema?: string): Promise<void> {
  if (handle.dialect === 'postgres' && schema) {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
  }
  const { error, results } = await migratorOf(handle, schema).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** The cheapest statement the database answers: whether it is there (/healthz, /readyz). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Escape LIKE wildcards so that user search text matches literally (used with `escape '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A row the database refused (a unique or foreign key: a twin, or its profile or link deleted meanwhile), as opposed to a database that did not answer. */
export function isRefusedRow(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  // PostgreSQL's integrity violations are class 23; SQLite names the constraint.
  if (typeof code === 'string' && (code.startsWith('23') || code.startsWith('SQLITE_CONSTRAINT'))) return true;
  return /foreign key|violates/i.test(String(message));
}
