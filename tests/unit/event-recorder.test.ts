import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { EventRecorder } from '#server/analytics/event-recorder.ts';
import type { Visit } from '#server/analytics/analytics-store.ts';

// The recorder's own rules (tallying, windows, bots, retries), with a writer
// that keeps the rows it is given; the API suite checks the same against both databases.

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function recorder(write?: (rows: Visit[]) => Promise<void>) {
  const written: Visit[] = [];
  const events = new EventRecorder(
    write ?? (async (rows) => void written.push(...rows)),
    async () => 'test-salt',
    Fastify({ logger: false }).log,
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
  it('keeps at most 200 000 rows and writes them when it is back', async () => {
    let up = false;
    let written = 0;
    const { events } = recorder(async (rows) => {
      if (!up) throw new Error('connect ECONNREFUSED');
      written += rows.length;
    });
    // 250 windows of 1 000 visitors each, every one a row.
    for (let window = 0; window < 250; window += 1) {
      for (let visitor = 0; visitor < 1000; visitor += 1)
        events.record(1, null, {}, `10.${window}.${visitor >> 8}.${visitor & 255}`, 'lv.test', PHONE, undefined);
      await events.flush();
    }
    up = true;
    await events.flush();
    expect(written).toBe(200_000);
    // 200 000 rows through the recorder: seconds of CPU when other test files run beside it.
  }, 20_000);
});
