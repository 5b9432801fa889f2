import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, visitorAgent } from '../helpers/server-process.ts';

// Several instances, proven (issue 12): two server processes on the same
// PostgreSQL and Redis, as the README's "several instances" section runs them.

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const schema = `test_instances_${randomBytes(4).toString('hex')}`;
const instances: ServerProcess[] = [];

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const post = (instance: ServerProcess, url: string, body: unknown, cookie?: string, method = 'POST') =>
  fetch(`${instance.base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: instance.base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe.skipIf(!postgresUrl || !redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    const env = { DATABASE_URL: postgresUrl!, DATABASE_SCHEMA: schema, REDIS_URL: redisUrl!, REDIS_PREFIX: `${schema}:` };
    // The first creates the schema and migrates; the second starts on it.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    instances.push(a, b);
  });
  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    }
    if (postgresUrl) {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  it('keeps a session made on one instance on the other', async () => {
    const registered = await post(a, '/api/auth/register', { username: 'twin', password: 'secret123' });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(`${b.base}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).data.username).toBe('twin');
    // Signing out on the second ends the session on the first too.
    expect((await post(b, '/api/auth/logout', {}, cookie)).status).toBe(200);
    expect((await fetch(`${a.base}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('shares the login rate limit: ten failures spread over both, then both refuse', async () => {
    expect((await post(a, '/api/auth/register', { username: 'limited', password: 'secret123' })).status).toBe(201);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await post(attempt % 2 ? b : a, '/api/auth/login', { username: 'limited', password: 'wrong-password' });
      expect(response.status, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const instance of [a, b]) {
      const refused = await post(instance, '/api/auth/login', { username: 'limited', password: 'secret123' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  });

  it('drops the cached page on the other instance at once when a profile changes on one', async () => {
    const registered = await post(a, '/api/auth/register', { username: 'cached', password: 'secret123', displayName: 'Before' });
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const visitor = { 'user-agent': visitorAgent(1) };
    for (let visit = 0; visit < 2; visit++)
      expect(await (await fetch(`${b.base}/cached`, { headers: visitor })).text()).toContain('Before');
    expect((await post(a, '/api/me/profile', { displayName: 'After' }, cookie, 'PATCH')).status).toBe(200);
    // The change is published through Redis; the next visit on the other instance renders anew.
    let page = '';
    for (let tries = 0; tries < 20 && !page.includes('After'); tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      page = await (await fetch(`${b.base}/cached`, { headers: visitor })).text();
    }
    expect(page).toContain('After');
    expect(page).not.toContain('Before');
  });

  it('shows coming-soon mode switched on one instance on both', async () => {
    const registered = await post(a, '/api/auth/register', { username: 'operator', password: 'secret123' });
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    await query(`update users set role = 'admin' where username = 'operator'`);
    expect((await post(b, '/api/admin/site-settings', { maintenanceMode: true, maintenanceMessage: 'Back soon' }, cookie)).status).toBe(
      200,
    );
    for (const instance of [a, b]) {
      let status = 0;
      for (let tries = 0; tries < 20 && status !== 503; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await fetch(`${instance.base}/cached`)).status;
      }
      expect(status).toBe(503);
    }
    expect((await post(a, '/api/admin/site-settings', { maintenanceMode: false }, cookie)).status).toBe(200);
  });

  it('shows a scheduled link on both instances from its start until its end, the page and /go alike', async () => {
    const registered = await post(a, '/api/auth/register', { username: 'scheduled', password: 'secret123' });
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    await post(a, '/api/links', { title: 'Always', url: 'https://always.example' }, cookie);
    // A window a few seconds ahead, on the wall clock both instances read (the test's own clock is in tests/api/scheduled-links.test.ts).
    const start = Math.ceil((Date.now() + 3000) / 1000) * 1000;
    const end = start + 3000;
    const created = await post(
      a,
      '/api/links',
      { title: 'Flash sale', url: 'https://sale.example', startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() },
      cookie,
    );
    const sale = (await created.json()).data;
    const visitor = { 'user-agent': visitorAgent(7) };
    const page = async (instance: ServerProcess) => (await fetch(`${instance.base}/scheduled`, { headers: visitor })).text();
    const go = async (instance: ServerProcess) =>
      (await fetch(`${instance.base}/go/${sale.id}`, { headers: visitor, redirect: 'manual' })).status;
    const until = async (moment: number) => {
      while (Date.now() < moment) await new Promise((resolve) => setTimeout(resolve, Math.min(100, moment - Date.now())));
    };
    // Before: each instance draws and caches the page without it (twice: the second from the cache), and /go refuses.
    for (const instance of [a, b]) {
      for (let visit = 0; visit < 2; visit++) expect(await page(instance)).not.toContain('Flash sale');
      expect(await go(instance)).toBe(404);
    }
    // From the start: on both, though each had the page cached, and /go redirects (then from each one's cache).
    await until(start + 100);
    for (const instance of [a, b]) {
      expect(await page(instance)).toContain('Flash sale');
      expect(await go(instance)).toBe(302);
      expect(await go(instance)).toBe(302);
    }
    // From the end: gone again from both, the cached redirects too.
    await until(end + 100);
    for (const instance of [a, b]) {
      expect(await page(instance)).not.toContain('Flash sale');
      expect(await page(instance)).toContain('Always');
      expect(await go(instance)).toBe(404);
    }
  });

  it('counts every view and click served by either instance', async () => {
    const registered = await post(a, '/api/auth/register', { username: 'counted', password: 'secret123' });
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const link = (await (await post(a, '/api/links', { title: 'Site', url: 'https://example.com' }, cookie)).json()).data;
    let views = 0;
    let clicks = 0;
    // A different visitor each time (one visitor's repeats within 30 minutes count once).
    for (let visitor = 0; visitor < 40; visitor++) {
      const instance = visitor % 2 ? b : a;
      const headers = { 'user-agent': visitorAgent(100 + visitor) };
      if ((await fetch(`${instance.base}/counted`, { headers })).status === 200) views += 1;
      if ((await fetch(`${instance.base}/go/${link.id}`, { headers, redirect: 'manual' })).status === 302) clicks += 1;
    }
    expect(views).toBe(40);
    expect(clicks).toBe(40);
    // Both stop as an orchestrator stops them; each writes what it holds.
    for (const instance of [a, b]) instance.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    const rows = await query<{ kind: string; visits: number }>(
      `select e.kind, count(*)::int as visits from events e join users u on u.id = e.user_id where u.username = 'counted' and e.counted = 1 group by e.kind order by e.kind`,
    );
    expect(rows).toEqual([
      { kind: 'click', visits: clicks },
      { kind: 'view', visits: views },
    ]);
  });
});
