import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { standardOutput } from '#server/logging.ts';

// The server's log destination (src/server/logging.ts), on a real pipe: a FIFO
// opened without blocking, as a log reader's pipe can be.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function pipe(): { read: number; write: number } {
  const folder = mkdtempSync(path.join(tmpdir(), 'linkverse-log-'));
  folders.push(folder);
  const fifo = path.join(folder, 'out');
  execFileSync('mkfifo', [fifo]);
  const read = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const write = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  return { read, write };
}

function drain(fd: number): string {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(65_536);
  for (;;) {
    try {
      const bytes = readSync(fd, buffer);
      if (bytes === 0) break;
      chunks.push(Buffer.from(buffer.subarray(0, bytes)));
    } catch {
      break; // EAGAIN: nothing more for now
    }
  }
  return Buffer.concat(chunks).toString();
}

describe('the log destination', () => {
  it('writes each line whole, at once', () => {
    const { read, write } = pipe();
    const output = standardOutput(undefined, write);
    output.write('{"msg":"one"}\n');
    output.write('{"msg":"two"}\n');
    expect(drain(read)).toBe('{"msg":"one"}\n{"msg":"two"}\n');
    closeSync(read);
    closeSync(write);
  });

  it('drops what a full pipe cannot take without waiting, then says how many lines were lost', () => {
    const { read, write } = pipe();
    const output = standardOutput(undefined, write);
    const line = `{"msg":"${'x'.repeat(1000)}"}\n`;
    for (let count = 0; count < 200; count++) output.write(line); // 200 kB into a 64 kB pipe
    const first = drain(read);
    expect(first.length).toBeLessThan(200 * line.length);
    output.write('{"msg":"after"}\n');
    const lines = drain(read).split('\n').filter(Boolean);
    const notice = JSON.parse(lines.at(-2)!);
    expect(notice.msg).toMatch(/^\d+ log lines dropped: nothing was reading standard output$/);
    expect(Number(notice.msg.split(' ')[0])).toBeGreaterThan(100);
    expect(lines.at(-1)).toBe('{"msg":"after"}');
    closeSync(read);
    closeSync(write);
  });

  it('stops writing, without an error, once nobody can read', () => {
    const { read, write } = pipe();
    const output = standardOutput(undefined, write);
    closeSync(read);
    expect(() => output.write('{"msg":"into a closed pipe"}\n')).not.toThrow();
    expect(() => output.write('{"msg":"and again"}\n')).not.toThrow();
    closeSync(write);
  });
});
