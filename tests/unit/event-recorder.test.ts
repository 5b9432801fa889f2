import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { EventRecorder, type RecorderLimits } from '#server/analytics/event-recorder.ts';
import type { Visit } from '#server/analytics/analytics-store.ts';

// The recorder's own rules (tallying, windows, bots, retries), with a writer
// that keeps the rows it is given; the API suite checks the same against both databases.

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function recorder(write?: (rows: Visit[]) => Promise<void>, limits?: RecorderLimits) {
  const written: Visit[] = [];
  const events = new EventRecorder(
    write ?? (async (rows) => void written.push(...rows)),
    async () => 'test-salt',
    Fastify({ logger: false }).log,
    limits,
  );
  return { events, written };
}

describe('the event recorder', () => {
  it('writes the repeats of one visitor in one window as one row with their count', async () => {
    const { events, written } = recorder();
    const connection = {};
    for (let index = 0; index < 5; index += 1) events.record(1, null, connection, '10.0.0.1', 'lv.test', PHONE, undefined);
    events.record(1, 7, connection, '10.0.0.1', 'lv.test', PHONE, 'https://lv.test/nova');
    events.record(1, 7, connection, '10.0.0.1', 'lv.test', PHONE, 'https://lv.test/nova');
    await events.flush();
    expect(written).toEqual([
      expect.objectContaining({ kind: 'view', userId: 1, linkId: null, hits: 5, source: 'Direct', device: 'mobile', referrer: null }),
      expect.objectContaining({ kind: 'click', userId: 1, linkId: 7, hits: 2, source: 'Direct', referrer: 'https://lv.test/nova' }),
    ]);
    expect(written[0]!.visitorHash).toBe(written[1]!.visitorHash);
    expect(Date.parse(written[0]!.at)).toBeGreaterThan(Date.now() - 5000);
  });

  it('keeps visitors, referrers and windows apart', async () => {
    const { events, written } = recorder();
    const shared = {};
    events.record(1, null, shared, '10.0.0.1', 'lv.test', PHONE, undefined);
    // Another browser on the same connection (a proxy's pool) is another visitor.
    events.record(1, null, shared, '10.0.0.1', 'lv.test', DESKTOP, undefined);
    events.record(1, null, {}, '10.0.0.2', 'lv.test', PHONE, undefined);
    events.record(1, null, {}, '10.0.0.1', 'lv.test', PHONE, 'https://www.instagram.com/');
    await events.flush();
    events.record(1, null, shared, '10.0.0.1', 'lv.test', PHONE, undefined);
    await events.flush();
    expect(written.map(({ hits, device, source }) => ({ hits, device, source }))).toEqual([
      { hits: 1, device: 'mobile', source: 'Direct' },
      { hits: 1, device: 'mobile', source: 'Instagram' },
      { hits: 1, device: 'desktop', source: 'Direct' },
      { hits: 1, device: 'mobile', source: 'Direct' },
      { hits: 1, device: 'mobile', source: 'Direct' },
    ]);
    expect(new Set(written.map((row) => row.visitorHash)).size).toBe(3);
  });

  it('leaves out bots and visits without a user agent', async () => {
    const { events, written } = recorder();
    events.record(1, null, {}, '10.0.0.1', 'lv.test', 'Mozilla/5.0 (compatible; Googlebot/2.1)', undefined);
    events.record(1, null, {}, '10.0.0.1', 'lv.test', undefined, undefined);
    events.record(1, null, {}, '10.0.0.1', 'lv.test', PHONE, undefined);
    await events.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps the rows while the database is unreachable and writes them later', async () => {
    let up = false;
    const written: Visit[] = [];
    const { events } = recorder(async (rows) => {
      if (!up) throw new Error('connect ECONNREFUSED');
      written.push(...rows);
    });
    for (let index = 0; index < 3; index += 1) events.record(1, null, {}, `10.0.0.${index}`, 'lv.test', PHONE, undefined);
    await events.flush();
    expect(written).toHaveLength(0);
    up = true;
    events.record(2, null, {}, '10.0.0.9', 'lv.test', PHONE, undefined);
    await events.flush();
    expect(written.map((row) => row.userId).sort()).toEqual([1, 1, 1, 2]);
  });

  it('drops only the row of a profile deleted meanwhile', async () => {
    const written: Visit[] = [];
    const { events } = recorder(async (rows) => {
      if (rows.some((row) => row.userId === 404)) throw new Error('FOREIGN KEY constraint failed');
      written.push(...rows);
    });
    events.record(404, null, {}, '10.0.0.1', 'lv.test', PHONE, undefined);
    events.record(1, null, {}, '10.0.0.2', 'lv.test', PHONE, undefined);
    await events.flush();
    expect(written.map((row) => row.userId)).toEqual([1]);
  });
});

describe('the event recorder, while the database is down for long', () => {
  it('keeps at most its retry limit of rows, the newest, and writes them when it is back', async () => {
    let up = false;
    const written: Visit[] = [];
    let writes = 0;
    const { events } = recorder(
      async (rows) => {
        writes += 1;
        if (!up) throw new Error('connect ECONNREFUSED');
        written.push(...rows);
      },
      { windowVisitors: 20_000, waitingWindows: 2, retryRows: 2000 },
    );
    // 25 windows of 100 visitors each, every one a row of its own profile.
    for (let window = 0; window < 25; window += 1) {
      for (let visitor = 0; visitor < 100; visitor += 1)
        events.record(window + 1, null, {}, `10.0.${window}.${visitor}`, 'lv.test', PHONE, undefined);
      await events.flush();
    }
    expect(events.queued).toBe(2000);
    expect(events.counts.givenUp).toBe(500);
    // A database that does not answer is not asked once per row.
    expect(writes).toBeLessThan(100);
    up = true;
    await events.flush();
    expect(written).toHaveLength(2000);
    // The oldest five windows went.
    expect(Math.min(...written.map((row) => row.userId))).toBe(6);
  });

  it('holds a bounded number of visitors while a write hangs, and writes them once it returns', async () => {
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const written: Visit[] = [];
    const { events } = recorder(
      async (rows) => {
        await hanging;
        written.push(...rows);
      },
      { windowVisitors: 10, waitingWindows: 2, retryRows: 1000 },
    );
    for (let visitor = 0; visitor < 200; visitor += 1) events.record(1, null, {}, `10.1.0.${visitor}`, 'lv.test', PHONE, undefined);
    // The window being written, two waiting and the open one: at most 4 × 10 visitors, the rest given up.
    expect(events.queued).toBeLessThanOrEqual(40);
    expect(events.counts.givenUp).toBeGreaterThanOrEqual(160);
    release();
    await events.flush();
    expect(written.length + events.counts.givenUp).toBe(200);
    expect(events.queued).toBe(0);
  });
});
