import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { NewEvent } from '../db/schema.ts';

const BATCH_ROWS = 500;

/**
 * Views and clicks are kept in memory and written in batches, at least once a
 * second and on shutdown (DESIGN.md "Analytics"), so a visit never waits for a write.
 */
export class EventRecorder {
  private buffer: NewEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(event: NewEvent): void {
    this.buffer.push(event);
  }

  start(intervalMs = 1000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Write everything recorded so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** The events that could not be written because the database did not answer. */
  private async writeOneByOne(batch: NewEvent[]): Promise<NewEvent[]> {
    const kept: NewEvent[] = [];
    for (const event of batch) {
      try {
        await this.db.insertInto('events').values(event).execute();
      } catch (error) {
        const message = String((error as Error).message);
        if (!/foreign key|violates/i.test(message)) kept.push(event);
      }
    }
    return kept;
  }

  private async writePending(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, BATCH_ROWS);
      try {
        await this.db.insertInto('events').values(batch).execute();
      } catch (error) {
        // One bad row (its profile deleted meanwhile) must not cost the others:
        // write them one by one; if the database itself is down, keep them for later.
        const kept = await this.writeOneByOne(batch);
        if (kept.length > 0) {
          this.buffer.unshift(...kept);
          this.log.error({ err: error }, 'writing analytics events failed; will retry');
          return;
        }
      }
    }
  }
}
