// Writes analytics batches into the SQLite file on a thread of its own, so that
// the request thread never waits for the disk (see sqlite-event-writer.ts). The
// same storeVisits as on PostgreSQL, on this thread's own connection.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteFile } from '../db/database.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import { WriterMemory, type Visit, storeVisits } from './analytics-store.ts';

const db = openSqliteFile((workerData as { path: string }).path);
const open = new WriterMemory(MEMORY_BOUNDS.openWindows);

parentPort!.on('message', ({ id, visits }: { id: number; visits: Visit[] }) => {
  storeVisits(db, visits, open).then(
    () => parentPort!.postMessage({ id }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
