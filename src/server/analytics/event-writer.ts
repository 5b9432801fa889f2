import type { DatabaseHandle } from '../db/database.ts';
import type { NewEvent } from '../db/schema.ts';
import { createSqliteEventWriter } from './sqlite-event-writer.ts';

/** Writes rows to the events table; throws if the database fails. */
export type EventWriter = (rows: NewEvent[]) => Promise<void>;

/**
 * How this database takes analytics events, the one write on the hot path: on
 * SQLite a worker thread with its own connection (decision 003), on PostgreSQL
 * the pool.
 */
export function createEventWriter(database: DatabaseHandle): { write: EventWriter; close(): Promise<void> } {
  if (database.sqliteFile) return createSqliteEventWriter(database.sqliteFile);
  return {
    write: async (rows) => {
      await database.db.insertInto('events').values(rows).execute();
    },
    close: async () => undefined,
  };
}
