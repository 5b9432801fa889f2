import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { siGithub } from 'simple-icons';
import { profileMessages } from '#shared/profile.types.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createLink, createUser, uniqueUsername } from '../helpers/factories.ts';
import { countVisits } from '../helpers/events.ts';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

let t: TestApp;
let creator: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.app, { username: uniqueUsername('page'), displayName: 'Nova <b>Star</b>' });
  await t.app.db
    .updateTable('users')
    .set({ bio: 'Maker of "things" & <script>alert(1)</script>', plan: 'pro' })
    .where('id', '=', creator.user.id)
    .execute();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });

const addLink = (fields: Record<string, unknown>) => createLink(t.app, creator, fields);

async function eventsOf(userId: number) {
  await t.app.events.flush();
  return t.app.db.selectFrom('events').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

describe(`the public page (${DIALECT})`, () => {
  it('shows the empty state before any link exists', async () => {
    const response = await get(`/${creator.user.username}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(profileMessages.noLinks);
    expect(response.body).toContain(profileMessages.noLinksHint);
  });

  it('renders name, bio and active links in order, escaped, with outbound links to /go/', async () => {
    const first = await addLink({ title: 'First <img src=x onerror=alert(1)>', icon: 'github' });
    const hidden = await addLink({ title: 'Hidden link', isActive: false });
    const second = await addLink({ title: 'Second', color: '#ff0000' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/links/order',
      headers: { cookie: creator.cookie },
      payload: { ids: [second.id, hidden.id, first.id] },
    });
    const response = await get(`/${creator.user.username.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('Nova &lt;b&gt;Star&lt;/b&gt;');
    expect(html).toContain(`@${creator.user.username}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('Hidden link');
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'));
    expect(html).toContain(`href="/go/${second.id}"`);
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain(siGithub.path);
    expect(html).not.toMatch(/<script/i);
  });

  it('has a title, description, canonical URL and OpenGraph/Twitter tags', async () => {
    const html = (await get(`/${creator.user.username}`, { host: 'links.example' })).body;
    const name = creator.user.username;
    expect(html).toContain(`<title>Nova &#60;b&#62;Star&#60;/b&#62; (@${name}) · Linkverse</title>`);
    expect(html).toContain('<meta name="description" content="Maker of &#34;things&#34; &#38; &#60;script&#62;alert(1)&#60;/script&#62;">');
    expect(html).toContain(`<link rel="canonical" href="http://links.example/${name}">`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain(`<meta property="og:url" content="http://links.example/${name}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://links.example/${name}/og.png\\?v=[\\w-]{12}">`));
  });

  it('serves precomputed gzip and brotli, and 304 for a known ETag', async () => {
    const plain = await get(`/${creator.user.username}`);
    const gzip = await get(`/${creator.user.username}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const br = await get(`/${creator.user.username}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await get(`/${creator.user.username}`, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('shows a change at once (the cached page is dropped)', async () => {
    const before = (await get(`/${creator.user.username}`)).body;
    const link = await addLink({ title: 'Fresh link' });
    expect(before).not.toContain('Fresh link');
    expect((await get(`/${creator.user.username}`)).body).toContain('Fresh link');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${link.id}`,
      headers: { cookie: creator.cookie },
      payload: { title: 'Renamed link' },
    });
    const after = (await get(`/${creator.user.username}`)).body;
    expect(after).toContain('Renamed link');
    expect(after).not.toContain('Fresh link');
    await t.app.inject({ method: 'DELETE', url: `/api/links/${link.id}`, headers: { cookie: creator.cookie } });
    expect((await get(`/${creator.user.username}`)).body).not.toContain('Renamed link');
  });

  it("answers 404 'User not found' for unknown, invalid and deactivated names", async () => {
    const gone = await createUser(t.app);
    await get(`/${gone.user.username}`);
    await t.app.db.updateTable('users').set({ isActive: 0 }).where('id', '=', gone.user.id).execute();
    t.app.changes.publish({ topic: 'profile', userId: gone.user.id });
    for (const path of ['/nobody-at-all', '/bad%20name', `/${'x'.repeat(30)}`, `/${gone.user.username}`]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain(profileMessages.notFound);
    }
  });

  it('offers to claim an unknown name only when it is free to register, carried to the form', async () => {
    const claim = (body: string) => /<a class="lv-link" href="([^"]*)">([^<]*)<\/a>/.exec(body)?.slice(1);
    const free = await get('/nobody-at-all');
    expect(claim(free.body)).toEqual(['/register?username=nobody-at-all', 'Claim @nobody-at-all on Linkverse']);
    // The site's font and logo, like every page of the site.
    expect(free.body).toContain("font-family:'Inter Variable'");
    expect(free.body).toContain('class="lv-notice-logo"');

    const deactivated = await createUser(t.app);
    await t.app.db.updateTable('users').set({ isActive: 0 }).where('id', '=', deactivated.user.id).execute();
    t.app.changes.publish({ topic: 'profile', userId: deactivated.user.id });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/reserved-usernames',
      headers: { cookie: (await createAdmin(t.app)).cookie },
      payload: { username: 'brandname', reason: 'Our brand' },
    });
    for (const path of [`/${deactivated.user.username}`, '/brandname', `/${'x'.repeat(30)}`, '/bad%20name']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(claim(response.body), path).toEqual(['/register', 'Claim this name on Linkverse']);
    }
  });

  it("shows 'Powered by Linkverse' on the Free plan only", async () => {
    const free = await createUser(t.app);
    expect((await get(`/${free.user.username}`)).body).toContain('Powered by <strong>Linkverse</strong>');
    expect((await get(`/${creator.user.username}`)).body).not.toContain('Powered by');
  });

  it('leaves the app routes to the web app', async () => {
    for (const path of ['/login', '/dashboard', '/admin', '/pricing']) {
      const response = await get(path);
      expect(response.body, path).not.toContain(profileMessages.notFound);
    }
  });
});

describe(`following a link (${DIALECT})`, () => {
  it('redirects to the stored URL and records the click', async () => {
    const link = await addLink({ title: 'Go there', url: 'https://target.example/path' });
    const before = (await eventsOf(creator.user.id)).filter((event) => event.kind === 'click').length;
    const response = await get(`/go/${link.id}`, { referer: 'https://www.instagram.com/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://target.example/path');
    expect(response.headers['cache-control']).toBe('no-store');
    const clicks = (await eventsOf(creator.user.id)).filter((event) => event.kind === 'click');
    expect(clicks).toHaveLength(before + 1);
    expect(clicks.at(-1)).toMatchObject({ linkId: link.id, source: 'Instagram', device: 'mobile', referrer: 'https://www.instagram.com/' });
  });

  it('answers 404 for unknown, inactive and malformed links, and never redirects elsewhere', async () => {
    const inactive = await addLink({ title: 'Off', isActive: false });
    for (const path of [
      `/go/${inactive.id}`,
      '/go/999999',
      '/go/abc',
      '/go/-1',
      '/go/https:%2F%2Fevil.example',
      '/go/1?url=https://evil.example',
    ]) {
      const response = await get(path);
      if (path.startsWith('/go/1?')) {
        expect(response.headers.location ?? '', path).not.toContain('evil');
        continue;
      }
      expect(response.statusCode, path).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
    // A hidden link says so and leads to its profile; an unknown one is the 404 page (issue 27).
    const hidden = (await get(`/go/${inactive.id}`)).body;
    expect(hidden).toContain('This link is not available');
    expect(hidden).toContain(`href="/${creator.user.username}"`);
    expect(hidden).not.toContain('User not found');
    expect((await get('/go/999999')).body).toContain('User not found');
  });

  it('stops redirecting when the link is switched off', async () => {
    const link = await addLink({ title: 'Soon off' });
    expect((await get(`/go/${link.id}`)).statusCode).toBe(302);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${link.id}`,
      headers: { cookie: creator.cookie },
      payload: { isActive: false },
    });
    expect((await get(`/go/${link.id}`)).statusCode).toBe(404);
  });
});

describe(`counting views (${DIALECT})`, () => {
  it('counts visitors, but not bots nor the owner', async () => {
    const user = await createUser(t.app);
    await get(`/${user.user.username}`);
    await get(`/${user.user.username}`, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await get(`/${user.user.username}`, { cookie: user.cookie });
    await get(`/${user.user.username}`, { 'user-agent': 'curl/8.5.0' });
    const views = (await eventsOf(user.user.id)).filter((event) => event.kind === 'view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ source: 'Direct', device: 'mobile' });
    expect(views[0]?.visitorHash).toMatch(/^[\w-]{22}$/);
  });
});

describe(`shutting down (${DIALECT})`, () => {
  it('writes the views still in memory before closing', async () => {
    const second = await createTestApp({ shareDatabaseWith: t });
    const user = await createUser(second.app);
    for (let index = 0; index < 3; index += 1) {
      await second.app.inject({ method: 'GET', url: `/${user.user.username}`, headers: { 'user-agent': BROWSER } });
    }
    await second.close();
    expect(await countVisits(t.app, user.user.id, 'view')).toBe(3);
  });
});

describe(`the public JSON (${DIALECT})`, () => {
  it('gives the profile and active links, nothing private', async () => {
    const response = await get(`/api/public/${creator.user.username}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.profile).toEqual({
      id: creator.user.id,
      username: creator.user.username,
      displayName: 'Nova <b>Star</b>',
      bio: 'Maker of "things" & <script>alert(1)</script>',
      profileImage: null,
      verified: false,
      showBranding: false,
      // Off by default (issue 27): the "Updated" line is clutter on a fresh page.
      updatedAt: null,
      // Off for a new page (issue 51, where spec 000 §3 said on): a page nobody has seen does not say "1 view".
      views: null,
      signup: null,
      contentWarning: null,
      language: 'en',
    });
    expect(
      data.links.every(
        (link: Record<string, unknown>) =>
          Object.keys(link).sort().join() ===
          'color,contentWarning,customIcon,icon,id,isNew,ownProfile,showAsIcon,thumbnail,title,type,url',
      ),
    ).toBe(true);
    // The ordered items carry the same links (here there are no blocks).
    expect(data.items).toEqual(data.links);
    expect(response.body).not.toMatch(/password|email|role|plan/i);
    expect((await get('/api/public/nobody-here')).statusCode).toBe(404);
  });
});

describe(`sharing the page (${DIALECT})`, () => {
  it('puts a share button on the page, leading to a share page that works without script and counts no view', async () => {
    const page = (await get(`/${creator.user.username}`)).body;
    expect(page).toContain(
      `<nav aria-label="Share"><a class="lv-share" href="/${creator.user.username}?share" aria-label="Share this page">`,
    );
    const views = await countVisits(t.app, creator.user.id, 'view');
    const response = await get(`/${creator.user.username}?share`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    // The display name is the creator's text: escaped everywhere it is shown.
    expect(html).toContain('<h1>Share Nova &#60;b&#62;Star&#60;/b&#62;&#39;s page</h1>');
    expect(html).not.toContain('<b>Star</b>');
    const address = `http://localhost:80/${creator.user.username}`;
    expect(html).toContain(
      `href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}" target="_blank" rel="noopener noreferrer"`,
    );
    expect(html).toMatch(
      /<button type="button" class="lv-link lv-share-copy" data-address="[^"]+" data-copied="Link copied\." [^>]* hidden>Copy link<\/button>/,
    );
    expect(html).toMatch(/<script src="\/static\/profile-effects-[0-9a-f]{12}\.js" defer><\/script>/);
    expect(await countVisits(t.app, creator.user.id, 'view')).toBe(views);
    expect((await get('/nobody-here-at-all?share')).statusCode).toBe(404);
    // Campaign fields pass as they did; two share fields are refused, not a 500.
    expect((await get(`/${creator.user.username}?utm_source=a&utm_source=b`)).statusCode).toBe(200);
    expect((await get(`/${creator.user.username}?share&share`)).statusCode).toBe(400);
  });
});

describe(`rel="me" (${DIALECT})`, () => {
  it("names the creator's own profiles elsewhere by their address, active links only, and escaped", async () => {
    const owner = await createUser(t.app);
    const mastodon = await createLink(t.app, owner, { title: 'Mastodon', url: 'https://mastodon.social/@nova', ownProfile: true });
    expect(mastodon.ownProfile).toBe(true);
    await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
    await createLink(t.app, owner, { title: 'Old blog', url: 'https://old.example/', ownProfile: true, isActive: false });
    const quoted = await createLink(t.app, owner, { title: 'Blog', url: 'https://blog.example/?a="><script>x</script>', ownProfile: true });
    const page = async () => (await get(`/${owner.user.username}`)).body;
    const relMe = (html: string) => [...html.matchAll(/<link rel="me" href="([^"]*)">/g)].map((match) => match[1]);
    expect(relMe(await page())).toEqual(['https://mastodon.social/@nova', 'https://blog.example/?a=%22%3E%3Cscript%3Ex%3C/script%3E']);
    expect(await page()).not.toContain('<script>x');
    // Turned off, the address is no longer claimed.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${quoted.id}`,
      headers: { cookie: owner.cookie },
      payload: { ownProfile: false },
    });
    expect(patched.json().data.ownProfile).toBe(false);
    expect(relMe(await page())).toEqual(['https://mastodon.social/@nova']);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${mastodon.id}`,
      headers: { cookie: owner.cookie },
      payload: { ownProfile: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe(`subdomains (${DIALECT})`, () => {
  it('serves {username}.{BASE_DOMAIN}/ as that profile', async () => {
    const hosted = await createTestApp({ config: { baseDomain: 'links.test' }, shareDatabaseWith: t });
    try {
      const response = await hosted.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: `${creator.user.username}.links.test`, 'user-agent': BROWSER },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`@${creator.user.username}`);
      const apex = await hosted.app.inject({ method: 'GET', url: '/', headers: { host: 'links.test' } });
      expect(apex.body).not.toContain(`@${creator.user.username}`);
      const unknown = await hosted.app.inject({ method: 'GET', url: '/', headers: { host: 'nobody-here.links.test' } });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await hosted.close();
    }
  });
});
