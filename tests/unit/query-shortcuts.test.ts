import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from '#server/db/database.ts';
import { preparedQuery, reusableBulkStatements, runBulk, withStatementCache } from '#server/db/query-shortcuts.ts';
import { dropSchema } from '../helpers/test-app.ts';

// The three shortcuts around Kysely's builder rely on what Kysely does, not on
// what it promises (db/query-shortcuts.ts). These tests check each against the
// installed Kysely: an upgrade that changes one fails here, by name, instead of
// making the product silently slower or wrong.

const DATABASES = [
  { name: 'SQLite', url: undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
];

for (const { name, url } of DATABASES) {
  describe(`Kysely as the shortcuts expect it (${name})`, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'query-shortcuts-'));
    const schema = url ? `shortcuts_${process.pid}_${Date.now()}` : undefined;
    let handle: DatabaseHandle;
    let db: Db;

    beforeAll(async () => {
      handle = openDatabase({ dataDir, databaseUrl: url, databaseSchema: schema });
      await migrateToLatest(handle, schema);
      db = handle.db;
      const now = new Date().toISOString();
      await db
        .insertInto('users')
        .values(
          ['ada', 'bob', 'cyd'].map((username) => ({
            username,
            displayName: username,
            passwordHash: 'x',
            bio: '',
            role: 'user' as const,
            plan: 'free' as const,
            isActive: 1,
            verified: 0,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    });
    afterAll(async () => {
      await handle.close();
      if (url && schema) await dropSchema(url, schema);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('preparedQuery: a compiled query keeps the values given to the builder, by identity and position', async () => {
      const marker = { placeholder: true };
      const compiled = db
        .selectFrom('users')
        .select('username')
        .where('username', '=', marker as unknown as string)
        .compile();
      expect(compiled.parameters.filter((value) => value === marker)).toHaveLength(1);

      const byName = preparedQuery((database: Db, username: string, other: string) =>
        database.selectFrom('users').select(['id', 'username']).where('username', 'in', [username, other]).orderBy('username'),
      );
      for (const [first, second] of [
        ['ada', 'cyd'],
        ['bob', 'nobody'],
      ] as const) {
        const built = await db
          .selectFrom('users')
          .select(['id', 'username'])
          .where('username', 'in', [first, second])
          .orderBy('username')
          .execute();
        expect(await byName(db, first, second)).toEqual(built);
      }
    });

    it("runBulk: a multi-row insert takes its rows' values row by row in column order, so its SQL is reused", async () => {
      const adapter = db.getExecutor().adapter.constructor.name;
      expect(adapter).toBe(url ? 'PostgresAdapter' : 'SqliteAdapter');
      const salts = (from: number, count: number) =>
        Array.from({ length: count }, (_, index) => ({ day: `day-${from + index}`, salt: `salt-${from + index}` }));
      // 700 rows: statements of 500, 128, 64 and 8 rows (and 700 again below, now from the reused text).
      for (const from of [0, 1000]) {
        await runBulk(db, 'shortcut-test', salts(from, 700), (rows) => db.insertInto('analyticsSalts').values(rows));
      }
      expect(reusableBulkStatements()).toEqual(expect.arrayContaining([500, 128, 64, 8].map((rows) => `${adapter} shortcut-test ${rows}`)));
      const stored = await db.selectFrom('analyticsSalts').select(['day', 'salt']).where('day', 'like', 'day-%').execute();
      expect(stored).toHaveLength(1400);
      expect(stored.every((row) => row.salt === row.day.replace('day', 'salt'))).toBe(true);
    });
  });
}

describe('withStatementCache: Kysely runs SQLite statements as the cache expects', () => {
  it('prepares every query through prepare() and runs it with all() or run(), never iterate()', async () => {
    const file = new SQLite(':memory:');
    const used = new Set<string>();
    const prepared: string[] = [];
    const prepare = file.prepare.bind(file);
    file.prepare = ((text: string) => {
      prepared.push(text);
      const statement = prepare(text);
      return new Proxy(statement, {
        get(target, property, receiver) {
          if (typeof property === 'string') used.add(property);
          const value = Reflect.get(target, property, receiver) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    }) as typeof file.prepare;
    const db = new Kysely<{ notes: { id: Generated<number>; text: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(file) }),
    });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    for (let round = 0; round < 3; round += 1) {
      await db
        .insertInto('notes')
        .values({ text: `note ${round}` })
        .execute();
      await db.selectFrom('notes').selectAll().execute();
      await db.updateTable('notes').set({ text: 'changed' }).where('id', '=', 1).execute();
    }
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('notes').selectAll().execute();
    });
    expect([...used].filter((method) => method !== 'reader').sort()).toEqual(['all', 'run']);
    // Each text compiled once, however often it ran; a transaction takes the write lock at once.
    expect(prepared.length).toBe(new Set(prepared).size);
    expect(prepared).toContain('begin immediate');
    expect(prepared).not.toContain('begin');
    await db.destroy();
  });
});
