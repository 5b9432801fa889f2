import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_LIMITS } from '../memory-bounds.ts';
import type { MediaJobKind, ProcessedMedia } from './image-processing.ts';
import type { ReadingKind, Readings } from './input-readers.ts';

/** One job for the media worker process: a picture to decode or draw, or an input to read. */
export interface MediaJob {
  id: number;
  kind: MediaJobKind | ReadingKind;
  input: Uint8Array;
}

/** Jobs that draw the server's own pictures rather than decode what someone sent (MEDIA_LIMITS.drawingTimeMs). */
const SERVER_DRAWINGS = new Set<MediaJob['kind']>(['share-image', 'qr-code', 'report-chart']);

/** The worker's answers: ready once sharp is loaded, then one per job (a picture, or what an input read as). */
export type MediaJobAnswer =
  | { ready: true }
  | { id: number; result: ProcessedMedia }
  | { id: number; reading: unknown }
  | { id: number; error: 'unsupported' | 'failed' };

/** Why a job gave no result: content of another type, undecodable or too slow, or too many jobs waiting. */
export class MediaProcessingError extends Error {
  constructor(readonly reason: 'unsupported' | 'failed' | 'busy') {
    super(`media processing: ${reason}`);
    this.name = 'MediaProcessingError';
  }
}

interface Pending extends MediaJob {
  owner: string;
  resolve(result: unknown): void;
  reject(error: MediaProcessingError): void;
}

/**
 * Run from source (the tests), the worker is the TypeScript file through tsx;
 * built, it is the JavaScript file beside main.js.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(FROM_SOURCE ? './image-worker.ts' : './image-worker.js', import.meta.url);

export interface MediaProcessorOptions {
  /** A job running longer than this is refused and its worker killed (MEDIA_LIMITS.jobTimeMs). */
  jobTimeMs?: number;
  log?: FastifyBaseLogger;
}

/**
 * Every image decode goes through here (decision 009). Jobs run one at a time
 * in a worker process of their own: its own threads, so a slow decode never
 * waits on or holds the threads that hash passwords; its own memory, given
 * back when it has been idle for a while; and killable, which is the only way
 * to stop a decoder stuck in native code (librsvg does not look at libvips'
 * timeout until it has rendered the whole SVG). Bounded three ways:
 * - time: a job that runs past `jobTimeMs` fails, and its worker is killed;
 * - queue: at most MEDIA_LIMITS.queuedJobs wait, and at most
 *   MEDIA_LIMITS.queuedJobsPerOwner of them are one account's, so that one
 *   account flooding uploads cannot keep everyone else's out;
 * - pixels: every decoder refuses images over MAX_INPUT_PIXELS before decoding.
 */
export class MediaProcessor {
  private worker: ChildProcess | undefined;
  private ready = false;
  private running: Pending | undefined;
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private deadline: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly jobTimeMs: number;
  /** Jobs answered and failed since start, for operators. */
  readonly stats = { done: 0, failed: 0, timedOut: 0, refused: 0 };

  constructor(private readonly options: MediaProcessorOptions = {}) {
    this.jobTimeMs = options.jobTimeMs ?? MEDIA_LIMITS.jobTimeMs;
  }

