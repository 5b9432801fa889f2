import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser } from '../helpers/factories.ts';
import { type StallingProxy, startStallingProxy } from '../helpers/stalling-proxy.ts';

// A PostgreSQL that stops answering without refusing connections (a hung host):
// the real server behind a TCP proxy that stalls. The pool's connect and
// statement timeouts must keep requests and the analytics queue bounded.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe.runIf(DIALECT === 'postgres')('a database that stops answering', () => {
  let proxy: StallingProxy;
  let t: TestApp;
  let base: string;
  let creator: SignedInUser;

  beforeAll(async () => {
    const real = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startStallingProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    t = await createTestApp({
      config: { databaseUrl: viaProxy.toString(), databaseConnectTimeoutMs: 300, databaseStatementTimeoutMs: 500 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    creator = await createUser(t.app);
  });
  afterAll(async () => {
    proxy.resume();
    await t.close();
    await proxy.close();
  });

  const visit = () => fetch(`${base}/${creator.user.username}`, { headers: { 'user-agent': BROWSER } });

  it('answers 503 while it hangs, keeps the analytics queue bounded, and recovers when it returns', async () => {
    expect((await visit()).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    await t.app.events.flush();
    const writtenBefore = t.app.events.counts.written;

    proxy.stall();
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { database: 'unavailable' } });
    // A request that needs the database answers (503, the contract's body) instead of waiting for it.
    const me = await fetch(`${base}/api/auth/me`, { headers: { cookie: creator.cookie } });
    expect(me.status).toBe(503);
    expect(await me.json()).toMatchObject({ code: 'database_unavailable' });
    // The cached page still answers and is counted in memory, within the recorder's bounds.
    for (let index = 0; index < 20; index += 1) expect((await visit()).status).toBe(200);
    await t.app.events.flush();
    expect(t.app.events.counts.written).toBe(writtenBefore);
    expect(t.app.events.queued).toBeGreaterThan(0);
    expect(t.app.events.queued).toBeLessThanOrEqual(20);

    proxy.resume();
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 10_000 }).toBe(200);
    expect((await fetch(`${base}/api/auth/me`, { headers: { cookie: creator.cookie } })).status).toBe(200);
    await t.app.events.flush();
    expect(t.app.events.queued).toBe(0);
    expect(t.app.events.counts.written).toBeGreaterThan(writtenBefore);
  });
});
