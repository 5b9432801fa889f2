import { Worker } from 'node:worker_threads';
import type { Visit } from './analytics-store.ts';

/**
 * An EventWriter for SQLite that inserts on a worker thread with its own
 * connection (WAL lets it write beside the app's connection). At tens of
 * thousands of visits a second, the inserts are the largest cost of counting;
 * here they no longer take turns with the requests.
 */
/**
 * Built, the worker is a JavaScript file beside main.js; run from source (the
 * tests), it is the TypeScript file, loaded through tsx.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THROUGH_TSX = `import('tsx/esm/api').then(({ register }) => {
  register();
  return import(${JSON.stringify(new URL('./sqlite-event-writer.worker.ts', import.meta.url).href)});
})`;

export function createSqliteEventWriter(path: string) {
  let nextId = 0;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let worker: Worker | undefined;

  /** The worker, started again if it ever died (the recorder retries what failed). */
  const running = (): Worker => {
    if (worker) return worker;
    const started = new Worker(FROM_SOURCE ? THROUGH_TSX : new URL('./sqlite-event-writer.worker.js', import.meta.url), {
      eval: FROM_SOURCE,
      workerData: { path },
      // It only receives batches of visits and stores them: a small heap is plenty, and memory follows the work.
      resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 },
    });
    started.unref();
    started.on('message', ({ id, error }: { id: number; error?: string }) => {
      const waiter = pending.get(id);
      pending.delete(id);
      if (error) waiter?.reject(new Error(error));
      else waiter?.resolve();
    });
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      for (const waiter of pending.values()) waiter.reject(new Error('the event writer stopped'));
      pending.clear();
    });
    worker = started;
    return started;
  };

  return {
    write(visits: Visit[]): Promise<void> {
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running().postMessage({ id, visits });
      });
    },
    async close(): Promise<void> {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
