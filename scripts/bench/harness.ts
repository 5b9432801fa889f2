// What the benches share: the tools they run (wrk, nginx from Debian), wrk's
// figures read from its output, and the product started as `npm start` runs it.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServerProcess } from '../server-process.ts';

// wrk and nginx come from Debian; install them when missing, as CI installs Chromium.
export function ensureTool(command: string, versionFlag: string, debianPackage: string): void {
  if (spawnSync(command, [versionFlag]).error === undefined) return;
  console.log(`installing ${debianPackage} from Debian...`);
  spawnSync('apt-get', ['install', '-y', '-qq', debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (spawnSync(command, [versionFlag]).error !== undefined) {
    console.error(`${command} is needed: apt-get install -y ${debianPackage}`);
    process.exit(1);
  }
}

export interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** wrk's latency lines, when their p99 could not be read. */
  latencyOutput?: string;
  /** CPU time the server process spent per request, in µs: its main thread and its other threads (GC, workers). */
  cpu?: { main: number; other: number };
  statuses: { ok: number; failed: number; errors?: string };
  /** Answers served during the unmeasured warm-up (they count as views and clicks too). */
  warmUpServed?: number;
  /** The server's memory and page cache right after the measured load. */
  memory?: MemoryFigures;
}

export interface MemoryFigures {
  rss: number;
  /** Of rss, the memory the process allocated itself (not node's binary and libraries mapped from disk); Linux only. */
  rssAnon?: number;
  heapUsed: number;
  pageCache: { pages: number; bytes: number; redirects: number };
}

export const toMs = (text: string | undefined) => {
  const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
};

/** wrk with one thread over `connections`, drawing paths from `paths` (written to a file in `dir`). */
export function wrk(
  dir: string,
  connections: number,
  name: string,
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
): Figures {
  const pathsFile = path.join(dir, `${name.replace(/\W+/g, '-')}.paths`);
  writeFileSync(pathsFile, paths.join('\n') + '\n');
  const headerArgs = Object.entries(headers).flatMap(([header, value]) => ['-H', `${header}: ${value}`]);
  const output = spawnSync(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, '-s', 'scripts/bench/paths.lua', url, '--', pathsFile],
    { encoding: 'utf8' },
  ).stdout;
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(output)?.[1];
  return {
    name,
    requests,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p50: toMs(/^\s*50%\s+(\S+)/m.exec(output)?.[1]),
    p99: toMs(/^\s*99%\s+(\S+)/m.exec(output)?.[1]),
    ...(Number.isFinite(toMs(/^\s*99%\s+(\S+)/m.exec(output)?.[1]))
      ? {}
      : { latencyOutput: /Latency Distribution[\s\S]*?99%.*/.exec(output)?.[0] ?? output.slice(0, 400) }),
    statuses: { ok: requests - failed, failed, ...(errors ? { errors } : {}) },
  };
}

/** CPU seconds a process has used so far, main thread and the rest (Linux /proc; undefined elsewhere). */
export function cpuSeconds(pid: number | undefined): { main: number; other: number } | undefined {
  try {
    const ticks = (file: string) => {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };
    const total = readdirSync(`/proc/${pid}/task`).reduce((sum, task) => sum + ticks(`/proc/${pid}/task/${task}/stat`), 0);
    const main = ticks(`/proc/${pid}/task/${pid}/stat`);
    return { main, other: total - main };
  } catch {
    return undefined;
  }
}

export async function waitFor(url: string): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      if (tries > 300) throw new Error(`${url} did not answer`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Product {
  base: string;
  process: ChildProcess;
  /** The server's memory and page cache now (it logs them on SIGUSR2). */
  memory(): Promise<MemoryFigures>;
}

/** The product as `npm start` runs it (compiled, with its node options), on the seeded database. */
export async function startProduct(dataDir: string, extraEnv: Record<string, string>): Promise<Product> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const extraOptions = (process.env.BENCH_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      // Info lines are few (requests are not logged): the start line and the memory lines.
      LOG_LEVEL: 'info',
      PUBLIC_URL: '',
      TRUST_PROXY: '',
      PAGE_CACHE_MB: '',
      ...extraEnv,
    },
    [...extraOptions, ...profile],
  );
  const child = server.child;
  const memoryLines: Array<(figures: MemoryFigures) => void> = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      // The start line is plain text; the log's lines are JSON.
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg?: string; level?: number } & Partial<MemoryFigures>;
      if (entry.msg === 'memory') memoryLines.shift()?.({ ...(entry as MemoryFigures), rssAnon: anonymousMemoryOf(child.pid) });
      else if ((entry.level ?? 0) >= 40) console.error(line);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return {
    base: server.base,
    process: child,
    memory: () =>
      new Promise((resolve) => {
        memoryLines.push(resolve);
        child.kill('SIGUSR2');
      }),
  };
}

/** RssAnon from /proc (bytes), or undefined where there is none. */
function anonymousMemoryOf(pid: number | undefined): number | undefined {
  try {
    const kB = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kB === undefined ? undefined : Number(kB) * 1024;
  } catch {
    return undefined;
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
