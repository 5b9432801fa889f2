import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_BLOCK_MAX_LENGTH, blockMessages, textPartsOf } from '#shared/blocks.ts';
import { linkMessages } from '#shared/links.ts';
import { linkLimitMessage } from '#shared/plans.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser } from '../helpers/factories.ts';

// Blocks beside links (issue 30): headers, texts and dividers in the links'
// ordered list, on the page without script, counted in no link limit, and
// nothing in them able to run script or open anything but /go.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function addBlock(owner: SignedInUser, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/links/blocks', headers: { cookie: owner.cookie }, payload });
}
function changeBlock(owner: SignedInUser, id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/links/blocks/${id}`, headers: { cookie: owner.cookie }, payload });
}
async function block(owner: SignedInUser, payload: Record<string, unknown>) {
  const response = await addBlock(owner, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; type: string };
}
const itemsOf = async (owner: SignedInUser, cookie?: string) =>
  (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: cookie ? { cookie } : {} })).json().data as Array<{
    id: number;
    type: string;
    title?: string;
  }>;

describe(`blocks beside links (${DIALECT})`, () => {
  it('adds a header, a text and a divider in the links’ list, each naming its type', async () => {
    const owner = await createUser(t.app);
    const shop = await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
    const header = await block(owner, { type: 'header', title: '  Listen  ' });
    const text = await block(owner, { type: 'text', text: 'New episodes\r\nevery Friday\u0007' });
    const divider = await block(owner, { type: 'divider' });

    expect(header).toMatchObject({ type: 'header', title: 'Listen', isActive: true, startsAt: null, endsAt: null, position: 1 });
    expect(Object.keys(header).sort()).toEqual(
      ['id', 'type', 'userId', 'title', 'position', 'isActive', 'startsAt', 'endsAt', 'createdAt', 'updatedAt'].sort(),
    );
    // Windows line ends made one, control characters out.
    expect(text).toMatchObject({ type: 'text', text: 'New episodes\nevery Friday' });
    expect(Object.keys(divider)).not.toContain('title');

    const items = await itemsOf(owner, owner.cookie);
    expect(items.map((item) => [item.id, item.type])).toEqual([
      [shop.id, 'link'],
      [header.id, 'header'],
      [text.id, 'text'],
      [divider.id, 'divider'],
    ]);
    // The link keeps its shape: a client that knows only links reads it as before.
    expect(items[0]).toMatchObject({ title: 'Shop', url: 'https://shop.example/', icon: 'link' });
  });

  it('refuses what a block cannot be, with a message naming the problem', async () => {
    const owner = await createUser(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'poll' }, blockMessages.unknownType],
      [{}, blockMessages.unknownType],
      [{ type: 'header' }, blockMessages.headerMissing],
      [{ type: 'header', title: '   ' }, blockMessages.headerMissing],
      [{ type: 'header', title: 'x'.repeat(101) }, blockMessages.headerTooLong],
      [{ type: 'text', text: '' }, blockMessages.textMissing],
      [{ type: 'text', text: 'x'.repeat(TEXT_BLOCK_MAX_LENGTH + 1) }, blockMessages.textTooLong],
      [{ type: 'text', text: 42 }, blockMessages.textMissing],
      [{ type: 'divider', startsAt: '2026-12-02T10:00:00Z', endsAt: '2026-12-02T09:00:00Z' }, linkMessages.startAfterEnd],
      [{ type: 'divider', startsAt: 'tomorrow' }, linkMessages.invalidTime],
    ];
    for (const [payload, message] of cases) {
      const response = await addBlock(owner, payload);
      expect([response.statusCode, response.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect((await addBlock(owner, { type: 'text', text: 'x'.repeat(TEXT_BLOCK_MAX_LENGTH) })).statusCode).toBe(201);

    const divider = await block(owner, { type: 'divider' });
    const titled = await changeBlock(owner, divider.id, { title: 'Hi' });
    expect([titled.statusCode, titled.json().message]).toEqual([400, blockMessages.fieldNotForType('divider', 'title')]);
    expect((await changeBlock(owner, divider.id, {})).json().message).toBe(blockMessages.noChanges);
    // A block is not changed as a link, nor a link as a block; nor anyone else's.
    const link = await createLink(t.app, owner, { title: 'A', url: 'a.example' });
    const asLink = await t.app.inject({
      method: 'PATCH',
      url: `/api/links/${divider.id}`,
      headers: { cookie: owner.cookie },
      payload: { title: 'B' },
    });
    expect([asLink.statusCode, asLink.json().message]).toEqual([404, linkMessages.notFound]);
    expect((await changeBlock(owner, link.id, { isActive: false })).json().message).toBe(blockMessages.notFound);
    const stranger = await createUser(t.app);
    expect((await changeBlock(stranger, divider.id, { isActive: false })).statusCode).toBe(404);
    // An end before the start kept is refused as for a link.
    await changeBlock(owner, divider.id, { startsAt: '2030-01-02T00:00:00Z' });
    expect((await changeBlock(owner, divider.id, { endsAt: '2030-01-01T00:00:00Z' })).json().message).toBe(linkMessages.startAfterEnd);
    // Deleted as any item, by its owner only.
    const removal = (who: SignedInUser) =>
      t.app.inject({ method: 'DELETE', url: `/api/links/${divider.id}`, headers: { cookie: who.cookie } });
    expect((await removal(stranger)).statusCode).toBe(404);
    expect((await removal(owner)).statusCode).toBe(200);
  });

  it('counts only links toward the Free plan’s five', async () => {
    const owner = await createUser(t.app);
    for (let index = 0; index < 5; index += 1) {
      await createLink(t.app, owner, { title: `L${index}`, url: `l${index}.example` });
      await block(owner, { type: 'divider' });
    }
    await block(owner, { type: 'header', title: 'Still free' });
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie: owner.cookie },
      payload: { title: 'Six', url: 'six.example' },
    });
    expect([sixth.statusCode, sixth.json().message]).toEqual([
      403,
      linkLimitMessage('free', 5, { sold: false, links: { free: 5, pro: null, business: null } }),
    ]);
    const usage = await t.app.inject({ url: '/api/me/limits', headers: { cookie: owner.cookie } });
    expect(usage.json().data.links.used).toBe(5);
  });

  it('orders blocks with links: every item, or every link with the blocks keeping their places', async () => {
    const owner = await createUser(t.app);
    const a = await createLink(t.app, owner, { title: 'A', url: 'a.example' });
    const header = await block(owner, { type: 'header', title: 'H' });
    const b = await createLink(t.app, owner, { title: 'B', url: 'b.example' });
    const c = await createLink(t.app, owner, { title: 'C', url: 'c.example' });
    const order = (ids: number[]) =>
      t.app.inject({ method: 'PUT', url: '/api/links/order', headers: { cookie: owner.cookie }, payload: { ids } });

    const all = await order([header.id, c.id, a.id, b.id]);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((item: { id: number }) => item.id)).toEqual([header.id, c.id, a.id, b.id]);
    // A client that knows only links sends its links; the header stays first.
    const linksOnly = await order([b.id, a.id, c.id]);
    expect(linksOnly.json().data.map((item: { id: number }) => item.id)).toEqual([header.id, b.id, a.id, c.id]);
    expect((await itemsOf(owner, owner.cookie)).map((item) => item.id)).toEqual([header.id, b.id, a.id, c.id]);
    for (const bad of [
      [a.id, b.id],
      [header.id, a.id, b.id, c.id, c.id],
      [header.id, a.id, b.id],
    ]) {
      const refused = await order(bad);
      expect([refused.statusCode, refused.json().message]).toEqual([400, linkMessages.orderMismatch]);
    }
  });

  it('draws each block on the page as text, its addresses through /go, and hides blocks that are off or not yet due', async () => {
    const owner = await createUser(t.app);
    await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
    const header = await block(owner, { type: 'header', title: 'Listen <script>alert(1)</script>' });
    const text = await block(owner, {
      type: 'text',
      text: 'Tickets at www.tickets.example/night. Or <b>javascript:alert(1)</b> and (see https://wiki.example/a_(b)).\nBye',
    });
    await block(owner, { type: 'divider' });
    await block(owner, { type: 'header', title: 'Hidden header', isActive: false });
    await block(owner, { type: 'header', title: 'Next year', startsAt: '2099-01-01T00:00:00Z' });
    await createLink(t.app, owner, { title: 'After', url: 'https://after.example/' });

    const page = await t.app.inject({ url: `/${owner.user.username}` });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('data-blocks');
    expect(html).toContain('<h2 class="lv-section" dir="auto">Listen &lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html).toContain(`<a href="/go/${text.id}?to=0" target="_blank" rel="noopener noreferrer">www.tickets.example/night</a>.`);
    expect(html).toContain(`<a href="/go/${text.id}?to=1" target="_blank" rel="noopener noreferrer">https://wiki.example/a_(b)</a>).`);
    expect(html).not.toMatch(/href="javascript/);
    expect(html).toContain('<hr class="lv-divider"/>');
    expect(html).not.toContain('Hidden header');
    expect(html).not.toContain('Next year');
    // The runs of links around the blocks, in order.
    const body = html.slice(html.indexOf('<body'));
    expect(body.indexOf('Shop')).toBeLessThan(body.indexOf('<h2 class="lv-section"'));
    expect(body.indexOf('<hr class="lv-divider"')).toBeLessThan(body.indexOf('After'));
    // Its stylesheet carries the block rules only because the page has blocks.
    expect(html).toContain('.lv-section{');
    const plain = await createUser(t.app);
    await createLink(t.app, plain, { title: 'Only', url: 'only.example' });
    expect((await t.app.inject({ url: `/${plain.user.username}` })).body).not.toContain('.lv-section{');

    // /go opens a text's n-th address, counted as the block's click; nothing else.
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' };
    const first = await t.app.inject({ url: `/go/${text.id}?to=0`, headers: browser, remoteAddress: '81.2.69.142' });
    expect([first.statusCode, first.headers.location]).toEqual([302, 'https://www.tickets.example/night']);
    const second = await t.app.inject({ url: `/go/${text.id}?to=1`, headers: browser, remoteAddress: '8.8.8.8' });
    expect(second.headers.location).toBe('https://wiki.example/a_(b)');
    for (const url of [`/go/${text.id}?to=2`, `/go/${text.id}`, `/go/${text.id}?to=-1`, `/go/${header.id}`, `/go/${header.id}?to=0`]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers.location, url).toBeUndefined();
    }
    await t.app.events.flush();
    const report = await t.app.inject({ url: '/api/me/analytics?days=7', headers: { cookie: owner.cookie } });
    const entry = report.json().data.topLinks.find((link: { id: number }) => link.id === text.id);
    expect(entry).toMatchObject({ clicks: 2, name: 'Text: Tickets at www.tickets.example/night. Or…' });

    // The public JSON: the ordered items with the blocks, and the links alone where they always were.
    const json = (await t.app.inject({ url: `/api/public/${owner.user.username}` })).json().data;
    expect(json.items.map((item: { type: string }) => item.type)).toEqual(['link', 'header', 'text', 'divider', 'link']);
    expect(json.links.map((link: { title: string }) => link.title)).toEqual(['Shop', 'After']);
    expect(json.items[1]).toEqual({ id: header.id, type: 'header', title: 'Listen <script>alert(1)</script>' });
    // Anyone else's list holds what the page shows.
    expect((await itemsOf(owner)).map((item) => item.type)).toEqual(['link', 'header', 'text', 'divider', 'link']);
  });

  it('draws again when a block changes, and says so in Recent Activity', async () => {
    const owner = await createUser(t.app);
    const header = await block(owner, { type: 'header', title: 'Before' });
    expect((await t.app.inject({ url: `/${owner.user.username}` })).body).toContain('Before');
    expect((await changeBlock(owner, header.id, { title: 'After' })).statusCode).toBe(200);
    const html = (await t.app.inject({ url: `/${owner.user.username}` })).body;
    expect(html).toContain('After');
    expect(html).not.toContain('Before');
    const activity = await t.app.inject({ url: '/api/me/activity', headers: { cookie: owner.cookie } });
    expect(activity.json().data.map((entry: { kind: string; subject: string }) => [entry.kind, entry.subject])).toContainEqual([
      'block_updated',
      'the header “After”',
    ]);
  });

  it('documents each block’s shape in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const name of ['PageItem', 'Link', 'HeaderBlock', 'TextBlock', 'DividerBlock']) {
      expect(document.components.schemas[name], name).toBeDefined();
    }
    expect(document.paths['/api/links/blocks'].post).toBeDefined();
    expect(document.paths['/api/links/blocks/{id}'].patch).toBeDefined();
  });
});

describe('the addresses in a text block', () => {
  it('finds http, https and www. addresses, leaving sentence punctuation and unbalanced brackets out', () => {
    expect(textPartsOf('Go to www.a.example, then https://b.example/x?y=1! (http://c.example)')).toEqual([
      { text: 'Go to ' },
      { text: 'www.a.example', url: 'https://www.a.example/' },
      { text: ', then ' },
      { text: 'https://b.example/x?y=1', url: 'https://b.example/x?y=1' },
      { text: '! (' },
      { text: 'http://c.example', url: 'http://c.example/' },
      { text: ')' },
    ]);
    // Not addresses: other schemes, a bare 'www.', words.
    expect(textPartsOf('javascript:alert(1) www. ftp://x.example mailto:a@b.example').every((part) => part.url === undefined)).toBe(true);
    expect(textPartsOf('')).toEqual([]);
  });
});
