import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSqliteFile } from '#server/db/database.ts';
import { withStatementCache } from '#server/db/query-shortcuts.ts';
import { MEMORY_BOUNDS } from '#server/memory-bounds.ts';

// What a SQLite connection keeps in memory is bounded (issue 13): its page
// cache, and the compiled statements it reuses.

/** A real in-memory database whose prepare() calls are counted, behind the app's statement cache. */
function countedConnection() {
  const file = new SQLite(':memory:');
  const prepared: string[] = [];
  const prepare = file.prepare.bind(file);
  file.prepare = ((text: string) => {
    prepared.push(text);
    return prepare(text);
  }) as typeof file.prepare;
  return { statements: withStatementCache(file), prepared, close: () => file.close() };
}

/** A select whose SQL is about `length` characters long, different for each `tag`. */
const longSelect = (tag: number, length: number) => `select ${tag} as tag /* ${'x'.repeat(length)} */`;

describe('a SQLite connection', () => {
  it('compiles a statement once and reuses it', () => {
    const { statements, prepared, close } = countedConnection();
    statements.prepare('select 1');
    statements.prepare('select 1');
    expect(prepared).toEqual(['select 1']);
    close();
  });

  it('keeps compiled statements up to a budget of SQL text, dropping the least recently used first', () => {
    const { statements, prepared, close } = countedConnection();
    const length = MEMORY_BOUNDS.sqliteStatementSqlBytes / 4;
    const [first, second, third, fourth, fifth] = [1, 2, 3, 4, 5].map((tag) => longSelect(tag, length));
    for (const text of [first, second, third]) statements.prepare(text!);
    statements.prepare(first!); // used again: now the most recent
    statements.prepare(fourth!);
    statements.prepare(fifth!); // over the budget: the least recently used (second) goes
    prepared.length = 0;
    statements.prepare(first!);
    statements.prepare(second!);
    expect(prepared).toEqual([second]);
    close();
  });

  it('sets its page cache to the named bound instead of better-sqlite3’s 16 MB', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-memory-'));
    const db = openSqliteFile(path.join(dir, 'test.sqlite'));
    // (CamelCasePlugin names the column cacheSize.)
    const { rows } = await sql<{ cacheSize: number }>`pragma cache_size`.execute(db);
    expect(rows[0]?.cacheSize).toBe(-MEMORY_BOUNDS.sqlitePageCacheKb);
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
});
