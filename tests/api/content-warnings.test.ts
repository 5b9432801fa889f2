import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWarningMessages } from '#shared/content-warning.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';

// Sensitive content (issue 30): a page or a link marked 18+, 21+, 25+ or
// sensitive shows its warning first, drawn by the server (no script, no
// cookie); Continue is the same address with ?agree. Crawlers and link
// previews get the warning, never the bio, the picture or the links. Through
// a listening server, so that the fast path answers what it has cached.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' };
const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual', headers: BROWSER });
const patchProfile = (owner: SignedInUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: owner.cookie }, payload });

async function markedCreator(warning: string) {
  const owner = await createUser(t.app, { displayName: 'Velvet Room' });
  await patchProfile(owner, { bio: 'Late shows and a secret bar.' });
  await createLink(t.app, owner, { title: 'Tickets', url: 'https://tickets.example/' });
  expect((await patchProfile(owner, { contentWarning: warning })).statusCode).toBe(200);
  return owner;
}

describe(`a page behind a content warning (${DIALECT})`, () => {
  it('shows the warning first, with the name and the warning only, to every visitor and crawler, from the cache too', async () => {
    const owner = await markedCreator('18');
    for (const round of [1, 2]) {
      const answer = await get(`/${owner.user.username}`);
      expect(answer.status, `round ${round}`).toBe(200);
      const html = await answer.text();
      expect(html).toContain('<h1>This page is for people 18 or older</h1>');
      expect(html).toContain('Velvet Room marked this page 18+. Continue only if you are 18 or older.');
      expect(html).toContain(
        `<a class="lv-link" href="/${owner.user.username}?agree" rel="nofollow" data-agree="${owner.user.username}:18">Continue</a>`,
      );
      expect(html).toContain('<meta property="og:description" content="Content warning: 18+">');
      expect(html).toContain('<meta name="twitter:card" content="summary">');
      // Nothing of the page: no bio, no picture, no links, no share image.
      for (const hidden of ['Late shows', 'Tickets', 'og:image', 'twitter:image', '/go/']) expect(html).not.toContain(hidden);
      expect(html.slice(html.indexOf('<body'))).not.toContain('lv-avatar');
    }
    expect((await t.app.inject({ url: `/${owner.user.username}/og.png` })).statusCode).toBe(404);
  });

  it('shows the page past Continue, not indexed and with no bio or picture in its tags', async () => {
    const owner = await markedCreator('sensitive');
    const warning = await (await get(`/${owner.user.username}`)).text();
    expect(warning).toContain('This page may contain sensitive content');
    for (const round of [1, 2]) {
      const html = await (await get(`/${owner.user.username}?agree`)).text();
      expect(html, `round ${round}`).toContain('Tickets');
      expect(html).toContain('Late shows and a secret bar.');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('<meta name="description" content="Content warning: Sensitive content">');
      expect(html).not.toContain('og:image');
    }
    // The warning is still what the plain address answers: nothing was remembered.
    expect(await (await get(`/${owner.user.username}`)).text()).toContain('This page may contain sensitive content');

    // Off again: the page is the page, with its share image.
    expect((await patchProfile(owner, { contentWarning: null })).statusCode).toBe(200);
    const open = await (await get(`/${owner.user.username}`)).text();
    expect(open).toContain('Tickets');
    expect(open).toContain('og:image');
    expect(open).not.toContain('noindex');
  });

  it('refuses a warning that is not one of the four, with the shared message', async () => {
    const owner = await createUser(t.app);
    for (const contentWarning of ['nsfw', 18, '', '17', ['18'], { level: '18' }]) {
      const response = await patchProfile(owner, { contentWarning });
      expect([response.statusCode, response.json().message], JSON.stringify(contentWarning)).toEqual([400, contentWarningMessages.unknown]);
    }
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie: owner.cookie },
      payload: { title: 'X', url: 'x.example', contentWarning: '99' },
    });
    expect([link.statusCode, link.json().message]).toEqual([400, contentWarningMessages.unknown]);
  });
});

describe(`a link behind a content warning (${DIALECT})`, () => {
  it('carries its label on the page and shows its warning before the redirect, on the fast path too', async () => {
    const owner = await createUser(t.app, { displayName: 'Nova' });
    const plain = await createLink(t.app, owner, { title: 'Blog', url: 'https://blog.example/' });
    const marked = await createLink(t.app, owner, { title: 'Gallery', url: 'https://gallery.example/', contentWarning: '21' });
    expect(marked.contentWarning).toBe('21');

    // The page (now cached, and every unmarked link's target with it) marks the button.
    const page = await (await get(`/${owner.user.username}`)).text();
    expect(page).toMatch(/Gallery<\/span><span class="lv-warn"><bdi>21\+<\/bdi><\/span>/);
    expect(await (await get(`/${owner.user.username}`)).text()).toContain('lv-warn');
    expect((await get(`/go/${plain.id}`)).status).toBe(302);

    for (const round of [1, 2]) {
      const warning = await get(`/go/${marked.id}`);
      expect([warning.status, warning.headers.get('location')], `round ${round}`).toEqual([200, null]);
      const html = await warning.text();
      expect(html).toContain('This link is for people 21 or older');
      expect(html).toContain(`href="/go/${marked.id}?agree"`);
      expect(html).toContain(`<a class="lv-notice-back" href="/${owner.user.username}">Back to Nova&#39;s page</a>`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('gallery.example');
    }
    const past = await get(`/go/${marked.id}?agree`);
    expect([past.status, past.headers.get('location')]).toEqual([302, 'https://gallery.example/']);

    // Only the visit past the warning counts as a click.
    await t.app.events.flush();
    const report = await t.app.inject({ url: '/api/me/analytics?days=7', headers: { cookie: owner.cookie } });
    expect(report.json().data.topLinks.find((entry: { id: number }) => entry.id === marked.id)?.clicks).toBe(1);

    // The public JSON says which link is marked.
    const json = (await t.app.inject({ url: `/api/public/${owner.user.username}` })).json().data;
    expect(json.links.map((link: { contentWarning: string | null }) => link.contentWarning)).toEqual([null, '21']);
    expect(json.profile.contentWarning).toBeNull();

    // Unmarked, it redirects at once again.
    const unmark = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${marked.id}`,
      headers: { cookie: owner.cookie },
      payload: { contentWarning: null },
    });
    expect(unmark.statusCode).toBe(200);
    expect((await get(`/go/${marked.id}`)).status).toBe(302);
  });
});
