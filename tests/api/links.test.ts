import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMessages } from '#shared/links.ts';
import { linkLimitMessage } from '#shared/plans.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const addLink = (user: SignedInUser, fields: Record<string, unknown> = {}) => createLink(t.app, user, fields);

async function clearLinks(user: SignedInUser) {
  await t.app.db.deleteFrom('links').where('userId', '=', user.user.id).execute();
}

describe(`creating links (${DIALECT})`, () => {
  it('gives a link to a known service its icon and brand colour, unless the creator chose them (issue 51)', async () => {
    await clearLinks(owner);
    expect(await addLink(owner, { title: 'Instagram', url: 'instagram.com/nova' })).toMatchObject({ icon: 'instagram', color: '#E02766' });
    // A service without a brand colour follows the theme; chosen fields are kept.
    expect(await addLink(owner, { title: 'Music', url: 'https://nova.bandcamp.com/' })).toMatchObject({ icon: 'music', color: 'theme' });
    expect(await addLink(owner, { title: 'Videos', url: 'https://youtube.com/@nova', icon: 'star', color: 'green' })).toMatchObject({
      icon: 'star',
      color: 'green',
    });
    expect(await addLink(owner, { title: 'Site', url: 'https://nova.example/' })).toMatchObject({ icon: 'link', color: 'theme' });
  });

  it('stores a link with the defaults and answers with the API shape', async () => {
    await clearLinks(owner);
    const link = await addLink(owner, { title: '  My site ', url: 'example.com/path?q=1' });
    expect(link).toMatchObject({
      userId: owner.user.id,
      title: 'My site',
      url: 'https://example.com/path?q=1',
      icon: 'link',
      customIcon: null,
      // No colour of its own: it follows the theme (issue 51).
      color: 'theme',
      position: 0,
      isActive: true,
      showAsIcon: false,
      ownProfile: false,
      device: 'any',
      countries: [],
    });
    expect(Object.keys(link).sort()).toEqual(
      [
        'id',
        'type',
        'userId',
        'title',
        'url',
        'icon',
        'customIcon',
        'thumbnail',
        'color',
        'position',
        'isActive',
        'showAsIcon',
        'ownProfile',
        'contentWarning',
        'device',
        'countries',
        'startsAt',
        'endsAt',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
  });

  it.each([
    ['javascript:alert(1)', linkMessages.schemeNotAllowed],
    ['JavaScript:alert(document.cookie)', linkMessages.schemeNotAllowed],
    ['data:text/html,<script>alert(1)</script>', linkMessages.schemeNotAllowed],
    ['vbscript:msgbox(1)', linkMessages.schemeNotAllowed],
    ['file:///etc/passwd', linkMessages.schemeNotAllowed],
    ['ftp://example.com/file', linkMessages.schemeNotAllowed],
    ['java\tscript:alert(1)', linkMessages.invalidUrl],
    ['https://exa mple.com', linkMessages.invalidUrl],
    ['http://', linkMessages.invalidUrl],
    ['not a url', linkMessages.invalidUrl],
    ['https://user:pass@example.com', linkMessages.invalidUrl],
    ['x'.repeat(3000) + '.com', linkMessages.urlTooLong],
  ])('refuses the url %j', async (url, message) => {
    const response = await inject('POST', '/api/links', owner.cookie, { title: 'Bad', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a', 'http://example.com/a'],
    ['www.example.com', 'https://www.example.com/'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['tel:+15551234567', 'tel:+15551234567'],
  ])('accepts %j as %j', async (url, stored) => {
    await clearLinks(owner);
    expect((await addLink(owner, { url })).url).toBe(stored);
  });

  it.each([
    [{ url: 'https://example.com' }, linkMessages.missingInformation],
    [{ title: 'No url' }, linkMessages.missingInformation],
    [{ title: '   ', url: 'https://example.com' }, linkMessages.missingInformation],
    [{ title: 'x'.repeat(101), url: 'https://example.com' }, linkMessages.titleTooLong],
    [{ title: 'Icon', url: 'https://example.com', icon: 'skull' }, linkMessages.unknownIcon],
    [{ title: 'Colour', url: 'https://example.com', color: 'chartreuse' }, linkMessages.unknownColor],
    [{ title: 'Colour', url: 'https://example.com', color: '#12345' }, linkMessages.unknownColor],
    [{ title: 'Colour', url: 'https://example.com', color: 'red;background:url(x)' }, linkMessages.unknownColor],
    [{ title: 'Custom', url: 'https://example.com', icon: 'custom' }, linkMessages.customIconMissing],
    [
      { title: 'Custom', url: 'https://example.com', icon: 'custom', customIcon: '/media/' + 'a'.repeat(64) + '.jpg' },
      linkMessages.customIconMissing,
    ],
  ])('refuses %o', async (payload, message) => {
    const response = await inject('POST', '/api/links', owner.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('accepts every known icon and colour, and 3- or 6-digit hex colours', async () => {
    await clearLinks(owner);
    const link = await addLink(owner, { icon: 'facebook', color: '#abc' });
    for (const color of ['sky', 'orange-red', '#A1B2C3']) {
      const response = await inject('PATCH', `/api/links/${link.id}`, owner.cookie, { color });
      expect(response.json().data.color).toBe(color);
    }
  });

  it('needs a session', async () => {
    expect((await inject('POST', '/api/links', undefined, { title: 'x', url: 'x.com' })).statusCode).toBe(401);
  });
});

describe(`the Free plan (${DIALECT})`, () => {
  it('allows 5 links and refuses the sixth naming the limit and the Pro plan', async () => {
    await clearLinks(owner);
    for (let index = 0; index < 5; index += 1) await addLink(owner, { title: `Link ${index}` });
    const response = await inject('POST', '/api/links', owner.cookie, { title: 'Sixth', url: 'https://example.com' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(linkLimitMessage('free', 5, { sold: false, links: { free: 5, pro: null, business: null } }));
    // This site sells no plans: the message says how Pro is had here, and that it has unlimited links (issue 51).
    expect(response.json().message).toContain('ask them for Pro, with unlimited links');
    expect(response.json().message).not.toContain('Upgrade');
  });

  it('lets a Pro user add a sixth link and more', async () => {
    const pro = await createUser(t.app);
    for (let index = 0; index < 5; index += 1) await addLink(pro, { title: `Link ${index}` });
    await setPlan(t.app, pro.user.id, 'pro');
    for (const title of ['Sixth', 'Seventh']) {
      const response = await inject('POST', '/api/links', pro.cookie, { title, url: 'https://example.com' });
      expect(response.statusCode).toBe(201);
    }
    const links = (await inject('GET', `/api/users/${pro.user.id}/links`, pro.cookie)).json().data;
    expect(links.map((link: { title: string }) => link.title).slice(-2)).toEqual(['Sixth', 'Seventh']);
    expect(links).toHaveLength(7);
  });
});

describe(`listing, changing, reordering and deleting (${DIALECT})`, () => {
  it('shows the owner every link and anyone else only the active ones', async () => {
    await clearLinks(owner);
    const visible = await addLink(owner, { title: 'Visible' });
    const hidden = await addLink(owner, { title: 'Hidden', isActive: false });
    const ownView = (await inject('GET', `/api/users/${owner.user.id}/links`, owner.cookie)).json().data;
    expect(ownView.map((link: { id: number }) => link.id)).toEqual([visible.id, hidden.id]);
    for (const cookie of [other.cookie, undefined]) {
      const view = (await inject('GET', `/api/users/${owner.user.id}/links`, cookie)).json().data;
      expect(view.map((link: { id: number }) => link.id)).toEqual([visible.id]);
    }
  });

  it('answers 404 for the links of a user who does not exist', async () => {
    expect((await inject('GET', '/api/users/999999/links')).statusCode).toBe(404);
    // A malformed id names nothing either: the same 404 as on every route.
    const malformed = await inject('GET', '/api/users/abc/links');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ code: 'not_found', message: 'User not found' });
  });

  it('switches a link inactive and back', async () => {
    await clearLinks(owner);
    const link = await addLink(owner);
    const off = await inject('PATCH', `/api/links/${link.id}`, owner.cookie, { isActive: false });
    expect(off.json().data.isActive).toBe(false);
    const on = await inject('PATCH', `/api/links/${link.id}`, owner.cookie, { isActive: true });
    expect(on.json().data.isActive).toBe(true);
  });

  it('updates a link, adding https:// on edit too', async () => {
    await clearLinks(owner);
    const link = await addLink(owner);
    const response = await inject('PATCH', `/api/links/${link.id}`, owner.cookie, { title: 'Renamed', url: 'new.example.org' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ title: 'Renamed', url: 'https://new.example.org/' });
    const bad = await inject('PATCH', `/api/links/${link.id}`, owner.cookie, { url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    const empty = await inject('PATCH', `/api/links/${link.id}`, owner.cookie, {});
    expect(empty.json().message).toBe(linkMessages.noChanges);
  });

  it("answers 404 for another user's link, changing nothing", async () => {
    await clearLinks(owner);
    const link = await addLink(owner, { title: 'Mine' });
    for (const [method, payload] of [
      ['PATCH', { title: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await inject(method, `/api/links/${link.id}`, other.cookie, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(linkMessages.notFound);
    }
    const still = (await inject('GET', `/api/users/${owner.user.id}/links`, owner.cookie)).json().data;
    expect(still).toHaveLength(1);
    expect(still[0].title).toBe('Mine');
  });

  it('saves a new order, which is the order everyone sees', async () => {
    await clearLinks(owner);
    const a = await addLink(owner, { title: 'A' });
    const b = await addLink(owner, { title: 'B' });
    const c = await addLink(owner, { title: 'C' });
    const response = await inject('PUT', '/api/links/order', owner.cookie, { ids: [c.id, a.id, b.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((link: { title: string }) => link.title)).toEqual(['C', 'A', 'B']);
    const publicView = (await inject('GET', `/api/users/${owner.user.id}/links`)).json().data;
    expect(publicView.map((link: { title: string }) => link.title)).toEqual(['C', 'A', 'B']);
  });

  it('refuses an order that is not exactly the owner’s links', async () => {
    await clearLinks(owner);
    const a = await addLink(owner, { title: 'A' });
    const b = await addLink(owner, { title: 'B' });
    const theirs = await addLink(other, { title: 'Theirs' });
    for (const ids of [[a.id], [a.id, a.id], [a.id, b.id, theirs.id], [a.id, theirs.id], [a.id, b.id, 999999]]) {
      const response = await inject('PUT', '/api/links/order', owner.cookie, { ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json().message).toBe(linkMessages.orderMismatch);
    }
    const bad = await inject('PUT', '/api/links/order', owner.cookie, { ids: 'a,b' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a link', async () => {
    await clearLinks(owner);
    const link = await addLink(owner);
    expect((await inject('DELETE', `/api/links/${link.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/links/${link.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/users/${owner.user.id}/links`, owner.cookie)).json().data).toEqual([]);
  });

  it('answers 400 or 404 to malformed ids, never 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const response = await inject('PATCH', `/api/links/${id}`, owner.cookie, { title: 'x' });
      expect([400, 404], id).toContain(response.statusCode);
    }
  });
});

describe(`plan usage (${DIALECT})`, () => {
  it('reports the plan, its limits and what is used', async () => {
    await clearLinks(owner);
    await addLink(owner);
    const response = await inject('GET', '/api/me/limits', owner.cookie);
    expect(response.json().data).toEqual({
      plan: 'free',
      links: { used: 1, limit: 5 },
      uploads: { usedBytes: expect.any(Number), limitBytes: 10 * 1024 * 1024 },
      keptOffPage: { links: 0, look: [] },
    });
    expect((await inject('GET', '/api/me/limits')).statusCode).toBe(401);
  });
});
