import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '#server/db/database.ts';
import { BackupError, type BackupTarget, backupDatabase, restoreDatabase } from '#server/operations/backup.ts';
import { createLink, createUser } from '../helpers/factories.ts';
import { DIALECT, createTestApp } from '../helpers/test-app.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// Backups (issue 12): a backup written while the server writes is consistent,
// and restoring it into an empty data folder or database gives back users,
// links, media bytes and events.

const folder = mkdtempSync(path.join(tmpdir(), 'linkverse-backups-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Snapshot {
  users: number;
  links: number;
  media: string[];
  events: number;
  rollups: number;
}

async function snapshotOf(db: Db): Promise<Snapshot> {
  const count = async (table: 'users' | 'links' | 'analyticsDaily') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const media = await db.selectFrom('media').select(['id', 'data']).orderBy('id').execute();
  const events = await db
    .selectFrom('events')
    .select((eb) => eb.fn.sum<number | null>('hits').as('hits'))
    .executeTakeFirstOrThrow();
  return {
    users: await count('users'),
    links: await count('links'),
    media: media.map((row) => `${row.id}:${createHash('sha256').update(row.data).digest('hex')}`),
    events: Number(events.hits ?? 0),
    rollups: await count('analyticsDaily'),
  };
}

/** Open what a restore wrote, as the server would, and read it. */
async function restoredSnapshot(target: BackupTarget): Promise<Snapshot> {
  const database = openDatabase(target);
  try {
    if (database.dialect === 'sqlite') {
      const { rows } = await sql<Record<string, string>>`pragma integrity_check`.execute(database.db);
      expect(Object.values(rows[0]!)).toEqual(['ok']);
    }
    return await snapshotOf(database.db);
  } finally {
    await database.close();
  }
}

async function dropSchema(target: BackupTarget): Promise<void> {
  if (!target.databaseUrl) return;
  const database = openDatabase({ ...target, databaseSchema: undefined });
  await sql`drop schema if exists ${sql.id(target.databaseSchema!)} cascade`.execute(database.db);
  await database.close();
}

describe(`backup and restore (${DIALECT})`, () => {
  it(
    'backs up under write load, and restores users, links, media bytes and events into an empty target',
    { timeout: 120_000 },
    async () => {
      const t = await createTestApp();
      const { app } = t;
      const target: BackupTarget = {
        dataDir: t.config.dataDir,
        databaseUrl: t.config.databaseUrl,
        databaseSchema: t.config.databaseSchema,
      };
      const owner = await createUser(app);
      for (const [index, size] of [40, 64, 90].entries()) {
        const content = await pngImage(size, size, `#1${index}3456`);
        const uploaded = await postMedia(app, owner, 'icon', { name: `p${index}.png`, mime: 'image/png', content });
        expect(uploaded.statusCode).toBe(201);
      }
      const browser = (index: number) => ({
        'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${index} Safari/537.36`,
      });

      // Write load: new accounts and links, and page views, until told to stop.
      let writing = true;
      let written = 0;
      const load = (async () => {
        while (writing) {
          const user = await createUser(app);
          await createLink(app, user, { title: `Link ${written}` });
          await app.inject({ method: 'GET', url: `/${owner.user.username}`, headers: browser(written) });
          written += 1;
        }
      })();
      while (written < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      await app.events.flush();
      const before = await snapshotOf(app.db);
      const underLoad = path.join(folder, `under-load-${DIALECT}.backup`);
      const { bytes } = await backupDatabase(target, underLoad);
      expect(bytes).toBeGreaterThan(0);
      const writtenDuringBackup = written;
      while (written < writtenDuringBackup + 2) await new Promise((resolve) => setTimeout(resolve, 20));
      writing = false;
      await load;
      await app.events.flush();
      const after = await snapshotOf(app.db);
      const quiet = path.join(folder, `quiet-${DIALECT}.backup`);
      await backupDatabase(target, quiet);
      await t.close();

      const emptyTarget = (name: string): BackupTarget =>
        target.databaseUrl ? target : { dataDir: mkdtempSync(path.join(folder, `${name}-`)) };

      // The backup taken under load: a consistent state between the two snapshots, with every upload's bytes intact.
      const first = emptyTarget('first');
      await dropSchema(first);
      await restoreDatabase(first, underLoad);
      const restoredUnderLoad = await restoredSnapshot(first);
      for (const key of ['users', 'links', 'events', 'rollups'] as const) {
        expect(restoredUnderLoad[key], key).toBeGreaterThanOrEqual(before[key]);
        expect(restoredUnderLoad[key], key).toBeLessThanOrEqual(after[key]);
      }
      expect(restoredUnderLoad.media).toEqual(before.media);

      // The backup taken once the writes stopped: exactly what the server held.
      const second = emptyTarget('second');
      await dropSchema(second);
      await restoreDatabase(second, quiet);
      expect(await restoredSnapshot(second)).toEqual(after);
      await dropSchema(second);
    },
  );

  it('refuses to restore over an existing database, and refuses a file that is not a backup', async () => {
    const t = await createTestApp();
    const target: BackupTarget = { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl, databaseSchema: t.config.databaseSchema };
    const file = path.join(folder, `refused-${DIALECT}.backup`);
    try {
      await createUser(t.app);
      await backupDatabase(target, file);
      await expect(restoreDatabase(target, file)).rejects.toThrow(
        target.databaseUrl ? /is not empty/ : /already exists: restore into an empty data folder/,
      );
      const junk = path.join(folder, 'junk.backup');
      writeFileSync(junk, 'not a backup at all');
      const empty: BackupTarget = target.databaseUrl
        ? { ...target, databaseSchema: `${target.databaseSchema}_e` }
        : { dataDir: mkdtempSync(path.join(folder, 'empty-')) };
      await expect(restoreDatabase(empty, junk)).rejects.toBeInstanceOf(BackupError);
      await dropSchema(empty);
      await expect(restoreDatabase(empty, path.join(folder, 'missing.backup'))).rejects.toThrow(/There is no backup at/);
    } finally {
      await t.close();
    }
  });
});
