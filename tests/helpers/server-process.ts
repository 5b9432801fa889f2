import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startNodeOptions } from '../../scripts/node-options.ts';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
}

const freePort = () => 30_000 + Math.floor(Math.random() * 20_000);

/** The compiled server (`npm start`'s dist/server/main.js) as a process of its own, answering /healthz. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm test does).');
  const port = env.PORT ?? String(freePort());
  const child = spawn(process.execPath, [...startNodeOptions(), 'dist/server/main.js'], {
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

/** A desktop browser's user agent, different for each visitor number (bots are not counted). */
export const visitorAgent = (visitor: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${visitor}.0 Safari/537.36`;
