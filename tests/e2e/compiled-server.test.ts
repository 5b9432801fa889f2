import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_HASHING } from '#server/users/password.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

// `npm start` runs the compiled server (dist/server/main.js), not a TypeScript
// loader: start it as the README says, on a fresh data folder.

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkverse-start-'));
let server: ServerProcess | undefined;
afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('says where to open it in the one line the README gives, in the JSON log format too', async () => {
    const jsonData = mkdtempSync(path.join(tmpdir(), 'linkverse-start-json-'));
    const json = await startServerProcess({ DATA_DIR: jsonData, LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
    try {
      for (let tries = 0; tries < 100 && !json.output().includes('running at'); tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(json.output()).toMatch(/^Linkverse is running at http:\/\/localhost:\d+\n$/);
    } finally {
      json.child.kill('SIGKILL');
      rmSync(jsonData, { recursive: true, force: true });
    }
  });

  it('starts on a fresh data folder, says where to open it in one line, and serves the site', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' });
    // The line comes right after the server listens.
    for (let tries = 0; tries < 100 && !server.output().includes('running at'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output()).toMatch(/^Linkverse is running at http:\/\/localhost:\d+\n$/);

    const base = server.base;
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
    // The API tests hash with argon2id's smallest cost (users/password.ts); the compiled server, with the real one.
    const stored = new SQLite(path.join(dataDir, 'linkverse.sqlite'), { readonly: true });
    const { password_hash: passwordHash } = stored.prepare("select password_hash from users where username = 'compiled'").get() as {
      password_hash: string;
    };
    stored.close();
    const { memoryCost, timeCost, parallelism } = PASSWORD_HASHING;
    expect(passwordHash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`));
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

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('ends within 10 s of SIGTERM when its standard output has been closed', async () => {
    const closedOutput = mkdtempSync(path.join(tmpdir(), 'linkverse-start-'));
    const orphan = await startServerProcess({ DATA_DIR: closedOutput, LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
    try {
      // A process manager that went away: nothing reads the server's output any more.
      orphan.child.stdout!.destroy();
      orphan.child.stderr!.destroy();
      await fetch(`${orphan.base}/healthz`);
      orphan.child.kill('SIGTERM');
      const ended = await Promise.race([orphan.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000))]);
      expect(ended).toBe(0);
    } finally {
      orphan.child.kill('SIGKILL');
      rmSync(closedOutput, { recursive: true, force: true });
    }
  });
});
