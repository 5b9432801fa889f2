import { setImmediate } from 'node:timers/promises';

/**
 * Each of `pieces` in a turn of the event loop of its own. A stream fed from a
 * plain generator writes to a fast socket without ever yielding (each write
 * finishes at once and asks for the next), so a large answer sent in pieces
 * still held every other request until its last piece (issue 51 §4).
 */
export async function* oneATurn<T>(pieces: Iterable<T>): AsyncGenerator<T> {
  for (const piece of pieces) {
    yield piece;
    await setImmediate();
  }
}
