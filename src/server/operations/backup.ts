import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sqliteFileOf } from '../db/database.ts';

// `npm run backup -- <file>` and `npm run restore -- <file>` (scripts/backup.ts).
// SQLite: the online backup API, consistent while the server runs and writes;
// uploads are in the database, so the backup is that one file. PostgreSQL:
// pg_dump's custom format (one consistent snapshot) and pg_restore.

export interface BackupTarget {
  dataDir: string;
  databaseUrl?: string;
  /** The PostgreSQL schema the data lives in, when not the default. */
  databaseSchema?: string;
}

/** A backup or restore that cannot be done, with the reason an operator can act on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Write a consistent backup of the database to `file` (written beside it first, then renamed into place). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<{ bytes: number }> {
  const temporary = `${file}.partial`;
  rmSync(temporary, { force: true });
  try {
    if (target.databaseUrl) {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        ...(target.databaseSchema ? [`--schema=${target.databaseSchema}`] : []),
        `--file=${temporary}`,
        `--dbname=${target.databaseUrl}`,
      ]);
    } else {
      const sqliteFile = sqliteFileOf(target.dataDir);
      if (!existsSync(sqliteFile)) throw new BackupError(`There is no database at ${sqliteFile}: check DATA_DIR.`);
      const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
      try {
        await source.backup(temporary);
      } finally {
        source.close();
      }
      checkSqliteBackup(temporary);
    }
    renameSync(temporary, file);
    return { bytes: statSync(file).size };
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Restore `file` into an empty data folder (SQLite) or an empty database or schema (PostgreSQL). */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  if (target.databaseUrl) {
    await emptyPostgresTarget(target.databaseUrl, target.databaseSchema);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return;
  }
  const sqliteFile = sqliteFileOf(target.dataDir);
  for (const existing of [sqliteFile, `${sqliteFile}-wal`]) {
    if (existsSync(existing)) {
      throw new BackupError(
        `${existing} already exists: restore into an empty data folder (set DATA_DIR to a new folder, or move the old one away).`,
      );
    }
  }
  checkSqliteBackup(file);
  mkdirSync(target.dataDir, { recursive: true });
  const temporary = path.join(target.dataDir, 'linkverse.sqlite.restoring');
  try {
    const backup = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(temporary);
    } finally {
      backup.close();
    }
    rmSync(`${sqliteFile}-shm`, { force: true });
    renameSync(temporary, sqliteFile);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** A SQLite file that passes integrity_check and holds Linkverse's tables. */
function checkSqliteBackup(file: string): void {
  let database: SQLite.Database | undefined;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = database.pragma('integrity_check', { simple: true });
    const users = database.prepare("select name from sqlite_master where type = 'table' and name = 'users'").get();
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: integrity_check says ${String(integrity)}.`);
    if (!users) throw new BackupError(`${file} is not a Linkverse database.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a SQLite database.`);
  } finally {
    database?.close();
  }
}

/**
 * pg_restore recreates the tables (and the schema, when the dump has one): the
 * target must not hold Linkverse's tables already. An empty schema left by a
 * first start is dropped so that the dump can create it.
 */
async function emptyPostgresTarget(databaseUrl: string, schema = 'public'): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ count: number }>(
      'select count(*)::int as count from information_schema.tables where table_schema = $1',
      [schema],
    );
    if (tables.rows[0]!.count > 0) {
      throw new BackupError(`The schema ${schema} of the target database is not empty: restore into an empty database (or schema).`);
    }
    if (schema !== 'public') await client.query(`drop schema if exists ${pg.escapeIdentifier(schema)}`);
  } finally {
    await client.end();
  }
}

/** Run a PostgreSQL client tool; its own message when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed: install the PostgreSQL client tools (apt-get install postgresql-client).`
            : error.message,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed: ${errors.trim() || `exit code ${code}`}`)),
    );
  });
}
