// The compiled server as `npm start` runs it, as a process of its own: used by
// the browser tests (several processes, crashes, restarts) and by the benches.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The options `npm start` gives node, read from package.json's start script, so
 * that the benches and the tests run the compiled server exactly as users do.
 */
export function startNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const [, options = ''] = /\bnode((?:\s+--\S+)*)\s+dist\/server\/main\.js/.exec(scripts.start) ?? [];
  return options.split(/\s+/).filter(Boolean);
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export const freePort = () => 20_000 + Math.floor(Math.random() * 30_000);

/**
 * The compiled server (`npm start`'s dist/server/main.js, with its node options
 * and `extraNodeOptions` after them), answering /healthz. JSON logs at `warn`
 * unless `env` says otherwise; no database or Redis URL from the caller's
 * environment unless `env` gives one.
 */
export async function startServerProcess(env: Record<string, string>, extraNodeOptions: string[] = []): Promise<ServerProcess> {
  // A port picked at random may be another process's by chance: then another one, a few times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(env, extraNodeOptions);
    } catch (error) {
      if (env.PORT !== undefined || attempt === 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>, extraNodeOptions: string[]): Promise<ServerProcess> {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm test does).');
  const port = env.PORT ?? String(freePort());
  const child = spawn(process.execPath, [...startNodeOptions(), ...extraNodeOptions, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 30_000) throw new Error(`the server did not answer in 30 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, child, output: () => output, exited };
}

/**
 * The compiled server on an empty data folder of its own (SQLite), as a fresh
 * install: `stop()` ends it and removes the folder. For the scripts that look
 * at the product (Lighthouse, screenshots).
 */
export async function startFreshServer(name: string): Promise<ServerProcess & { dataDir: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `linkverse-${name}-`));
  const server = await startServerProcess({ DATA_DIR: dataDir });
  const stop = async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...server, dataDir, stop };
}
