import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE } from '#shared/admin.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createUser } from '../helpers/factories.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let linkId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  member = await createUser(t.app);
  linkId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie: member.cookie },
      payload: { title: 'x', url: 'https://example.com' },
    })
  ).json().data.id;
});
afterAll(() => t.close());

async function setMode(app: TestApp['app'], maintenanceMode: boolean, maintenanceMessage = 'Back soon <b>friends</b>') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/site-settings',
    headers: { cookie: admin.cookie },
    payload: { maintenanceMode, maintenanceMessage },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) } });

describe(`coming-soon mode (${DIALECT})`, () => {
  it('closes pages, profiles, redirects and the API to visitors and users with 503', async () => {
    expect(await setMode(t.app, true)).toEqual({ maintenanceMode: true, maintenanceMessage: 'Back soon <b>friends</b>' });
    for (const cookie of [undefined, member.cookie]) {
      for (const url of ['/', '/register', '/dashboard', `/${member.user.username}`, `/go/${linkId}`, '/pricing']) {
        const response = await get(url, cookie);
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.body).toContain('Back soon &#60;b&#62;friends&#60;/b&#62;');
        expect(response.body).not.toContain('Admin Access - Bypass Maintenance Mode');
      }
      const api = await get(`/api/users/${member.user.id}/links`, cookie);
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({ code: 'maintenance', message: 'Back soon <b>friends</b>' });
      const mutation = await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: cookie ? { cookie } : {},
        payload: { title: 'x', url: 'x.com' },
      });
      expect(mutation.statusCode).toBe(503);
    }
    await setMode(t.app, false);
  });

  it("says it in a creator's page's language on that page, and keeps an admin's own message as written", async () => {
    const creator = await createUser(t.app, { language: 'es' });
    const arabic = await createUser(t.app, { language: 'ar' });
    await setMode(t.app, true, '');
    const spanish = await get(`/${creator.user.username}`);
    expect(spanish.statusCode).toBe(503);
    expect(spanish.body).toMatch(/^<!doctype html><html lang="es">/);
    expect(spanish.body).toContain('<h1>Muy pronto</h1>');
    expect(spanish.body).toContain('Estamos preparando algo increíble para ti.');
    expect(spanish.body).toContain('Acceso de administración');
    expect((await get(`/${arabic.user.username}/`)).body).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    // The site's own pages, and a name that is no page, in the site's language, with the spec's words.
    for (const url of ['/', '/pricing', '/nobody-here', '/%E2%9C%93']) {
      const site = await get(url);
      expect(site.body, url).toMatch(/^<!doctype html><html lang="en">/);
      expect(site.body, url).toContain(DEFAULT_MAINTENANCE_MESSAGE);
    }
    await setMode(t.app, true, 'Volvemos el lunes');
    const own = (await get(`/${creator.user.username}`)).body;
    expect(own).toContain('<p class="message" dir="auto">Volvemos el lunes</p>');
    expect(own).not.toContain('algo increíble');
    await setMode(t.app, false);
  });

  it('keeps open what an admin needs to sign in', async () => {
    await setMode(t.app, true);
    expect((await get('/login')).statusCode).toBe(200);
    expect((await get('/healthz')).statusCode).toBe(200);
    // A closed site is still ready to serve: its instances stay in the load balancer's pool.
    expect((await get('/readyz')).statusCode).toBe(200);
    expect((await get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await get('/api/admin/site-settings')).json().maintenanceMode).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.user.username, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
    // The coming-soon page is drawn in the site's font, which stays reachable, and carries its logo.
    const closed = (await get('/')).body;
    const font = /src:url\((\/fonts\/[^)]+\.woff2)\)/.exec(closed)?.[1];
    expect(font).toBeDefined();
    expect(closed).toContain("font-family:'Inter Variable'");
    expect(closed).toContain('<span>Linkverse</span>');
    expect((await get(font!)).statusCode).toBe(200);
    await setMode(t.app, false);
  });

  it('keeps the second factor and passkey sign-in open: an admin with an authenticator app still gets in', async () => {
    const guarded = await createAdmin(t.app);
    const setup = (await t.app.inject({ method: 'POST', url: '/api/me/two-factor/totp', headers: { cookie: guarded.cookie } })).json().data;
    const code = (at: number) =>
      new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: at });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/me/two-factor/totp/confirm',
      headers: { cookie: guarded.cookie },
      payload: { code: code(Date.now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    await setMode(t.app, true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: guarded.user.username, password: guarded.password },
    });
    expect(login.json().data.secondFactor).toBeDefined();
    const challenge = login.cookies.find((cookie) => cookie.name === 'lv_challenge')!;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      headers: { cookie: `lv_challenge=${challenge.value}` },
      payload: { code: code(Date.now() + 30_000) },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })).statusCode).toBe(200);
    await setMode(t.app, false);
  });

  it('lets admins use the whole site, and shows them the bypass link', async () => {
    await setMode(t.app, true);
    for (const url of ['/', '/dashboard', `/${member.user.username}`, '/api/admin/stats', `/api/users/${member.user.id}/links`]) {
      expect((await get(url, admin.cookie)).statusCode, url).toBe(200);
    }
    expect((await get(`/go/${linkId}`, admin.cookie)).statusCode).toBe(302);
    const preview = await get('/coming-soon', admin.cookie);
    expect(preview.body).toContain('Admin Access - Bypass Maintenance Mode');
    expect(preview.body).toContain('href="/dashboard"');
    expect((await get('/coming-soon')).body).not.toContain('Admin Access - Bypass Maintenance Mode');
    await setMode(t.app, false);
    expect((await get(`/${member.user.username}`)).statusCode).toBe(200);
  });

  it('shows the default message when the message is empty, and logs each change once', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/admin/logs?action=settings_change', headers: { cookie: admin.cookie } })
    ).json().total;
    await setMode(t.app, true, '   ');
    expect((await get('/')).body).toContain(DEFAULT_MAINTENANCE_MESSAGE);
    await setMode(t.app, false, '');
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/admin/logs?action=settings_change', headers: { cookie: admin.cookie } })
    ).json().total;
    expect(after).toBe(before + 2);
  });

  it('validates the settings', async () => {
    for (const payload of [{}, { maintenanceMode: 'yes' }, { maintenanceMode: true, maintenanceMessage: 'x'.repeat(2001) }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/site-settings', headers: { cookie: admin.cookie }, payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('treats the site as live when the settings cannot be read', async () => {
    const broken = await createTestApp();
    try {
      await broken.app.db.updateTable('siteSettings').set({ maintenanceMode: 1 }).execute();
      await broken.app.db.schema.alterTable('siteSettings').renameTo('site_settings_gone').execute();
      const response = await broken.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(response.statusCode).toBe(401);
      expect((await broken.app.inject({ method: 'GET', url: '/register' })).statusCode).toBe(200);
    } finally {
      await broken.app.db.schema.alterTable('site_settings_gone').renameTo('site_settings').execute();
      await broken.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)(`several instances (${DIALECT})`, () => {
  it('a change on one instance reaches another at once through Redis', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    const first = await createTestApp({ config: { redisUrl } });
    const second = await createTestApp({ config: { redisUrl }, shareDatabaseWith: first });
    try {
      const boss = await createAdmin(first.app);
      const visitor = () => second.app.inject({ method: 'GET', url: '/register' });
      expect((await visitor()).statusCode).toBe(200);
      const on = await first.app.inject({
        method: 'POST',
        url: '/api/admin/site-settings',
        headers: { cookie: boss.cookie },
        payload: { maintenanceMode: true, maintenanceMessage: 'Soon' },
      });
      expect(on.statusCode).toBe(200);
      await expect.poll(async () => (await visitor()).statusCode, { timeout: 3000 }).toBe(503);
      await first.app.inject({
        method: 'POST',
        url: '/api/admin/site-settings',
        headers: { cookie: boss.cookie },
        payload: { maintenanceMode: false, maintenanceMessage: 'Soon' },
      });
      await expect.poll(async () => (await visitor()).statusCode, { timeout: 3000 }).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
