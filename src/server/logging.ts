import { writeSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from './config.ts';
import { loadWhenUsed } from './load-when-used.ts';

/** How long one line may wait for a full pipe before it is dropped: the event loop is never held longer. */
const FULL_PIPE_WAIT_MS = 20;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Standard output as pino's destination, written synchronously: a line is
 * out when the call returns, so nothing is left to flush at exit. pino's own
 * destination (sonic-boom) retries a failed write at exit, and once standard
 * output was closed (a process manager gone away) it retried EPIPE every
 * 100 ms for ever: the port closed, the process never ended. Here a closed
 * output ends logging for good, and a full pipe holds a line at most
 * FULL_PIPE_WAIT_MS before the line is dropped. `format` turns pino's JSON
 * line into what is written (pino-pretty's readable line).
 */
export function standardOutput(format: (line: string) => string = (line) => line, fd = 1): { write(line: string): void } {
  let open = true;
  return {
    write(line: string) {
      if (!open) return;
      let bytes = Buffer.from(format(line));
      const deadline = Date.now() + FULL_PIPE_WAIT_MS;
      while (bytes.length > 0) {
        try {
          bytes = bytes.subarray(writeSync(fd, bytes));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
            open = false;
            return;
          }
          if (Date.now() >= deadline) return;
          Atomics.wait(sleeper, 0, 0, 1);
        }
      }
    },
  };
}

/** pino, as LOG_FORMAT asks: one readable line per entry, or JSON lines for collectors. */
export function createLogger(config: AppConfig): FastifyBaseLogger {
  if (config.logLevel === 'silent') return pino({ level: 'silent' });
  if (config.logFormat === 'json') return pino({ level: config.logLevel }, standardOutput());
  const { prettyFactory } = loadWhenUsed('pino-pretty') as typeof import('pino-pretty');
  const pretty = prettyFactory({
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  return pino({ level: config.logLevel }, standardOutput(pretty));
}
