import type { FastifyBaseLogger } from 'fastify';
import type { NewEvent } from '../db/schema.ts';
import { deviceOf, sourceOf, visitorHash } from './visitor.ts';

const BATCH_ROWS = 200;
const VISITOR_MEMO_LIMIT = 100_000;

/** A view or click as the request saw it; everything derived is computed when the batch is written. */
export interface Visit {
  kind: NewEvent['kind'];
  userId: number;
  linkId: number | null;
  at: number;
  ip: string;
  host: string;
  userAgent: string;
  referrer: string | undefined;
}

/** Writes rows to the events table; throws if the database fails. */
export type EventWriter = (rows: NewEvent[]) => Promise<void>;

/**
 * Views and clicks are kept in memory and written in batches, at least once a
 * second and on shutdown (DESIGN.md "Analytics"), so a visit never waits for a
 * write and a request does no more than push to an array.
 */
export class EventRecorder {
  private buffer: Visit[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Visitor ids of the current day, by address and user agent: one HMAC per visitor a day. */
  private visitors = new Map<string, string>();
  private visitorsDay = '';

  constructor(
    private readonly write: EventWriter,
    private readonly secret: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(visit: Visit): void {
    this.buffer.push(visit);
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

  private toRow(visit: Visit): NewEvent {
    const createdAt = new Date(visit.at).toISOString();
    const day = createdAt.slice(0, 10);
    if (day !== this.visitorsDay || this.visitors.size > VISITOR_MEMO_LIMIT) {
      this.visitors.clear();
      this.visitorsDay = day;
    }
    const visitorKey = `${visit.ip}\n${visit.userAgent}`;
    let visitor = this.visitors.get(visitorKey);
    if (visitor === undefined) {
      visitor = visitorHash(this.secret, day, visit.ip, visit.userAgent);
      this.visitors.set(visitorKey, visitor);
    }
    const referrer = visit.referrer?.slice(0, 500) ?? null;
    return {
      kind: visit.kind,
      userId: visit.userId,
      linkId: visit.linkId,
      createdAt,
      day,
      referrer,
      source: sourceOf(referrer ?? undefined, visit.host),
      device: deviceOf(visit.userAgent),
      visitorHash: visitor,
    };
  }

  private async writePending(): Promise<void> {
    while (this.buffer.length > 0) {
      // Let waiting requests run between batches: SQLite writes block the thread.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.buffer.splice(0, BATCH_ROWS);
      const rows = batch.map((visit) => this.toRow(visit));
      try {
        await this.write(rows);
      } catch (error) {
        // One bad row (its profile deleted meanwhile) must not cost the others:
        // write them one by one; if the database itself is down, keep them for later.
        const kept = await this.writeOneByOne(batch, rows);
        if (kept.length > 0) {
          this.buffer.unshift(...kept);
          this.log.error({ err: error }, 'writing analytics events failed; will retry');
          return;
        }
      }
    }
  }

  /** The visits that could not be written because the database did not answer. */
  private async writeOneByOne(batch: Visit[], rows: NewEvent[]): Promise<Visit[]> {
    const kept: Visit[] = [];
    for (const [index, row] of rows.entries()) {
      try {
        await this.write([row]);
      } catch (error) {
        if (!/foreign key|violates/i.test(String((error as Error).message))) kept.push(batch[index]!);
      }
    }
    return kept;
  }
}
