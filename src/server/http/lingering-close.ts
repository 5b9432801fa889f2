import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How much of a request's body the server still reads after answering before
 * it arrived (413, or any early error), and for how long. nginx calls this a
 * lingering close (lingering_time, lingering_timeout).
 */
export const LINGER = { bytes: 16 * 1024 * 1024, ms: 10_000 } as const;

/**
 * An answer sent before the request's body has arrived (a 413 for a body over
 * the limit, a 400 for one that does not parse) must reach the client. Closing
 * the connection at once, with the rest of the body unread, makes the kernel
 * reset it, and a client still sending never reads the answer (it sees EPIPE
 * or ECONNRESET). So the connection is kept, the rest of the body read and
 * dropped, up to LINGER's bytes and time; past either it is closed.
 */
export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed) return payload;
    // Fastify asks to close after a body it refused; the body is read to its end instead.
    reply.removeHeader('connection');
    drainBody(raw);
    return payload;
  });
}

function drainBody(request: IncomingMessage): void {
  let bytes = 0;
  // Destroying the request destroys its connection (and works on injected requests, which have no real socket).
  const giveUp = () => request.destroy();
  const timer = setTimeout(giveUp, LINGER.ms);
  timer.unref();
  request.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > LINGER.bytes) giveUp();
  });
  request.once('close', () => clearTimeout(timer));
}
