// Backups (README "Backups"):
//   npm run backup -- <file>    write a consistent backup while the server runs
//   npm run restore -- <file>   restore a backup into an empty data folder (SQLite) or database (PostgreSQL)
// The database is the one the server's configuration names (DATA_DIR, DATABASE_URL, .env).
import path from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config.ts';
import { BackupError, backupDatabase, restoreDatabase } from '../src/server/operations/backup.ts';

const USAGE = 'Usage: npm run backup -- <file>   or   npm run restore -- <file>';

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if (!file || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  const target = path.resolve(file);
  if (command === 'backup') {
    const { bytes } = await backupDatabase(config, target);
    console.log(`Backed up ${where} to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  } else {
    await restoreDatabase(config, target);
    console.log(`Restored ${target} into ${where}. Start the server as usual.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
