import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/api.ts';
import { LINGER } from '#server/http/lingering-close.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';

// A body over the limit is answered 413 before it arrives. The answer must reach
// a client that is still sending (a browser uploading, Node's fetch): the server
// reads the rest of the body (bounded) instead of resetting the connection under
// the answer. Real sockets, as inject() has no connection to close.

const BODY_BYTES = 2 * 1024 * 1024;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Exchange {
  answer: string;
  /** Body bytes the client managed to send. */
  sent: number;
  /** What the client's socket said went wrong, if anything (EPIPE, ECONNRESET). */
  error?: string;
}

/** Send the headers, wait for the answer, then send the whole body, as a slow uploader would. */
function registerWithLargeBody(bodyBytes = BODY_BYTES): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let error: string | undefined;
    let bodySent = false;
    let sent = 0;
    socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
    socket.on('close', () => resolve({ answer, sent, error }));
    socket.write(
      `POST /api/auth/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    );
    socket.on('data', async (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (bodySent || !answer.includes('\r\n\r\n') || !answer.includes('}')) return;
      bodySent = true;
      const slice = Buffer.alloc(64 * 1024, 'x');
      for (; sent < bodyBytes && !socket.destroyed; sent += slice.length) {
        if (!socket.write(slice)) await new Promise((drained) => socket.once('drain', drained));
      }
      // The body is whole: the client is done with this connection.
      socket.end();
    });
  });
}

describe(`an answer sent before the body arrived (${DIALECT})`, () => {
  it('reaches each of several clients in a row: 413 with its message, and no reset while they finish sending', async () => {
    for (let client = 0; client < 6; client += 1) {
      const { answer, error } = await registerWithLargeBody();
      expect(answer.split('\r\n')[0], `client ${client}`).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer).toContain(commonMessages.requestTooLarge);
      expect(error, `client ${client}`).toBeUndefined();
    }
  });

  it(`reads no more than ${LINGER.bytes / 1024 / 1024} MB of a refused body before closing`, async () => {
    const { answer, sent } = await registerWithLargeBody(LINGER.bytes * 4);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(sent).toBeLessThan(LINGER.bytes * 2);
  });
});
