// Writes analytics events into the SQLite file on a thread of its own, so that
// the request thread never waits for the disk (see sqlite-event-writer.ts).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const file = new SQLite(workerData.path);
file.pragma('journal_mode = WAL');
file.pragma('synchronous = NORMAL');
file.pragma('busy_timeout = 5000');
file.pragma('foreign_keys = ON');
// Prepared on first use: the worker starts before the app's migrations have run.
let insert;
const insertMany = file.transaction((rows) => {
  insert ??= file.prepare(
    'insert into events (kind, user_id, link_id, created_at, day, referrer, source, device, visitor_hash, hits) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const row of rows) {
    insert.run(row.kind, row.userId, row.linkId, row.createdAt, row.day, row.referrer, row.source, row.device, row.visitorHash, row.hits);
  }
});

parentPort.on('message', ({ id, rows }) => {
  try {
    insertMany(rows);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
