import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, computeSecurityHeaders } from '#server/http/security-headers.ts';
import { type SignedInUser, createAdmin, createLink, createUser, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { type DnsServer, startDnsServer } from '../helpers/dns-server.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type TestOidcProvider, startOidcProvider } from '../helpers/oidc-provider.ts';
import { type StripeStandIn, signedEvent, startStripeStandIn, stripeTestSettings } from '../helpers/stripe-stand-in.ts';
import { pageTransferMessages } from '#shared/page-transfer.ts';

// The classes of hostile input an attack session got through (issue 12), each
// answered as the HTTP contract says: a 4xx with the contract's body and every
// security header, never a 500, never the URL echoed back.

let t: TestApp;
let owner: SignedInUser;
const securityHeaders = computeSecurityHeaders(HELMET_OPTIONS);

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
  owner = await createUser(t.app);
});
afterAll(() => t.close());

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(headers[name], name).toEqual(value);
}

describe(`framework errors (${DIALECT})`, () => {
  it('answers a path that does not percent-decode with 400, the contract body and the headers, without echoing it', async () => {
    for (const url of ['/api/links/%E0%A4%A', '/%E0%A4%A', '/go/%', '/media/%C0']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid_url', message: 'This address is not valid' });
      expectSecurityHeaders(response.headers);
      expect(response.body).not.toContain('%');
    }
  });

  it('answers a path parameter over the router’s limit with the 404 every unknown name gets', async () => {
    for (const url of [`/${'a'.repeat(300)}`, `/api/links/${'9'.repeat(300)}`, `/api/public/${'b'.repeat(300)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not found' });
      expectSecurityHeaders(response.headers);
      expect(response.body).not.toContain('aaaa');
    }
  });

  it('answers /api/ and paths that resolve to it as the API does: JSON, not a page', async () => {
    for (const url of ['/api/', '/api/links/..', '/api/public/..']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not found' });
    }
  });

  it('answers what Node’s HTTP parser refuses with the contract body and the headers, on a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(raw));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const malformed = await send('GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(malformed).toContain('content-security-policy: ');
    expect(malformed).toContain('x-content-type-options: nosniff');
    expect(malformed.slice(malformed.indexOf('\r\n\r\n') + 4)).toBe(
      '{"code":"validation_failed","message":"The request could not be read"}',
    );
    const hugeHeaders = await send(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`);
    expect(hugeHeaders).toMatch(/^HTTP\/1\.1 431 /);
    expect(hugeHeaders).toContain('"code":"header_too_large"');
    expect(hugeHeaders).toContain('content-security-policy: ');
  });
});

describe(`malformed multipart (${DIALECT})`, () => {
  const filePart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n`;
  const cases: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `${filePart('abc')}--abc--\r\n`],
    ['another boundary', 'multipart/form-data; boundary=abc', `${filePart('xyz')}--xyz--\r\n`],
    ['a part cut short', 'multipart/form-data; boundary=abc', filePart('abc').slice(0, 60)],
    ['no closing boundary', 'multipart/form-data; boundary=abc', filePart('abc')],
  ];
  it.each(cases)('answers %s with 400 and the spec’s reading error', async (_name, contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/media/avatar',
      headers: { cookie: owner.cookie, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'malformed_upload', message: 'Error reading file. Please try again.' });
  });
});

describe(`the Origin check compares the scheme (${DIALECT})`, () => {
  const register = (origin: string, host: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin, host },
      payload: { username: uniqueUsername(), password: 'secret1' },
    });

  it('with PUBLIC_URL on https, refuses its host under http and accepts it under https', async () => {
    expect((await register('http://links.example', 'links.example')).statusCode).toBe(403);
    expect((await register('http://links.example:443', 'links.example:443')).statusCode).toBe(403);
    expect((await register('https://links.example', 'links.example')).statusCode).toBe(201);
  });

  it('with PUBLIC_URL set, needs the same scheme on any other host the server answers, and refuses a malformed origin', async () => {
    expect((await register('https://other.example', 'other.example')).statusCode).toBe(403);
    expect((await register('ftp://localhost:3000', 'localhost:3000')).statusCode).toBe(403);
    expect((await register('null', 'localhost:3000')).statusCode).toBe(403);
    expect((await register('http://localhost:3000', 'localhost:3000')).statusCode).toBe(201);
  });

  it('takes `Origin: null` (a form on a no-referrer page) only when Fetch Metadata says same-origin', async () => {
    const nullOrigin = (site?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: 'null', host: 'links.example', ...(site ? { 'sec-fetch-site': site } : {}) },
        payload: { username: uniqueUsername(), password: 'secret1' },
      });
    expect((await nullOrigin()).statusCode).toBe(403);
    expect((await nullOrigin('cross-site')).statusCode).toBe(403);
    expect((await nullOrigin('same-site')).statusCode).toBe(403);
    expect((await nullOrigin('same-origin')).statusCode).toBe(201);
  });
});

describe(`a NUL character in text (${DIALECT})`, () => {
  it('is refused with 400 wherever text comes in: body, query string, nested fields', async () => {
    const admin = await createAdmin(t.app);
    const requests = [
      { method: 'POST' as const, url: '/api/links', cookie: owner.cookie, payload: { title: 'a\u0000b', url: 'https://example.com' } },
      { method: 'PATCH' as const, url: '/api/me/profile', cookie: owner.cookie, payload: { bio: 'hello\u0000' } },
      { method: 'PUT' as const, url: '/api/me/seo', cookie: owner.cookie, payload: { title: 'a\u0000b' } },
      { method: 'GET' as const, url: '/api/admin/reserved-usernames?search=%00', cookie: admin.cookie },
      { method: 'GET' as const, url: '/api/admin/users?search=a%00b', cookie: admin.cookie },
      {
        method: 'POST' as const,
        url: '/api/me/password',
        cookie: owner.cookie,
        payload: { currentPassword: 'a\u0000', newPassword: 'new-secret-1' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/password-reset',
        cookie: undefined,
        payload: { token: 'abc\u0000', newPassword: 'new-secret-1' },
      },
      { method: 'POST' as const, url: '/api/auth/password-reset/check', cookie: undefined, payload: { token: 'abc\u0000' } },
      { method: 'POST' as const, url: '/api/auth/forgot-password', cookie: undefined, payload: { identifier: 'name\u0000' } },
      { method: 'POST' as const, url: '/api/auth/confirm-email', cookie: undefined, payload: { token: '\u0000' } },
      { method: 'POST' as const, url: '/api/me/export', cookie: owner.cookie, payload: { password: 'pass\u0000word' } },
      { method: 'POST' as const, url: '/api/me/deletion', cookie: owner.cookie, payload: { password: 'x', username: 'a\u0000' } },
      { method: 'DELETE' as const, url: `/api/admin/users/${owner.user.id}`, cookie: admin.cookie, payload: { username: '\u0000' } },
    ];
    for (const { cookie, ...request } of requests) {
      const response = await t.app.inject({ ...request, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message: 'Text cannot contain a null character' });
    }
  });
});

describe(`hostile input to the account and reset calls (${DIALECT})`, () => {
  it('answers a malformed or foreign session handle with 404, and odd shapes with 400, changing nothing', async () => {
    for (const handle of ['%00', '..%2F..%2Fadmin', 'x'.repeat(65), '%F0%9F%98%80', 'a%20b']) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${handle}`, headers: { cookie: owner.cookie } });
      expect(response.statusCode, handle).toBe(404);
    }
    for (const payload of [
      { currentPassword: { $ne: '' }, newPassword: 'new-secret-1' },
      { currentPassword: 'x', newPassword: ['a'] },
      [],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: { cookie: owner.cookie },
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  it('refuses odd shapes for export, deletion, the weekly summary, forgot password and email links with a 400, deleting nothing', async () => {
    const admin = await createAdmin(t.app);
    const cases: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: string; cookie?: string; payloads: unknown[] }> = [
      {
        method: 'POST',
        url: '/api/me/export',
        cookie: owner.cookie,
        payloads: [{ password: { $ne: '' } }, { password: 'x'.repeat(129) }, [], {}],
      },
      {
        method: 'POST',
        url: '/api/me/deletion',
        cookie: owner.cookie,
        payloads: [
          { password: owner.password, username: { $regex: '.*' } },
          { password: owner.password },
          { password: ['x'], username: 'x' },
          ['x'],
        ],
      },
      {
        method: 'PUT',
        url: '/api/me/weekly-summary',
        cookie: owner.cookie,
        payloads: [{ weeklySummary: 'yes' }, { weeklySummary: 1 }, {}],
      },
      {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payloads: [{ identifier: '' }, { identifier: 'x'.repeat(255) }, { identifier: ['a'] }, {}],
      },
      { method: 'POST', url: '/api/auth/confirm-email', payloads: [{ token: '' }, { token: 'x'.repeat(201) }, { token: { $gt: '' } }] },
      {
        method: 'DELETE',
        url: `/api/admin/users/${owner.user.id}`,
        cookie: admin.cookie,
        payloads: [{}, { username: ['x'] }, { username: 'x'.repeat(101) }],
      },
    ];
    for (const { method, url, cookie, payloads } of cases) {
      for (const payload of payloads) {
        const response = await t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object });
        expect([400, 409], `${url} ${JSON.stringify(payload)}: ${response.body}`).toContain(response.statusCode);
      }
    }
    // A confirmation token that was never issued gets the one message.
    for (const token of ["' or 1=1 --", '../../etc/passwd', '😀'.repeat(20)]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
      expect(response.json()).toEqual({ code: 'confirm_link_invalid', message: 'This link has expired or was already used' });
    }
    expect((await t.app.inject({ url: `/${owner.user.username}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: owner.cookie } })).json().data.deleteAfter,
    ).toBeNull();
  });

  it('refuses a forged, oversized or oddly shaped reset token with one message and a 400', async () => {
    for (const token of ["' or 1=1 --", 'x'.repeat(201), '../../etc/passwd', '😀'.repeat(20), { $gt: '' }, 42]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, newPassword: 'new-secret-1' },
      });
      expect(response.statusCode, JSON.stringify(token)).toBe(400);
      expect(response.json().message).toBe('This link has expired or was already used');
    }
  });
});

describe(`hostile input to the saved looks (${DIALECT})`, () => {
  it("answers a malformed or another user's look id with 404 and the contract body, restoring nothing", async () => {
    const victim = await createUser(t.app);
    const put = (user: SignedInUser, accentColor: string) =>
      t.app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie: user.cookie }, payload: { accentColor } });
    await put(victim, '#101010');
    await put(victim, '#202020');
    const [theirs] = (await t.app.db.selectFrom('savedLooks').select('id').where('userId', '=', victim.user.id).execute()).map((r) => r.id);
    for (const id of [String(theirs), '%00', '..%2F1', '1e3', '0x10', '-5', '2147483648', 'x'.repeat(300)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/me/customization/looks/${id}/restore`,
        headers: { cookie: owner.cookie },
        payload: { id: theirs },
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code, id).toBe('not_found');
      expectSecurityHeaders(response.headers);
    }
    const victimLook = await t.app.inject({ method: 'GET', url: '/api/me/customization', headers: { cookie: victim.cookie } });
    expect(victimLook.json().data.accentColor).toBe('#202020');
  });
});

