import type { DatabaseHandle } from '../db/database.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import { WriterMemory, type Visit, storeVisits } from './analytics-store.ts';
import { createSqliteEventWriter } from './sqlite-event-writer.ts';

/** Stores a batch of visits (events, windows, rollups); throws if the database fails. */
export type EventWriter = (visits: Visit[]) => Promise<void>;

/**
 * How this database takes analytics batches, the one write on the hot path: on
 * SQLite a worker thread with its own connection (decision 003), on PostgreSQL
 * the pool. Both run storeVisits.
 */
export function createEventWriter(database: DatabaseHandle): { write: EventWriter; close(): Promise<void> } {
  if (database.sqliteFile) return createSqliteEventWriter(database.sqliteFile);
  const open = new WriterMemory(MEMORY_BOUNDS.openWindows);
  return {
    write: (visits) => storeVisits(database.db, visits, open),
    close: async () => undefined,
  };
}
