import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser } from '../helpers/factories.ts';
import { deeplyNested, largestPageFile } from '../../scripts/heavy-inputs.ts';

// One account cannot slow everyone (issue 51 §4): what a user sends that takes
// real work to read or draw (a page to import, a large QR code) runs in the
// media worker, bounded in time and in jobs per account, never on the server's
// event loop. Each test sends the worst input of its path while another client
// asks /healthz, and checks that the answer comes, that the worst input gets a
// clear 4xx and no 5xx, and that the work was the worker's. Tests assert no
// timings: `npm run bench` prints how long /healthz took meanwhile.

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  body: Buffer;
}

function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Runs the heavy requests, and asks /healthz from another client while they are under way. */
async function whileHeavy(heavy: () => Promise<Answer>[]): Promise<{ answers: Answer[]; health: Answer }> {
  const pending = heavy();
  const health = await request('GET', '/healthz');
  return { answers: await Promise.all(pending), health };
}

describe(`heavy input from one account (${DIALECT})`, () => {
  let owner: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    owner = await createUser(t.app);
    other = await createUser(t.app);
  });

  it('draws a 2048 px QR code in the media worker: many at once get 429, never a 5xx, and others still get theirs', async () => {
    const drawnBefore = t.app.media.stats.done;
    const { answers, health } = await whileHeavy(() =>
      Array.from({ length: 24 }, () => request('GET', '/api/me/qr.png?size=2048', { cookie: owner.cookie })),
    );
    expect(health.status).toBe(200);
    const statuses = new Set(answers.map((answer) => answer.status));
    expect(
      [...statuses].every((status) => status === 200 || status === 429),
      [...statuses].join(),
    ).toBe(true);
    expect(statuses.has(200)).toBe(true);
    // One account's queue is full, not everyone's: another account's code is drawn.
    const theirs = await request('GET', '/api/me/qr.png?size=2048', { cookie: other.cookie });
    expect(theirs.status).toBe(200);
    expect(theirs.body.subarray(1, 4).toString()).toBe('PNG');
    expect(t.app.media.stats.done).toBeGreaterThan(drawnBefore);
  });

  it('draws the SVG QR code in the media worker too: its jobs are counted there, and a flood of them is bounded alike', async () => {
    const drawnBefore = t.app.media.stats.done;
    const svg = await request('GET', '/api/me/qr.svg?picture=true', { cookie: other.cookie });
    expect(svg.status).toBe(200);
    expect(svg.body.toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(t.app.media.stats.done).toBe(drawnBefore + 1);
    const { answers, health } = await whileHeavy(() =>
      Array.from({ length: 24 }, () => request('GET', '/api/me/qr.svg', { cookie: owner.cookie })),
    );
    expect(health.status).toBe(200);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
  });

  it('reads a LittleLink page in the media worker: one nested 400 000 deep is refused with 400, and the server answers meanwhile', async () => {
    const before = { ...t.app.media.stats };
    const html = deeplyNested(400_000);
    expect(html.length).toBeLessThan(2 * 1024 * 1024);
    const { answers, health } = await whileHeavy(() => [
      request(
        'POST',
        '/api/me/page-import/preview',
        { cookie: owner.cookie, 'content-type': 'application/json' },
        JSON.stringify({ source: 'littlelink', html }),
      ),
    ]);
    expect(health.status).toBe(200);
    expect(answers[0]!.status, answers[0]!.body.toString()).toBe(400);
    expect(JSON.parse(answers[0]!.body.toString()).message).toMatch(/could not be read/);
    const { stats } = t.app.media;
    expect(stats.done + stats.failed + stats.timedOut).toBeGreaterThan(before.done + before.failed + before.timedOut);
    // A page of ordinary depth is still read.
    const plain = await request(
      'POST',
      '/api/me/page-import/preview',
      { cookie: owner.cookie, 'content-type': 'application/json' },
      JSON.stringify({ source: 'littlelink', html: deeplyNested(20) }),
    );
    expect(plain.status, plain.body.toString()).toBe(200);
  });

  it('reads the largest page file in the media worker, for a preview and an import, and sends none of its 9 MB back', async () => {
    const body = largestPageFile();
    expect(body.length).toBeGreaterThan(9 * 1024 * 1024);
    const before = t.app.media.stats.done;
    const json = { cookie: owner.cookie, 'content-type': 'application/json' };
    const { answers, health } = await whileHeavy(() => [request('POST', '/api/me/page-import/preview', json, body)]);
    expect(health.status).toBe(200);
    expect(answers[0]!.status, answers[0]!.body.toString().slice(0, 200)).toBe(200);
    // The items come back to be shown; the pictures stay with the client, which has them.
    expect(answers[0]!.body.length).toBeLessThan(1024 * 1024);
    const { document } = JSON.parse(answers[0]!.body.toString()).data;
    expect(document.items).toHaveLength(1000);
    expect(document.media).toEqual([]);
    expect(t.app.media.stats.done).toBeGreaterThan(before);

    // The import reads it there too: its links past Free's limit are skipped, its unused files left alone.
    const { mode, document: file } = { mode: 'append', document: JSON.parse(body).document };
    const imported = await request('POST', '/api/me/page-import', json, JSON.stringify({ mode, document: file }));
    expect(imported.status, imported.body.toString().slice(0, 200)).toBe(200);
    expect(JSON.parse(imported.body.toString()).data.skipped.length).toBeGreaterThan(0);

    // Sent without its length and past the account's limit: refused as it arrives, and the answer still reaches the client.
    const endless = `{"mode":"append","document":"${'x'.repeat(18 * 1024 * 1024)}"}`;
    const tooHeavy = await request('POST', '/api/me/page-import', { ...json, 'transfer-encoding': 'chunked' }, endless);
    expect([tooHeavy.status, JSON.parse(tooHeavy.body.toString()).code]).toEqual([413, 'request_too_large']);

    // What the worker refuses is said as before: not JSON, or the file's first problem with its place.
    const notJson = await request('POST', '/api/me/page-import', json, '{"mode":');
    expect([notJson.status, JSON.parse(notJson.body.toString()).code]).toEqual([400, 'invalid_json']);
    const wrong = await request(
      'POST',
      '/api/me/page-import/preview',
      json,
      JSON.stringify({ source: 'file', document: { format: 'other' } }),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body.toString()).message).toContain('"format"');
  });
});
