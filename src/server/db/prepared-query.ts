import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database.ts';

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
