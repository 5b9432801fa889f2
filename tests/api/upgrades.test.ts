import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest, openDatabase } from '#server/db/database.ts';
import { DIALECT, dropSchema } from '../helpers/test-app.ts';

// Upgrading an install keeps what its creators had: migrations that move data,
// run against rows written before them.

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-migration-'));
const schema = DIALECT === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
const database = openDatabase({
  dataDir,
  databaseUrl: DIALECT === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
  databaseSchema: schema,
});

afterAll(async () => {
  await database.close();
  if (schema) await dropSchema(process.env.TEST_DATABASE_URL!, schema);
  rmSync(dataDir, { recursive: true, force: true });
});

const migrator = new Migrator({
  db: database.db,
  provider: { getMigrations: async () => MIGRATIONS },
  ...(schema ? { migrationTableSchema: schema } : {}),
});

// An install upgraded with raw events already recorded gets its daily figures:
// one counted visit per visitor, day and page or link (no windows were kept).
describe(`upgrading to daily rollups (${DIALECT})`, () => {
  it('turns the events recorded before into daily figures', async () => {
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(database.db);
    const before = await migrator.migrateTo('2026-11-23T0100_profile-settings-customization');
    expect(before.error).toBeUndefined();
    const at = '2026-11-01T10:00:00.000Z';
    await sql`insert into users (username, password_hash, display_name, bio, role, plan, is_active, verified, created_at, updated_at)
      values ('old', 'x', 'Old', '', 'user', 'free', 1, 0, ${at}, ${at})`.execute(database.db);
    const { rows } = await sql<{ id: number }>`select id from users where username = 'old'`.execute(database.db);
    const userId = rows[0]!.id;
    const event = (kind: string, linkId: number | null, visitor: string, hits: number, day = '2026-11-01', source = 'Direct') =>
      sql`insert into events (kind, user_id, link_id, created_at, day, referrer, source, device, visitor_hash, hits)
        values (${kind}, ${userId}, ${linkId}, ${`${day}T10:00:00.000Z`}, ${day}, null, ${source}, 'mobile', ${visitor}, ${hits})`.execute(
        database.db,
      );
    await event('view', null, 'a', 3);
    await event('view', null, 'a', 2, '2026-11-01', 'Instagram');
    await event('view', null, 'b', 1);
    await event('view', null, 'a', 1, '2026-11-02');
    await event('click', 7, 'a', 2);
    await event('click', 8, 'a', 1);

    await migrateToLatest(database, schema);
    const daily = await database.db
      .selectFrom('analyticsDaily')
      .select(['day', 'kind', 'dimension', 'value', 'visits', 'uniques'])
      .where('userId', '=', userId)
      .orderBy('day')
      .orderBy('kind')
      .orderBy('dimension')
      .orderBy('value')
      .execute();
    const total = (day: string, kind: string) => daily.find((row) => row.day === day && row.kind === kind && row.dimension === 'total');
    expect(total('2026-11-01', 'view')).toMatchObject({ visits: 2, uniques: 2 });
    expect(total('2026-11-02', 'view')).toMatchObject({ visits: 1, uniques: 1 });
    expect(total('2026-11-01', 'click')).toMatchObject({ visits: 2, uniques: 2 });
    expect(daily.filter((row) => row.dimension === 'link').map((row) => [row.value, row.visits])).toEqual([
      ['7', 1],
      ['8', 1],
    ]);
    // Visitor a came from two sources that day: once per source.
    expect(daily.filter((row) => row.dimension === 'source' && row.day === '2026-11-01').map((row) => [row.value, row.visits])).toEqual([
      ['Direct', 2],
      ['Instagram', 1],
    ]);
  });
});

// The "New" pills and the "Updated" line were one switch, on by default; they
// became two, off for a new account, and an existing page shows what it showed.
describe(`upgrading to the two page switches (${DIALECT})`, () => {
  it('keeps what each page showed, and starts a new account with both off', async () => {
    expect((await migrator.migrateTo('2026-11-25T0400_saved-looks')).error).toBeUndefined();
    const at = '2026-11-20T10:00:00.000Z';
    await sql`insert into users (username, password_hash, display_name, bio, role, plan, is_active, verified, created_at, updated_at, show_activity)
      values ('shown', 'x', 'Shown', '', 'user', 'free', 1, 0, ${at}, ${at}, 1), ('hidden', 'x', 'Hidden', '', 'user', 'free', 1, 0, ${at}, ${at}, 0)`.execute(
      database.db,
    );
    await migrateToLatest(database, schema);
    await sql`insert into users (username, password_hash, display_name, bio, role, plan, is_active, verified, created_at, updated_at)
      values ('newcomer', 'x', 'Newcomer', '', 'user', 'free', 1, 0, ${at}, ${at})`.execute(database.db);
    const switches = await database.db
      .selectFrom('users')
      .select(['username', 'showUpdated', 'markNewLinks'])
      .where('username', 'in', ['shown', 'hidden', 'newcomer'])
      .orderBy('username')
      .execute();
    expect(switches).toEqual([
      { username: 'hidden', showUpdated: 0, markNewLinks: 0 },
      { username: 'newcomer', showUpdated: 0, markNewLinks: 0 },
      { username: 'shown', showUpdated: 1, markNewLinks: 1 },
    ]);
  });
});
