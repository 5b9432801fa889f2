import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_COUNTRIES_MAX, audienceMessages } from '#shared/audience.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';

// Links that know their audience (issue 30): shown only on phones and tablets
// or on computers, or only in chosen countries; the page is drawn per device
// class and country group, and the cache keeps one drawing per group that
// visitors asked for, answered before routing like any page.
//
// Countries come from the GeoLite2 data in geoip-country: 8.8.8.8 is placed in
// the United States, 24.48.0.1 in Canada, 85.214.132.117 in Germany, and
// 203.0.113.7 (documentation range) nowhere.

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const COMPUTER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const PLACES = { US: '8.8.8.8', CA: '24.48.0.1', DE: '85.214.132.117', nowhere: '203.0.113.7' };

let t: TestApp;
let base: string;
beforeAll(async () => {
  // Behind a proxy that names the visitor (X-Forwarded-For), as most sites are.
  t = await createTestApp({ config: { trustProxy: true } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function visit(path: string, agent: string, place: keyof typeof PLACES): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'user-agent': agent, 'x-forwarded-for': PLACES[place] } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      })
      .on('error', reject);
  });
}

/** The titles of the links a visitor sees, in order. */
async function titlesSeen(owner: SignedInUser, agent: string, place: keyof typeof PLACES): Promise<string[]> {
  const page = await visit(`/${owner.user.username}`, agent, place);
  expect(page.status).toBe(200);
  return [...page.body.matchAll(/<span class="lv-link-title" dir="auto">([^<]*)<\/span>/g)].map(([, title]) => title!);
}

const patchLink = (owner: SignedInUser, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/links/${id}`, headers: { cookie: owner.cookie }, payload });

async function creatorWithAudiences() {
  const owner = await createUser(t.app);
  await createLink(t.app, owner, { title: 'Everyone', url: 'https://everyone.example/' });
  const app = await createLink(t.app, owner, { title: 'Get the app', url: 'https://apps.example/', device: 'mobile' });
  await createLink(t.app, owner, { title: 'Desktop download', url: 'https://download.example/', device: 'desktop' });
  await createLink(t.app, owner, { title: 'North America tour', url: 'https://tour.example/', countries: ['us', 'CA'] });
  await createLink(t.app, owner, { title: 'German shop', url: 'https://shop.example/de', device: 'desktop', countries: ['DE'] });
  return { owner, app };
}

describe(`links that know their audience (${DIALECT})`, () => {
  it('keeps a device class and countries on a link, in one form, and refuses what names neither', async () => {
    const owner = await createUser(t.app);
    const link = await createLink(t.app, owner, {
      title: 'Tour',
      url: 'https://tour.example/',
      countries: ['us', ' ca', 'US'],
      device: 'mobile',
    });
    expect(link).toMatchObject({ device: 'mobile', countries: ['CA', 'US'] });
    const plain = await createLink(t.app, owner, { title: 'Plain', url: 'https://plain.example/' });
    expect(plain).toMatchObject({ device: 'any', countries: [] });
    for (const [payload, message] of [
      [{ countries: ['ZZ'] }, audienceMessages.unknownCountry('ZZ')],
      [{ countries: ['USA'] }, audienceMessages.unknownCountry('USA')],
      [{ countries: ['<script>'] }, audienceMessages.unknownCountry('<SCRIPT>')],
      [{ countries: 'US' }, audienceMessages.notAList],
      [{ countries: Array.from({ length: AUDIENCE_COUNTRIES_MAX + 1 }, () => 'US') }, audienceMessages.tooManyCountries],
      [{ device: 'tablet' }, audienceMessages.unknownDevice],
    ] as const) {
      const response = await patchLink(owner, plain.id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await patchLink(owner, plain.id, { device: 'desktop', countries: ['de'] })).json().data).toMatchObject({
      device: 'desktop',
      countries: ['DE'],
    });
  });

  it('draws each visitor the links of their device class and country', async () => {
    const { owner } = await creatorWithAudiences();
    expect(await titlesSeen(owner, PHONE, 'US')).toEqual(['Everyone', 'Get the app', 'North America tour']);
    expect(await titlesSeen(owner, TABLET, 'CA')).toEqual(['Everyone', 'Get the app', 'North America tour']);
    expect(await titlesSeen(owner, COMPUTER, 'US')).toEqual(['Everyone', 'Desktop download', 'North America tour']);
    expect(await titlesSeen(owner, COMPUTER, 'DE')).toEqual(['Everyone', 'Desktop download', 'German shop']);
    expect(await titlesSeen(owner, PHONE, 'DE')).toEqual(['Everyone', 'Get the app']);
    // A visitor no database places sees what is shown everywhere.
    expect(await titlesSeen(owner, COMPUTER, 'nowhere')).toEqual(['Everyone', 'Desktop download']);
    // The page's JSON is drawn for its reader the same way.
    const json = await t.app.inject({
      url: `/api/public/${owner.user.username}`,
      headers: { 'user-agent': PHONE, 'x-forwarded-for': PLACES.DE },
    });
    expect(json.json().data.links.map((link: { title: string }) => link.title)).toEqual(['Everyone', 'Get the app']);
    // The owner sees every link in the dashboard.
    const all = await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } });
    expect(all.json().data).toHaveLength(5);
  });

  it('keeps one drawing per group visitors asked for, answers them before routing, and drops them all on a change', async () => {
    const { owner, app } = await creatorWithAudiences();
    t.app.pageCache.clear();
    const answered = () => t.app.fastPathStats.pages;
    // Two visitors of the same group: one drawing.
    await titlesSeen(owner, PHONE, 'US');
    await titlesSeen(owner, PHONE, 'CA');
    // The page's entry, and its drawing for phones in North America.
    expect(t.app.pageCache.size.pages).toBe(2);
    await titlesSeen(owner, COMPUTER, 'DE');
    await titlesSeen(owner, COMPUTER, 'nowhere');
    expect(t.app.pageCache.size.pages).toBe(4);
    // Asked again, each group is answered from its own drawing before routing.
    const before = answered();
    expect(await titlesSeen(owner, TABLET, 'US')).toEqual(['Everyone', 'Get the app', 'North America tour']);
    expect(await titlesSeen(owner, COMPUTER, 'DE')).toEqual(['Everyone', 'Desktop download', 'German shop']);
    expect(await titlesSeen(owner, COMPUTER, 'nowhere')).toEqual(['Everyone', 'Desktop download']);
    expect(answered() - before).toBe(3);
    expect(t.app.pageCache.size.pages).toBe(4);

    // A change drops every drawing; the link now shows everywhere, and the page is one drawing again.
    await patchLink(owner, app.id, { device: 'any' });
    expect(t.app.pageCache.size.pages).toBe(0);
    expect(await titlesSeen(owner, COMPUTER, 'nowhere')).toEqual(['Everyone', 'Get the app', 'Desktop download']);
  });

  it('draws a page whose links name no audience once for everyone', async () => {
    const owner = await createUser(t.app);
    await createLink(t.app, owner, { title: 'Everyone', url: 'https://everyone.example/' });
    t.app.pageCache.clear();
    await titlesSeen(owner, PHONE, 'US');
    await titlesSeen(owner, COMPUTER, 'DE');
    expect(t.app.pageCache.size.pages).toBe(1);
  });
});