describe(`hostile input to sharing and in-app browsers (${DIALECT})`, () => {
  const INSTAGRAM = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Instagram 334.0.4.32.98';

  it('draws the public page for any user agent and any share field, never running what they carry', async () => {
    const page = (headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `/${owner.user.username}${query}`, headers });
    for (const userAgent of [
      `${INSTAGRAM} "><script>alert(1)</script>`,
      `${INSTAGRAM} ${'x'.repeat(8000)}`,
      'Snapchat/1 TwitterAndroid FBAN/ musical_ly LinkedInApp Instagram 1',
      '',
    ]) {
      const response = await page({ 'user-agent': userAgent });
      expect(response.statusCode, userAgent.slice(0, 40)).toBe(200);
      expect(response.body).not.toContain('<script>alert');
    }
    for (const query of [
      '?share=%3Cscript%3Ealert(1)%3C/script%3E',
      '?share=',
      '?share&utm_source=%22%3E',
      // Campaigns (issue 52 §2): markup, repeats, the campaign's separator and 10 kB are counted as bounded text.
      '?utm_campaign=%3Cscript%3Ealert(1)%3C/script%3E&utm_campaign=again&utm_medium=%1F%1F',
      `?utm_source=${'x'.repeat(10_000)}&utm_medium[]=1`,
    ]) {
      const response = await page({ 'user-agent': INSTAGRAM }, query);
      expect(response.statusCode, query).toBe(200);
      expect(response.body).not.toContain('<script>alert');
    }
    for (const query of ['?share&share', '?share=a&share=b']) {
      const response = await page({}, query);
      expect(response.statusCode, query).toBe(400);
      expectSecurityHeaders(response.headers);
    }
  });

  it('answers the share image whatever its version field says, and escapes a hostile name in its tags', async () => {
    for (const query of [
      '?v=',
      '?v=%3Cscript%3E',
      `?v=${'x'.repeat(41)}`,
      '?v=a&v=b',
      '?v[]=1',
      '?draft=%3Cscript%3E',
      `?draft=${'x'.repeat(5000)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/${owner.user.username}/og.png${query}` });
      expect(response.statusCode, query).toBeLessThan(500);
      expectSecurityHeaders(response.headers);
    }
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: owner.cookie },
      payload: { displayName: '"><script>alert(1)</script>' },
    });
    const page = await t.app.inject({ method: 'GET', url: `/${owner.user.username}` });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toMatch(/<meta property="og:image:alt" content="&#34;&#62;&#60;script&#62;/);
  });

  it('escapes a hostile Host in the bar and the share page of a site without PUBLIC_URL', async () => {
    const open = await createTestApp({ shareDatabaseWith: t });
    try {
      for (const host of ['evil"><script>alert(1)</script>', 'a b', '[::1', 'links.example:99999']) {
        for (const url of [`/${owner.user.username}`, `/${owner.user.username}?share`]) {
          const response = await open.app.inject({ method: 'GET', url, headers: { host, 'user-agent': INSTAGRAM } });
          expect(response.statusCode, `${host} ${url}`).toBeLessThan(500);
          expect(response.body).not.toContain('<script>alert');
        }
      }
    } finally {
      await open.close();
    }
  });

  it('refuses odd shapes for the QR code picture, a link marked as the creator’s own and the in-app switch', async () => {
    for (const picture of ['1', 'yes', '<script>', '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/me/qr.svg?picture=${encodeURIComponent(picture)}`,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, picture).toBe(400);
      expectSecurityHeaders(response.headers);
    }
    // Sizes outside 128…2048, or not a size, are refused; the largest is drawn (by the media worker, tests/api/heavy-input.test.ts).
    for (const size of ['0', '127', '2049', '1e9', '-1', '1024.5', 'big', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/me/qr.png?size=${size}`, headers: { cookie: owner.cookie } });
      expect(response.statusCode, size).toBe(400);
      expectSecurityHeaders(response.headers);
    }
    const largest = await t.app.inject({ method: 'GET', url: '/api/me/qr.png?size=2048', headers: { cookie: owner.cookie } });
    expect(largest.statusCode).toBe(200);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie: owner.cookie },
      payload: { title: 'Me', url: 'https://me.example/', ownProfile: 'true' },
    });
    expect(link.statusCode).toBe(400);
    for (const openInBrowserBar of ['false', 0, null, { on: true }]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { cookie: owner.cookie },
        payload: { openInBrowserBar },
      });
      expect(response.statusCode, JSON.stringify(openInBrowserBar)).toBe(400);
    }
  });
});

describe(`hostile input to the sign-up form and its links (${DIALECT})`, () => {
  const form = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({
      method: 'POST',
      url: `/${owner.user.username}/subscribe`,
      headers: { 'content-type': contentType, origin: 'http://localhost:80' },
      payload,
    });

  it('refuses a consent line that is too long or not text, and never runs what one carries', async () => {
    for (const subscribeConsent of ['x'.repeat(301), 12, null, ['a']]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { cookie: owner.cookie },
        payload: { subscribeConsent },
      });
      expect(response.statusCode, JSON.stringify(subscribeConsent).slice(0, 40)).toBe(400);
    }
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: owner.cookie },
      payload: { subscribeForm: true, subscribeConsent: '</p><script>alert(1)</script><p>' },
    });
    expect(on.statusCode).toBe(200);
    const page = await t.app.inject({ url: `/${owner.user.username}` });
    expect(page.body).toContain('lv-signup');
    expect(page.body).not.toContain('<script>alert');
  });

  it('answers odd sign-ups with a page of its own, never a 5xx, and keeps nothing from them', async () => {
    for (const payload of [
      '',
      'email=',
      'email=%00@example.test',
      `email=${'a'.repeat(5000)}@example.test`,
      'email=a@example.test&email=b@example.test&website=',
      'email[]=a@example.test',
      '__proto__[email]=a@example.test',
      'email=%3Cscript%3Ealert(1)%3C%2Fscript%3E%40example.test',
      'email=ok@example.test&extra=1',
      '%%%%',
    ]) {
      const response = await form(payload);
      expect(response.statusCode, payload.slice(0, 40)).toBeLessThan(500);
      expect(response.body).not.toContain('<script>alert');
      expectSecurityHeaders(response.headers);
    }
    expect((await form('x'.repeat(10_000))).statusCode).toBe(413);
    expect((await form('{"email":1}', 'application/json')).statusCode).toBe(400);
    const kept = await t.app.db.selectFrom('subscribers').select('email').where('userId', '=', owner.user.id).execute();
    // Only the two well-formed addresses were kept (the last of a repeated field counts).
    expect(kept.map((row) => row.email).sort()).toEqual(['b@example.test'].sort());
  });

  it('answers forged and malformed links with the expired page, and a cross-site post with 403', async () => {
    for (const token of ['', 'short', '<script>alert(1)</script>'.padEnd(30, 'x'), 'a'.repeat(43), '../../etc/passwd'.padEnd(30, 'x')]) {
      for (const path of ['subscribe/confirm', 'unsubscribe']) {
        const page = await t.app.inject({ url: `/${owner.user.username}/${path}?token=${encodeURIComponent(token)}` });
        expect(page.statusCode, `${path} ${token}`).toBe(404);
        expect(page.body).not.toContain('<script>alert');
      }
    }
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/${owner.user.username}/unsubscribe`,
      headers: { origin: 'https://evil.example' },
      payload: { token: 'a'.repeat(43) },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe(`hostile input to blocks (${DIALECT})`, () => {
  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/links/blocks', headers: { cookie: owner.cookie }, payload: payload as object });

  it('refuses odd shapes for a block with a 400 and the contract body, adding nothing', async () => {
    const before = (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data.length;
    for (const payload of [
      [],
      { type: ['header'], title: 'x' },
      { type: 'header', title: ['x'] },
      { type: 'header', title: { toString: 'x' } },
      { type: 'text', text: null },
      { type: 'text', text: 'x'.repeat(100_000) },
      { type: '__proto__', title: 'x' },
      { type: 'link', title: 'x', url: 'x.example' },
      { type: 'divider', isActive: 'yes' },
      { type: 'header', title: 'x', startsAt: '2026-13-40T99:00:00Z' },
      { type: 'embed' },
      { type: 'embed', url: ['https://youtu.be/dQw4w9WgXcQ'] },
      { type: 'embed', url: `https://youtu.be/${'x'.repeat(100_000)}` },
      { type: 'embed', url: 'https://www.youtube.com/watch?v=<script>alert(1)</script>' },
      { type: 'embed', url: 'http://169.254.169.254/latest/meta-data' },
      { type: 'embed', url: 'file:///etc/passwd' },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const after = (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data.length;
    expect(after).toBe(before);
    for (const url of ['/api/links/blocks/abc', '/api/links/blocks/0', `/api/links/blocks/${'9'.repeat(30)}`, '/api/links/blocks/-1']) {
      const response = await t.app.inject({ method: 'PATCH', url, headers: { cookie: owner.cookie }, payload: { isActive: false } });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it('never runs what a header or a text carries, and sends no address in a text anywhere but through /go', async () => {
    const probes = [
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      '</h2><svg onload=alert(1)>',
      'https://x.example/"><script>alert(1)</script>',
      'www.x.example/<iframe src=javascript:alert(1)>',
      'javascript:alert(1) data:text/html,<script>alert(1)</script> vbscript:msgbox(1)',
      'https://x.example/\u202egnp.exe',
    ];
    const other = await createUser(t.app);
    for (const probe of probes) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/links/blocks',
            headers: { cookie: other.cookie },
            payload: { type: 'header', title: probe.slice(0, 100) },
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/links/blocks',
            headers: { cookie: other.cookie },
            payload: { type: 'text', text: probe },
          })
        ).statusCode,
      ).toBe(201);
    }
    const page = await t.app.inject({ url: `/${other.user.username}` });
    expect(page.statusCode).toBe(200);
    const body = /<div class="lv-items">.*?<\/main>/s.exec(page.body)![0];
    // The probes show as text: no element of theirs, no handler attribute inside any tag.
    expect(body).not.toMatch(/<(script|img|svg|iframe)\b/i);
    expect(body).not.toMatch(/<[^>]*\son\w+=/i);
    // Every link in the page's text goes through /go, and none opens a script.
    const hrefs = [...body.matchAll(/<p class="lv-text" dir="auto">(.*?)<\/p>/gs)].flatMap(([, text]) =>
      [...text!.matchAll(/href="([^"]*)"/g)].map(([, href]) => href),
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/go\/\d+\?to=\d+$/);
    // And where /go sends them is an address the link rules accept, escaped as a URL.
    for (const href of hrefs) {
      const answer = await t.app.inject({ url: href! });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toMatch(/^https:\/\/[^\s<>"]+$/);
    }
  });
});

describe(`hostile input in an imported page (${DIALECT})`, () => {
  it('never runs what a page file carries: its name, bio, titles, texts and embed titles show as text', async () => {
    const probes = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '</h2><svg onload=alert(1)>', "'-alert(1)-'"];
    const other = await createUser(t.app);
    const document = {
      format: 'linkverse-page',
      version: 1,
      profile: { displayName: probes[1]!.slice(0, 30), bio: probes.join(' ') },
      items: probes.flatMap((probe) => [
        { type: 'header', title: probe },
        { type: 'text', text: `${probe} https://x.example/"><script>alert(1)</script>` },
        { type: 'link', title: probe, url: 'https://x.example/"><script>alert(1)</script>' },
        { type: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ', title: probe },
      ]),
    };
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/me/page-import',
      headers: { cookie: other.cookie },
      payload: { mode: 'replace', document },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const page = await t.app.inject({ url: `/${other.user.username}` });
    expect(page.statusCode).toBe(200);
    const body = /<body.*<\/body>/s.exec(page.body)![0];
    // Scripts of the page's own (its effects), never one of the probes'.
    expect(body).not.toMatch(/<script>alert|<img src=x|<svg onload/i);
    // No handler attribute on any element (attribute values, quoted, may hold the probes' words, escaped).
    expect(body).not.toMatch(/<[a-z][\w-]*(?:\s+[\w:-]+(?:="[^"]*")?)*\s+on\w+=/i);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Addresses are the link rules' own: through /go, never as sent.
    expect(body).not.toContain('href="https://x.example/"><script>');
  });
});

describe(`hostile input to API tokens (${DIALECT})`, () => {
  it('answers odd Authorization headers with a 4xx, acting as no one', async () => {
    const creator = await createUser(t.app);
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'bearer lv_\u0001',
      `Bearer lv_${'a'.repeat(10_000)}`,
      'Bearer lv_a lv_b',
      'BEARER  lv_x',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { authorization, cookie: creator.cookie },
        payload: { title: 'Injected', url: 'https://x.example/' },
      });
      expect(response.statusCode, authorization.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, authorization.slice(0, 20)).toBeLessThan(500);
    }
    // The cookie beside a bad token does not make the request the cookie's.
    const links = (await t.app.inject({ url: `/api/users/${creator.user.id}/links`, headers: { cookie: creator.cookie } })).json().data;
    expect(links).toEqual([]);
  });
});

describe(`hostile input to a link's audience (${DIALECT})`, () => {
  it('refuses odd shapes for a device class or countries with a 400, changing nothing', async () => {
    const creator = await createUser(t.app);
    const link = await createLink(t.app, creator, { title: 'Tour', url: 'https://tour.example/' });
    for (const payload of [
      { device: ['mobile'] },
      { device: { toString: 'mobile' } },
      { device: '__proto__' },
      { countries: [null] },
      { countries: [{}] },
      { countries: ['__proto__'] },
      { countries: ['U\u0000S'] },
      { countries: ['x'.repeat(100_000)] },
      { countries: Array.from({ length: 10_000 }, () => 'US') },
      { countries: { 0: 'US', length: 1 } },
    ]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/links/${link.id}`,
        headers: { cookie: creator.cookie },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const stored = (await t.app.inject({ url: `/api/users/${creator.user.id}/links`, headers: { cookie: creator.cookie } })).json().data[0];
    expect(stored).toMatchObject({ device: 'any', countries: [] });
  });
});

describe(`hostile input to embeds (${DIALECT})`, () => {
  it('keeps only the canonical address of an embed: what follows its id never reaches the page', async () => {
    const creator = await createUser(t.app);
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&x="><script>alert(1)</script>',
      'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?"onmouseover="alert(1)',
      "https://vimeo.com/76979871#'><svg onload=alert(1)>",
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/links/blocks',
        headers: { cookie: creator.cookie },
        payload: { type: 'embed', url },
      });
      expect(response.statusCode, url).toBe(201);
      expect(response.json().data.url).toMatch(/^https:\/\/[\w.]+\/[\w/?=.-]+$/);
    }
    const page = await t.app.inject({ url: `/${creator.user.username}` });
    // Three embeds: the page's items are blocks only.
    const body = /<div class="lv-items">.*?<\/main>/s.exec(page.body)![0];
    expect(body.match(/<div class="lv-embed"/g)).toHaveLength(3);
    expect(body).not.toMatch(/<(script|iframe)\b/i);
    expect(body).not.toMatch(/<[^>]*\son\w+=/i);
  });
});

describe(`hostile input to content warnings (${DIALECT})`, () => {
  it('escapes a hostile name on the warning before a page and before a link', async () => {
    const creator = await createUser(t.app, { displayName: '"><img src=x onerror=alert(1)>' });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie: creator.cookie },
      payload: { title: '<script>alert(1)</script>', url: 'x.example', contentWarning: 'sensitive' },
    });
    expect(link.statusCode).toBe(201);
    const page = await t.app.inject({ url: `/${creator.user.username}` });
    expect(page.body).toContain('lv-warn');
    const marked = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: creator.cookie },
      payload: { contentWarning: '25' },
    });
    expect(marked.statusCode).toBe(200);
    for (const url of [`/${creator.user.username}`, `/go/${link.json().data.id}`, `/${creator.user.username}?agree`]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      const body = answer.body.slice(answer.body.indexOf('<body'));
      expect(body, url).not.toMatch(/<(script|img)\b[^>]*(onerror|alert)/i);
      expect(answer.body, url).not.toContain('<script>alert');
    }
  });
});

describe(`hostile input to single sign-on and the second step (${DIALECT})`, () => {
  let sso: TestApp;
  let idp: TestOidcProvider;
  beforeAll(async () => {
    idp = await startOidcProvider({ redirectUris: ['https://links.example/login/sso/idp'] });
    sso = await createTestApp({
      config: {
        publicUrl: 'https://links.example',
        ssoProviders: [{ id: 'idp', name: 'ID', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }],
      },
    });
  });
  afterAll(async () => {
    await sso.close();
    await idp.close();
  });
  const post = (url: string, payload: unknown, cookie?: string) =>
    sso.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  const users = async () =>
    Number(
      (
        await sso.app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses odd shapes for the provider, the way back and the username with a 4xx, making nothing', async () => {
    const before = await users();
    for (const provider of ['IDP', '..%2F..%2Fapi', 'a'.repeat(40), '%00', 'idp%20']) {
      const answer = await post(`/api/auth/sso/${provider}/start`, {});
      expect(answer.statusCode, provider).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, provider).toBeLessThan(500);
    }
    for (const body of [{ next: 5 }, { next: 'x'.repeat(5000) }, { extra: true }, []]) {
      expect((await post('/api/auth/sso/idp/start', body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    for (const query of [undefined, 5, '', 'x'.repeat(5000), 'code=a\u0000b', ['code=a'], { code: 'a' }]) {
      const answer = await post('/api/auth/sso/idp/callback', query === undefined ? {} : { query });
      expect(answer.statusCode, String(query).slice(0, 20)).toBe(400);
    }
    for (const username of ['<script>', 'a'.repeat(21), '', 7, null, 'UPPER']) {
      expect((await post('/api/auth/sso/complete', { username })).statusCode, String(username)).toBe(400);
    }
    expect(await users()).toBe(before);
  });

  it('sends a hostile `next` home, and shows a hostile name from the provider as text', async () => {
    idp.people.set('hostile', { name: '"><img src=x onerror=alert(1)>', preferredUsername: '<script>' });
    const started = await post('/api/auth/sso/idp/start', { next: '//evil.example/x' });
    expect(started.statusCode).toBe(200);
    const cookie = `lv_sso=${started.cookies.find((entry) => entry.name === 'lv_sso')!.value}`;
    const query = await idp.signIn(started.json().data.url, 'hostile');
    const choice = (await post('/api/auth/sso/idp/callback', { query }, cookie)).json().data;
    expect(choice).toMatchObject({ outcome: 'choose', suggestedUsername: 'script' });
    const username = uniqueUsername('hostile');
    const created = await post('/api/auth/sso/complete', { username }, cookie);
    expect(created.statusCode, created.body).toBe(201);
    const page = await sso.app.inject({ url: `/${username}` });
    expect(page.statusCode).toBe(200);
    expect(page.body.slice(page.body.indexOf('<body'))).not.toMatch(/<img[^>]*onerror/i);

    const back = await post('/api/auth/sso/idp/start', { next: 'javascript:alert(1)' });
    const backCookie = `lv_sso=${back.cookies.find((entry) => entry.name === 'lv_sso')!.value}`;
    const signedIn = await post('/api/auth/sso/idp/callback', { query: await idp.signIn(back.json().data.url, 'hostile') }, backCookie);
    expect(signedIn.json().data).toMatchObject({ outcome: 'signed_in', next: '/dashboard' });
  });

  it('refuses odd shapes for a first password with a 400, and a first password over an existing one with a 409', async () => {
    const creator = await createUser(sso.app);
    for (const body of [
      {},
      { newPassword: 5 },
      { newPassword: 'short' },
      { newPassword: 'x'.repeat(10_000) },
      { newPassword: ['a-long-password'] },
    ]) {
      const answer = await post('/api/me/password/first', body, creator.cookie);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await post('/api/me/password/first', { newPassword: 'a-long-password' }, creator.cookie)).statusCode).toBe(409);
    // The password it has still signs in.
    const login = await post('/api/auth/login', { username: creator.user.username, password: creator.password });
    expect(login.statusCode).toBe(200);
  });

  it('refuses odd shapes for a second factor and a passkey answer with a 4xx, signing in no one', async () => {
    for (const body of [
      { code: 123456 },
      { code: 'x'.repeat(1000) },
      { recoveryCode: ['a'] },
      { code: '123456', recoveryCode: 'abcde-fghij' },
      {},
    ]) {
      const answer = await post('/api/auth/second-factor', body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBeLessThan(500);
      expect(answer.cookies.map((entry) => entry.name)).not.toContain('lv_session');
    }
    for (const response of [
      {},
      { id: '!!', rawId: '!!', type: 'public-key', response: {} },
      { id: 'a', rawId: 'a', type: 'password', response: { clientDataJSON: 'a', authenticatorData: 'a', signature: 'a' } },
      { id: 'a'.repeat(5000), rawId: 'a', type: 'public-key', response: { clientDataJSON: 'a', authenticatorData: 'a', signature: 'a' } },
    ]) {
      const answer = await post('/api/auth/passkey', { response });
      expect(answer.statusCode, JSON.stringify(response).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.cookies.map((entry) => entry.name)).not.toContain('lv_session');
    }
  });
});

describe(`hostile input to payments (${DIALECT})`, () => {
  let paid: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    paid = await createTestApp({
      config: {
        payments: stripeTestSettings(stripe, 'https://links.example'),
      },
    });
  });
  afterAll(async () => {
    await paid.close();
    await stripe.close();
  });

  it('refuses odd shapes for a checkout with a 400, opening no payment page', async () => {
    const creator = await createUser(paid.app);
    for (const payload of [
      {},
      { item: 'PRO' },
      { item: ['pro'] },
      { item: 'pro', amount: 1 },
      { item: 'pro', currency: 'jpy' },
      { item: 'x'.repeat(10_000) },
      { item: '__proto__' },
      [{ item: 'pro' }],
    ]) {
      const answer = await paid.app.inject({ method: 'POST', url: '/api/me/checkout', headers: { cookie: creator.cookie }, payload });
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect(stripe.requests).toEqual([]);
  });

  it('answers odd webhook bodies and signatures with a 4xx, changing nothing', async () => {
    const creator = await createUser(paid.app);
    const session = signedEvent('checkout.session.completed', { id: 'cs_test_unknown' });
    const deliveries: Array<{ headers: Record<string, string>; payload: string | Buffer }> = [
      { headers: { 'content-type': 'application/json' }, payload: session.payload },
      { headers: { 'content-type': 'application/json', 'stripe-signature': 'x'.repeat(5000) }, payload: session.payload },
      { headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: session.payload },
      { headers: { 'content-type': 'text/plain', 'stripe-signature': session.headers['stripe-signature']! }, payload: session.payload },
      { headers: { 'content-type': 'application/json', 'stripe-signature': session.headers['stripe-signature']! }, payload: '{"id":' },
      { headers: { 'content-type': 'application/json', 'stripe-signature': 'v1=abc' }, payload: Buffer.alloc(600 * 1024, 'a') },
      // Signed, but no event a site would be sent: no object, or a session that is not an object.
      signedEvent('checkout.session.completed', 'not a session' as unknown as Record<string, unknown>),
      signedEvent('charge.refunded', { payment_intent: { nested: ['<script>'] }, refunded: true }),
    ];
    for (const delivery of deliveries) {
      const answer = await paid.app.inject({ method: 'POST', url: '/api/stripe/webhook', ...delivery });
      expect(answer.statusCode, String(delivery.payload).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, String(delivery.payload).slice(0, 40)).toBeLessThan(500);
    }
    const account = await paid.app.db.selectFrom('users').select('plan').where('id', '=', creator.user.id).executeTakeFirstOrThrow();
    expect(account.plan).toBe('free');
  });
});

describe(`hostile input to custom domains (${DIALECT})`, () => {
  let site: TestApp;
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    site = await createTestApp({
      config: { publicUrl: 'https://links.example', customDomains: { siteHost: 'links.example', dnsServers: [dns.address] } },
    });
  });
  afterAll(async () => {
    await site.close();
    await dns.close();
  });

  it('refuses odd domains with a 400 and a message, keeping none', async () => {
    const creator = await createUser(site.app);
    await setPlan(site.app, creator.user.id, 'business');
    for (const payload of [
      {},
      { domain: null },
      { domain: ['links.example.org'] },
      { domain: 'links.example.org', userId: 1 },
      { domain: 'x'.repeat(100_000) },
      { domain: '<script>alert(1)</script>.com' },
      { domain: 'аpple.com' },
      { domain: 'links.example.org\u0000.evil.com' },
      { domain: '*.example.org' },
      { domain: '-lead.example.org' },
      { domain: 'a..b.org' },
      { domain: '[::1]' },
      { domain: '0x7f000001' },
      { domain: '127.1' },
      { domain: '169.254.169.254' },
      { domain: 'metadata.google.internal' },
      [{ domain: 'links.example.org' }],
    ]) {
      const answer = await site.app.inject({ method: 'PUT', url: '/api/me/domain', headers: { cookie: creator.cookie }, payload });
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    expect((await site.app.inject({ url: '/api/me/domain', headers: { cookie: creator.cookie } })).json().data.domain).toBeNull();
  });

  it('answers odd Host headers with the site’s 404 or its own pages, never a 5xx', async () => {
    const creator = await createUser(site.app);
    for (const host of ['<script>', 'a'.repeat(2000), '..', 'links.example.org:99999', '[::1', 'xn--80ak6aa92e.com', '%00.example']) {
      for (const url of ['/', `/${creator.user.username}`, '/api/auth/me']) {
        const answer = await site.app.inject({ url, headers: { host } });
        expect(answer.statusCode, `${host.slice(0, 20)}${url}`).toBeLessThan(500);
        expect(answer.body).not.toContain('<script>');
      }
    }
  });
});

describe(`hostile input to page imports (${DIALECT})`, () => {
  it('reads a hostile LittleLink page without a 5xx: the deepest nesting refused, script kept as words, odd addresses left out', async () => {
    const owner = await createUser(t.app);
    const preview = (html: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/page-import/preview',
        headers: { cookie: owner.cookie },
        payload: { source: 'littlelink', html },
      });
    const deep = await preview(`${'<div>'.repeat(400_000)}<a class="button" href="https://a.example/">A</a>`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(pageTransferMessages.pageUnreadable);
    for (const html of [
      '',
      '<',
      '<a class="button" href="javascript:alert(1)">Run</a>',
      '<a class="button" href="https://a.example/"><script>alert(1)</script><img src=x onerror=alert(1)>Hi</a>',
      `<a class="button" href="https://a.example/${'x'.repeat(100_000)}">Long</a>`,
      `<a class="button" href="https://a.example/">${'&#x1F600;'.repeat(50_000)}</a>`,
    ]) {
      const response = await preview(html);
      expect(response.statusCode, html.slice(0, 60)).toBeLessThan(500);
      expect(response.body).not.toContain('<script');
      expect(response.body).not.toContain('onerror');
    }
  });
});

describe(`hostile input to pages and teams (${DIALECT})`, () => {
  const onPage = (cookie: string, page: string | string[], url: string, method = 'GET', payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, 'linkverse-page': page as string },
      payload: payload as Record<string, unknown> | undefined,
    });

  it('refuses a page header that names no page, twice, or anything but a number, with 400 and no 500', async () => {
    for (const value of ['1 OR 1=1', '../1', '١', '0x10', '1.0', '9'.repeat(40), '\u00001', '<script>']) {
      const answer = await onPage(owner.cookie, value, '/api/me/customization');
      expect(answer.statusCode, value).toBe(400);
      expect(answer.json().code).toBe('invalid_page');
    }
    const twice = await onPage(owner.cookie, [String(owner.user.id), String(owner.user.id)], '/api/me/customization');
    expect(twice.statusCode).toBe(400);
  });

  it('keeps a hostile new page address to the username rules, and a hostile name escaped on the page', async () => {
    await setPlan(t.app, owner.user.id, 'pro');
    for (const username of ['<script>', 'a b', 'ÄÖÜ', 'api', 'x'.repeat(21), '', '../admin', 'page\u0000']) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/me/pages', headers: { cookie: owner.cookie }, payload: { username } });
      expect([400, 409], username).toContain(answer.statusCode);
    }
    for (const payload of [
      { username: 'ok', start: 'copy', copyFrom: -1 },
      { username: 'ok', copyFrom: 'x' },
      '{"username":"ok","__proto__":{"a":1}}',
      [],
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/me/pages',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const page = (
      await t.app.inject({
        method: 'POST',
        url: '/api/me/pages',
        headers: { cookie: owner.cookie },
        payload: { username: uniqueUsername('hostile') },
      })
    ).json().data;
    await onPage(owner.cookie, String(page.id), '/api/me/profile', 'PATCH', { displayName: '<img src=x onerror=alert(1)>' });
    const shown = await t.app.inject({ url: `/${page.username}` });
    expect(shown.body).not.toContain('<img src=x onerror');
    expect(shown.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses hostile invitations and tokens, and an invitation tells nothing of the inviter’s other pages', async () => {
    const page = (
      await t.app.inject({
        method: 'POST',
        url: '/api/me/pages',
        headers: { cookie: owner.cookie },
        payload: { username: uniqueUsername('team') },
      })
    ).json().data;
    for (const email of ['<script>@x.y', 'a@b', '"a"@b.c\r\nBcc: x@y.z', 'x'.repeat(300) + '@example.com', '', 42]) {
      const answer = await onPage(owner.cookie, String(page.id), '/api/me/team/invitations', 'POST', { email, role: 'editor' });
      expect(answer.statusCode, String(email)).toBe(400);
    }
    const sent = await onPage(owner.cookie, String(page.id), '/api/me/team/invitations', 'POST', {
      email: 'guest@example.com',
      role: 'analyst',
    });
    const token = new URL(sent.json().data.link).hash.slice('#token='.length);
    const preview = await t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
    expect(Object.keys(preview.json().data).sort()).toEqual(['email', 'expiresAt', 'invitedBy', 'page', 'role']);
    expect(preview.json().data.page).toEqual({ username: page.username, displayName: page.displayName });
    for (const hostile of ['x'.repeat(101), `${token}\u0000`, `${token.slice(0, -1)}%`, ' '.repeat(30), { token }]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token: hostile } });
      expect([400, 404], JSON.stringify(hostile)).toContain(answer.statusCode);
    }
    for (const before of ['-1', 'abc', '1e999', '9'.repeat(30), '0']) {
      const answer = await onPage(owner.cookie, String(page.id), `/api/me/activity/log?before=${before}`);
      expect(answer.statusCode, before).toBe(400);
    }
  });
});

describe(`hostile input to languages (${DIALECT})`, () => {
  it('answers in English for any Accept-Language it cannot read, never a 5xx, and keeps the code', async () => {
    const headers = [
      'x'.repeat(10_000),
      '__proto__',
      'constructor;q=1',
      '\u0639\u0631\u0628\u064a',
      'es-<script>',
      ',,,;;;===',
      'es;q=0, ar;q=0',
      Array.from({ length: 300 }, (_, index) => `x${index}`).join(','),
    ];
    for (const header of headers) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': header },
        payload: { username: owner.user.username, password: 'not-the-password' },
      });
      expect(answer.statusCode, header.slice(0, 40)).toBe(401);
      expect(answer.json(), header.slice(0, 40)).toEqual({ code: 'invalid_credentials', message: 'Invalid username or password' });
    }
    // A weight it cannot read is left out, as a parameter it does not know: the language is still asked for.
    for (const header of ['es;q=NaN', 'es;q=1e999', 'es;level=1']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': header },
        payload: { username: owner.user.username, password: 'not-the-password' },
      });
      expect(answer.json(), header).toEqual({ code: 'invalid_credentials', message: 'Nombre de usuario o contraseña incorrectos' });
    }
  });

  it('refuses a language not on the list at sign-up, in Account and for a page, with the list of choices', async () => {
    for (const language of ['xx', 'EN', 'pt', 'en-XA', '__proto__', '', '<b>es</b>', 'es\u0000', 7, null, ['es'], { es: true }]) {
      const label = JSON.stringify(language);
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: uniqueUsername('lang'), password: 'secret1', language },
      });
      expect(signUp.statusCode, label).toBe(400);
      // A page's null is its way back to the account's language; a person's, no language at all.
      for (const field of language === null ? ['language'] : ['language', 'pageLanguage']) {
        const answer = await t.app.inject({
          method: 'PATCH',
          url: '/api/me/profile',
          headers: { cookie: owner.cookie },
          payload: { [field]: language },
        });
        expect(answer.statusCode, `${field} ${label}`).toBe(400);
        expect(answer.json().code, `${field} ${label}`).toBe('validation_failed');
      }
    }
    expect((await t.app.inject({ url: '/api/me/profile', headers: { cookie: owner.cookie } })).json().data.language).toBe('en');
  });
});
