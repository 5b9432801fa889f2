import { writeSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from './config.ts';
import { loadWhenUsed } from './load-when-used.ts';

/**
 * Standard output as pino's destination, written synchronously and never
 * waited on: a line is out when the call returns, so nothing is left to flush
 * at exit. pino's own destination (sonic-boom) keeps what it could not write
 * and retries it at exit: with nobody reading standard output, SIGTERM closed
 * the port and the process never ended. Here a closed output ends logging for
 * good, and on a non-blocking output a line that finds the pipe full is
 * dropped at once; the next line that gets through says how many were lost.
 * (A blocking pipe that is open but never read holds the write, as it holds
 * console.log: a log reader must read.) `format` turns pino's
 * JSON line into what is written (pino-pretty's readable line).
 */
export function standardOutput(format: (line: string) => string = (line) => line, fd = 1): { write(line: string): void } {
  let open = true;
  let dropped = 0;
  /** A line was cut by a full pipe: the next write starts on a line of its own. */
  let midLine = false;
  const writeAll = (text: string): boolean => {
    let bytes = Buffer.from(text);
    while (bytes.length > 0) {
      try {
        bytes = bytes.subarray(writeSync(fd, bytes));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') open = false;
        return false;
      }
      midLine = bytes.length > 0;
    }
    return true;
  };
  return {
    write(line: string) {
      if (!open) return;
      if (dropped > 0) {
        const notice =
          JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log lines dropped: nothing was reading standard output` }) + '\n';
        if (!writeAll(`${midLine ? '\n' : ''}${format(notice)}`)) {
          dropped += 1;
          return;
        }
        dropped = 0;
      }
      if (!writeAll(format(line))) dropped += 1;
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
