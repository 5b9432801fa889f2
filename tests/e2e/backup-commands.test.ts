import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

// The README's backup commands, as an operator runs them: a backup while the
// server runs, a restore into a new data folder, and the site back on it.

const folder = mkdtempSync(path.join(tmpdir(), 'linkverse-backup-commands-'));
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

const npm = (args: string[], dataDir: string) =>
  spawnSync('npm', ['run', '--silent', ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

describe('npm run backup and npm run restore (SQLite)', () => {
  it('backs up a running site and brings it back in a new data folder', { timeout: 60_000 }, async () => {
    const original = path.join(folder, 'original');
    const server = await startServerProcess({ DATA_DIR: original });
    servers.push(server);
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'kept', password: 'secret123', displayName: 'Kept Safe' }),
    });
    expect(registered.status).toBe(201);

    const file = path.join(folder, 'site.backup');
    const backup = npm(['backup', '--', file], original);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up SQLite in .+ to .+site\.backup \(\d+\.\d MB\)\.\n$/);

    // Restoring over the live database is refused; into a new folder it works.
    const refused = npm(['restore', '--', file], original);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already exists: restore into an empty data folder/);
    const restoredDir = path.join(folder, 'restored');
    const restore = npm(['restore', '--', file], restoredDir);
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain('Restored');

    server.child.kill('SIGTERM');
    await server.exited;
    const restored = await startServerProcess({ DATA_DIR: restoredDir });
    servers.push(restored);
    const page = await fetch(`${restored.base}/kept`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Kept Safe');
    const login = await fetch(`${restored.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'kept', password: 'secret123' }),
    });
    expect(login.status).toBe(200);
    restored.child.kill('SIGTERM');
    await restored.exited;
  });
});
