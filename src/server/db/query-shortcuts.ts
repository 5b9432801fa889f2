import type SQLite from 'better-sqlite3';
import { type Compilable, CompiledQuery, type Kysely, type QueryResult, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import type { Database } from './schema.ts';

/** The database handle (database.ts's Db, named here without importing it: database.ts imports this file). */
type Db = Kysely<Database>;

// The three places that go around Kysely's query builder for speed, in one
// module. Each relies on something Kysely does that its API does not promise;
// tests/unit/query-shortcuts.test.ts checks every one of them against the
// installed Kysely, so that an upgrade that changes one fails loudly there.
//
// - preparedQuery: a compiled query's parameters are the values given to the
//   builder, by identity, so that placeholders can be swapped by position.
// - runBulk: a multi-row insert's parameters are its rows' values, row by row
//   in the first row's column order; the dialect is named by its adapter's class.
// - withStatementCache: Kysely's SQLite driver prepares every query through
//   the database's prepare() and runs the statement with all() or run() (never
//   iterate() outside streaming), so a compiled statement can be reused.

/**
 * A read built and compiled once per database, then run with new parameter
 * values: the public page's cache misses skip Kysely's query building (about a
 * fifth of a miss). `build` receives placeholder values, which are swapped for
 * the real ones by position in the compiled parameters.
 */
export function preparedQuery<Row, Params extends readonly unknown[]>(build: (db: Db, ...params: Params) => Compilable<Row>) {
  const compiled = new WeakMap<Db, { sql: string; parameters: readonly unknown[]; slots: number[] }>();
  return async (db: Db, ...params: Params): Promise<Row[]> => {
    let query = compiled.get(db);
    if (query === undefined) {
      const placeholders = params.map((_, index) => `\u0000placeholder-${index}\u0000`) as unknown as Params;
      const { sql, parameters } = build(db, ...placeholders).compile();
      const slots = parameters.map((value) => placeholders.indexOf(value));
      query = { sql, parameters, slots };
      compiled.set(db, query);
    }
    const { sql, parameters, slots } = query;
    const values = parameters.map((value, index) => (slots[index]! >= 0 ? params[slots[index]!] : value));
    const result: QueryResult<Row> = await db.executeQuery(CompiledQuery.raw(sql, values) as CompiledQuery<Row>);
    return result.rows;
  };
}

/** The database a handle speaks to, named by its Kysely adapter's class ('PostgresAdapter', 'SqliteAdapter'). */
export function adapterOf(db: Db): string {
  return db.getExecutor().adapter.constructor.name;
}

/** Rows per statement: well under SQLite's 32 766 parameters for every table the analytics writer fills. */
export const BULK_ROWS_PER_STATEMENT = 500;

/** SQL texts of bulk statements, by database, statement and row count (null: not reusable). */
const statementTexts = new Map<string, string | null>();

/** The rows' values, row by row in the first row's column order. */
function valuesOf<Row extends object>(rows: readonly Row[]): unknown[] {
  const columns = Object.keys(rows[0]!) as Array<keyof Row>;
  const values = new Array<unknown>(rows.length * columns.length);
  let next = 0;
  for (const row of rows) for (const column of columns) values[next++] = row[column];
  return values;
}

/**
 * Kysely builds a statement's SQL anew on every call, which for a 500-row
 * insert is most of the analytics writer's own CPU. The statements written for every
 * visit (visitor windows, raw events, rollups) are run in chunks of 500 rows
 * and, for the rest, of powers of two, so that a handful of row counts occur:
 * each is built by Kysely once, checked to take its values row by row in column
 * order, and then run with only the values. One that does not check out is
 * always built. Returns the rows the statements return.
 */
export async function runBulk<Row extends object, Result = never>(
  db: Db,
  name: string,
  rows: readonly Row[],
  build: (rows: Row[]) => Compilable<Result>,
): Promise<Result[]> {
  const returned: Result[] = [];
  const dialect = adapterOf(db);
  for (let start = 0; start < rows.length;) {
    const left = rows.length - start;
    const size = left >= BULK_ROWS_PER_STATEMENT ? BULK_ROWS_PER_STATEMENT : 2 ** Math.floor(Math.log2(left));
    const chunk = rows.slice(start, start + size);
    start += size;
    const key = `${dialect} ${name} ${size}`;
    const text = statementTexts.get(key);
    let compiled: CompiledQuery<Result>;
    if (text) {
      compiled = CompiledQuery.raw(text, valuesOf(chunk)) as CompiledQuery<Result>;
    } else {
      compiled = build(chunk).compile();
      if (text === undefined) {
        const expected = valuesOf(chunk);
        const same =
          compiled.parameters.length === expected.length && compiled.parameters.every((value, index) => value === expected[index]);
        statementTexts.set(key, same ? compiled.sql : null);
      }
    }
    const result = await db.executeQuery(compiled);
    for (const row of result.rows) returned.push(row);
  }
  return returned;
}

/** The bulk statements whose SQL text is reused ('dialect name rows'); one that did not check out is missing. */
export function reusableBulkStatements(): string[] {
  return [...statementTexts].flatMap(([key, text]) => (text === null ? [] : [key]));
}

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares
 * every query it runs: a cache by SQL text saves that on every repeated query
 * (a tenth of a cache miss of the public page). Statements are reusable once
 * run; Kysely runs them with all() or run() (it iterates only when streaming,
 * which the app never does).
 */
export function withStatementCache(file: SQLite.Database): SqliteDatabase {
  // Least recently used go first; bounded by the length of their SQL, which a
  // compiled statement's size follows: the analytics writer's bulk inserts run
  // 1 to 500 rows, each row count a statement of its own, the largest tens of kB.
  const statements = new LRUCache<string, SQLite.Statement>({
    maxSize: MEMORY_BOUNDS.sqliteStatementSqlBytes,
    sizeCalculation: (_statement, source) => source.length,
  });
  return {
    prepare(text) {
      // Kysely begins SQLite transactions with a plain (deferred) 'begin'. A
      // transaction that reads and then writes would then fail at once with
      // SQLITE_BUSY_SNAPSHOT (busy_timeout does not apply) whenever the
      // analytics writer thread committed in between; 'begin immediate' takes
      // the write lock first, waiting for it up to busy_timeout.
      const source = text === 'begin' ? 'begin immediate' : text;
      let statement = statements.get(source);
      if (statement === undefined) {
        statement = file.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
    close: () => file.close(),
  };
}
