import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportPreview, type PageFile, pageTransferMessages as messages } from '#shared/page-transfer.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, setPlan } from '../helpers/factories.ts';
import { type LinktreeStandIn, startLinktreeStandIn } from '../helpers/linktree-stand-in.ts';

// Imports from Linktree, LinkStack and LittleLink (issue 32): best-effort,
// each read into a page file the creator previews (what could not be brought
// over is said) before anything is saved.
//
// Linktree cannot be reached from here: tests/helpers/linktree-stand-in.ts
// stands in for linktr.ee with saved copies of a page's structure (an invented
// profile). LinkStack's export and LittleLink's index.html are fixtures made
// the same way (tests/fixtures/imports).

let t: TestApp;
let linktree: LinktreeStandIn;

beforeAll(async () => {
  linktree = await startLinktreeStandIn();
  t = await createTestApp({ config: { linktreeImport: { enabled: true, allowLoopback: true, origin: linktree.origin, timeoutMs: 2000 } } });
});
afterAll(async () => {
  await t.close();
  await linktree.close();
});

const fixture = (name: string) => readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url), 'utf8');
const preview = (app: TestApp['app'], owner: SignedInUser, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/me/page-import/preview', headers: { cookie: owner.cookie }, payload });
async function previewOf(owner: SignedInUser, payload: Record<string, unknown>): Promise<ImportPreview> {
  const response = await preview(t.app, owner, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const summary = (file: PageFile) =>
  file.items.map((item) =>
    item.type === 'link'
      ? { type: item.type, title: item.title, url: item.url, icon: item.icon, showAsIcon: item.showAsIcon }
      : item.type === 'text'
        ? { type: item.type, text: item.text }
        : item.type === 'divider'
          ? { type: item.type }
          : { type: item.type, title: item.title },
  );
const itemsOf = async (owner: SignedInUser) =>
  (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data as unknown[];

async function proUser(): Promise<SignedInUser> {
  const owner = await createUser(t.app);
  await setPlan(t.app, owner.user.id, 'pro');
  return owner;
}

describe(`import from Linktree (${DIALECT})`, () => {
  it('reads the profile, links, headers, videos and social icons from the data the page embeds, and says what it could not map', async () => {
    const owner = await proUser();
    const { document, notes } = await previewOf(owner, { source: 'linktree', url: 'https://linktr.ee/mira.okafor' });
    expect(linktree.asked).toContain('/mira.okafor');
    expect(document.profile).toMatchObject({
      displayName: 'Mira Okafor <b>studio</b>',
      bio: 'Ceramics, kilns and Sunday markets <script>alert(1)</script>',
    });
    expect(summary(document)).toEqual([
      { type: 'header', title: 'Shop' },
      { type: 'link', title: 'Spring kiln sale', url: 'https://shop.mira.example/spring', icon: 'link', showAsIcon: false },
      { type: 'embed', title: 'Throwing a tall vase' },
      { type: 'link', title: 'Studio playlist', url: 'https://music.mira.example/playlist', icon: 'link', showAsIcon: false },
      { type: 'link', title: 'Figure drawing nights', url: 'https://drawing.mira.example/', icon: 'link', showAsIcon: false },
      {
        type: 'link',
        title: 'Workshop <script>alert(2)</script>',
        url: 'https://workshop.mira.example/?a=1&b=%22%3E%3Cscript%3E',
        icon: 'link',
        showAsIcon: false,
      },
      { type: 'link', title: 'Instagram', url: 'https://instagram.com/mira.okafor', icon: 'instagram', showAsIcon: true },
      { type: 'link', title: 'Twitter', url: 'https://x.com/miraokafor', icon: 'twitter', showAsIcon: true },
      { type: 'link', title: 'Email', url: 'mailto:hello@mira.example', icon: 'mail', showAsIcon: true },
      { type: 'link', title: 'Threads', url: 'https://threads.net/@mira.okafor', icon: 'social', showAsIcon: false },
    ]);
    expect(document.items[4]).toMatchObject({ contentWarning: '18' });
    expect(notes).toEqual([
      messages.notMapped('Link “Gift card”', 'a Linktree commerce product has no address to link to'),
      messages.plainLink('Link “Studio playlist”', 'music'),
      messages.ageGate('Link “Figure drawing nights”'),
      messages.lookNotMapped,
      messages.notMapped('Link “Sneaky <img src=x onerror=alert(1)>”', 'Only http, https, mailto and tel links are allowed'),
    ]);
    // The picture, fetched once and decoded: in the file, to be re-encoded on import.
    expect(document.media).toHaveLength(1);
    expect(document.profile!.profileImage).toBe(document.media[0]!.url);
    expect(linktree.asked.filter((path) => path === '/pictures/mira.jpg')).toHaveLength(1);
    // Nothing is saved by a preview.
    expect(await itemsOf(owner)).toEqual([]);

    // The creator unticks a link and imports the rest: the page shows them, its words as text.
    const chosen = { ...document, items: document.items.filter((item) => !(item.type === 'link' && item.title === 'Spring kiln sale')) };
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/me/page-import',
      headers: { cookie: owner.cookie },
      payload: { mode: 'replace', document: chosen },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.imported).toEqual({ items: 9, media: 1 });
    const page = await t.app.inject({ url: `/${owner.user.username}` });
    expect(page.body).toContain('Figure drawing nights');
    expect(page.body).not.toContain('Spring kiln sale');
    expect(page.body).not.toMatch(/<script>alert|<b>studio|onerror=alert/);
    expect(page.body).toContain('Mira Okafor &lt;b&gt;studio&lt;/b&gt;');
  });

  it('says so clearly when the address is not a Linktree page, the page is gone, its structure changed, or it cannot be reached', async () => {
    const owner = await createUser(t.app);
    const cases: [string, string][] = [
      ['https://example.com/mira.okafor', messages.notLinktree],
      ['https://linktr.ee/', messages.notLinktree],
      ['https://linktr.ee/a/b', messages.notLinktree],
      ['javascript:alert(1)', messages.notLinktree],
      ['https://linktr.ee/changed.layout', messages.linktreeNoData],
      ['linktr.ee/nobody-here', messages.linktreeNotFound],
      // Redirected to another host: not followed.
      ['https://linktr.ee/moved', messages.linktreeUnreachable],
    ];
    for (const [url, message] of cases) {
      const response = await preview(t.app, owner, { source: 'linktree', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(message);
    }
    expect(linktree.asked.filter((path) => path === '/mira.okafor' || path.startsWith('/a'))).not.toContain('/a/b');
  });

  it('never reaches a private address, and offers no fetch when the site turns it off', async () => {
    for (const [linktreeImport, message] of [
      [{ enabled: true, allowLoopback: false, origin: linktree.origin, timeoutMs: 2000 }, messages.linktreeUnreachable],
      [{ enabled: false, allowLoopback: true, origin: linktree.origin, timeoutMs: 2000 }, messages.linktreeOff],
    ] as const) {
      const site = await createTestApp({ config: { linktreeImport }, shareDatabaseWith: t });
      try {
        const owner = await createUser(site.app);
        const asked = linktree.asked.length;
        const response = await preview(site.app, owner, { source: 'linktree', url: 'https://linktr.ee/mira.okafor' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
        expect(linktree.asked.length).toBe(asked);
        const features = await site.app.inject({ url: '/api/site/features' });
        expect(features.json().data.linktreeImport).toBe(linktreeImport.enabled);
      } finally {
        await site.close();
      }
    }
  });
});

describe(`import from LinkStack and LittleLink (${DIALECT})`, () => {
  it('reads a LinkStack export: pinned links first, headings, texts, spacers and icons, its HTML as words, its picture decoded', async () => {
    const owner = await createUser(t.app);
    const file = JSON.parse(fixture('linkstack-export.json'));
    // A contact card with an address of LinkStack's own: said to be left out, not refused as an address (issue 51).
    file.links.push({ id: 99, link: '/vcard/7', title: 'Save my number', button_id: 96, order: 9, up_link: 'no', type: 'vcard' });
    const { document, notes } = await previewOf(owner, { source: 'linkstack', file });
    expect(document.profile).toMatchObject({ displayName: 'Jonas Brandt', bio: 'Bike mechanic & trail builder' });
    expect(summary(document)).toEqual([
      { type: 'link', title: 'Trail map', url: 'https://map.jonas.example/', icon: 'link', showAsIcon: false },
      { type: 'header', title: 'Trails' },
      { type: 'link', title: 'Book a repair', url: 'https://garage.jonas.example/', icon: 'link', showAsIcon: false },
      { type: 'link', title: 'Instagram', url: 'https://instagram.com/jonas.trails', icon: 'instagram', showAsIcon: true },
      { type: 'text', text: 'Open Saturdays 9–13' },
      { type: 'divider' },
    ]);
    expect(notes).toEqual([
      messages.notMapped('Vcard “Contact card”', messages.contactCardWhy),
      messages.notMapped('Vcard “Save my number”', messages.contactCardWhy),
      'LinkStack’s custom button styles and icons are not brought over: choose a look in the Customize tab.',
    ]);
    expect(document.media).toHaveLength(1);

    const wrong = await preview(t.app, owner, { source: 'linkstack', file: { name: 'x', buttons: [] } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.notLinkStack);
  });

  it('reads a LittleLink page: its name, words and buttons, and says the picture is a file beside it', async () => {
    const owner = await createUser(t.app);
    const { document, notes } = await previewOf(owner, { source: 'littlelink', html: fixture('littlelink-index.html') });
    expect(document.profile).toEqual({ displayName: 'Priya Raman', bio: 'Bird sounds, field recordings & maps' });
    expect(summary(document)).toEqual([
      { type: 'link', title: 'Website', url: 'https://priya.example/', icon: 'link', showAsIcon: false },
      { type: 'link', title: 'YouTube', url: 'https://youtube.com/@priyaraman', icon: 'youtube', showAsIcon: false },
      { type: 'link', title: 'GitHub', url: 'https://github.com/priya-raman-example', icon: 'github', showAsIcon: false },
      { type: 'link', title: 'Mastodon', url: 'https://mastodon.example/@priya', icon: 'link', showAsIcon: false },
    ]);
    expect(notes).toEqual([
      messages.pictureBeside('images/avatar.png'),
      messages.notMapped('Link “Sneaky”', 'Only http, https, mailto and tel links are allowed'),
    ]);

    const wrong = await preview(t.app, owner, { source: 'littlelink', html: '<html><body><h1>Just a page</h1></body></html>' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.notLittleLink);
  });
});