  /** Jobs waiting or running now. */
  get depth(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Decode and re-encode `input` as `kind`; `owner` names whose job it is (an account, or the server's own). */
  process(kind: MediaJobKind, input: Buffer, owner: string): Promise<ProcessedMedia> {
    return this.enqueue(kind, input, owner) as Promise<ProcessedMedia>;
  }

  /** Read what someone sent (a page file, a LittleLink page) as `kind` reads it, with the same limits as a decode. */
  read<Kind extends ReadingKind>(kind: Kind, input: Buffer, owner: string): Promise<Readings[Kind]> {
    return this.enqueue(kind, input, owner) as Promise<Readings[Kind]>;
  }

  private enqueue(kind: MediaJob['kind'], input: Buffer, owner: string): Promise<unknown> {
    const owned = this.queue.filter((job) => job.owner === owner).length + (this.running?.owner === owner ? 1 : 0);
    if (this.queue.length >= MEDIA_LIMITS.queuedJobs || owned >= MEDIA_LIMITS.queuedJobsPerOwner) {
      this.stats.refused += 1;
      return Promise.reject(new MediaProcessingError('busy'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, input, owner, resolve, reject });
      this.pump();
    });
  }

  /** Stop the worker; jobs still waiting fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new MediaProcessingError('failed'));
    this.settle(new MediaProcessingError('failed'));
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
    }
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const worker = this.worker ?? this.start();
    if (!this.ready) return;
    const job = this.queue.shift()!;
    this.running = job;
    clearTimeout(this.idle);
    this.deadline = setTimeout(() => this.timeUp(job), SERVER_DRAWINGS.has(job.kind) ? MEDIA_LIMITS.drawingTimeMs : this.jobTimeMs);
    worker.send({ id: job.id, kind: job.kind, input: job.input } satisfies MediaJob);
  }

  private start(): ChildProcess {
    const worker = fork(WORKER_FILE, {
      execArgv: FROM_SOURCE ? ['--import', 'tsx'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // One libvips thread and a small libuv pool: one job at a time needs no more.
      env: { ...process.env, UV_THREADPOOL_SIZE: '2', VIPS_CONCURRENCY: '1' },
    });
    this.worker = worker;
    this.ready = false;
    // The lowest CPU priority: on a small machine, pages and sign-ins come before a decode.
    try {
      if (worker.pid !== undefined) setPriority(worker.pid, 19);
    } catch {
      // Not permitted here (some containers): the worker runs at the server's priority.
    }
    worker.on('message', (message: MediaJobAnswer) => {
      if (worker !== this.worker) return;
      if ('ready' in message) {
        this.ready = true;
      } else if (message.id === this.running?.id) {
        if ('result' in message) {
          const { data } = message.result;
          this.settle(undefined, { ...message.result, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
        } else if ('reading' in message) {
          this.settle(undefined, message.reading);
        } else {
          this.settle(new MediaProcessingError(message.error));
        }
      }
      this.pump();
    });
    worker.on('exit', (code, signal) => {
      if (worker !== this.worker) return;
      this.worker = undefined;
      this.ready = false;
      if (this.running) {
        this.options.log?.error({ code, signal }, 'the media worker stopped during a job');
        this.settle(new MediaProcessingError('failed'));
      }
      this.pump();
    });
    worker.on('error', (error) => this.options.log?.error({ err: error }, 'the media worker failed'));
    return worker;
  }

  /** The running job took too long: it fails, and its worker is killed (the next job starts another). */
  private timeUp(job: Pending): void {
    if (this.running !== job) return;
    this.stats.timedOut += 1;
    this.options.log?.warn({ kind: job.kind, owner: job.owner, ms: this.jobTimeMs }, 'media job over its time limit: refused');
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    worker?.kill('SIGKILL');
    this.settle(new MediaProcessingError('failed'));
    this.pump();
  }

  private settle(error: MediaProcessingError | undefined, result?: unknown): void {
    const job = this.running;
    if (!job) return;
    this.running = undefined;
    clearTimeout(this.deadline);
    if (error) {
      this.stats.failed += 1;
      job.reject(error);
    } else {
      this.stats.done += 1;
      job.resolve(result);
    }
    if (this.queue.length === 0) {
      // An idle worker is stopped, giving its memory back; the next job starts another.
      clearTimeout(this.idle);
      this.idle = setTimeout(() => {
        if (!this.running && this.queue.length === 0) void this.stopWorker();
      }, MEDIA_LIMITS.workerIdleMs);
      this.idle.unref();
    }
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    worker?.disconnect();
  }
}
