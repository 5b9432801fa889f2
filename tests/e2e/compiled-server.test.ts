import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` runs the compiled server (dist/server/main.js), not a TypeScript
// loader: start it as the README says, on a fresh data folder.

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-start-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('starts on a fresh data folder, says where to open it in one line, and serves the site', async () => {
    expect(existsSync('dist/server/main.js')).toBe(true);
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const started = Date.now();
    server = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_FORMAT: 'pretty',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    while (!output.includes('running at') && Date.now() - started < 20_000 && server.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output).toMatch(/INFO: Linkverse is running at http:\/\/localhost:\d+\n$/);
    expect(output.trim().split('\n')).toHaveLength(1);

    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const docs = await fetch(`${base}/api/openapi.json`);
    expect((await docs.json()).info.title).toBe('Linkverse API');

    // A visit is counted by the compiled writer thread (dist/server/sqlite-event-writer.worker.js), which the tests otherwise run from source.
    const headers = { origin: base, 'content-type': 'application/json' };
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'compiled', password: 'secret123' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const visitor = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    };
    expect((await fetch(`${base}/compiled`, { headers: visitor })).status).toBe(200);
    const views = async () => (await (await fetch(`${base}/api/me/analytics?days=7`, { headers: { cookie } })).json()).data.profileViews;
    const until = Date.now() + 10_000;
    while ((await views()) === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await views()).toBe(1);

    // Uploads are decoded by the compiled media worker (dist/server/image-worker.js), a process of its own.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPojvn2HxkzkC4AAARuLcH7EAuCAAAAAElFTkSuQmCC',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${base}/api/media/avatar`, { method: 'POST', headers: { origin: base, cookie }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    expect((await uploaded.json()).data).toMatchObject({ kind: 'avatar', width: 4, height: 4 });

    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
