import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FILE_FORMAT, PAGE_FILE_SCHEMA_PATH, type PageFile, pageFileMaxBytes, pageTransferMessages } from '#shared/page-transfer.ts';
import { DEFAULT_PLAN_LIMITS, formatBytes, linkLimitMessage } from '#shared/plans.ts';
import { subscriberMessages } from '#shared/subscribers.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// The page as one file (issue 32): exported with its settings, items, look and
// files, described by a published JSON Schema, imported into another account
// (replacing its page or adding to it) in one transaction, within the plan.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
});
afterAll(() => t.close());

async function upload(owner: SignedInUser, kind: string, color: string): Promise<string> {
  const response = await postMedia(t.app, owner, kind, {
    name: 'picture.png',
    mime: 'image/png',
    content: await pngImage(300, 300, color),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.url;
}

const exportPage = async (owner: SignedInUser) => {
  const response = await t.app.inject({ url: '/api/me/page-export', headers: { cookie: owner.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return { file: response.json() as PageFile, response };
};
const importPage = (owner: SignedInUser, document: unknown, mode = 'replace') =>
  t.app.inject({ method: 'POST', url: '/api/me/page-import', headers: { cookie: owner.cookie }, payload: { mode, document } });
const send = (owner: SignedInUser, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload: payload as Record<string, unknown> });

async function proUser(): Promise<SignedInUser> {
  const owner = await createUser(t.app);
  await setPlan(t.app, owner.user.id, 'pro');
  return owner;
}

/** A page with something of everything: settings, a picture, every kind of item, a look with a background. */
async function furnishedPage(): Promise<SignedInUser> {
  const owner = await proUser();
  const avatar = await upload(owner, 'avatar', '#223344');
  const icon = await upload(owner, 'icon', '#ff0000');
  const thumbnail = await upload(owner, 'thumbnail', '#00ff00');
  const background = await upload(owner, 'background', '#0000ff');
  expect(
    (
      await send(owner, 'PATCH', '/api/me/profile', {
        displayName: 'Ada Lovelace',
        bio: 'Engines & notes',
        profileImage: avatar,
        showViews: true,
      })
    ).statusCode,
  ).toBe(200);
  await send(owner, 'POST', '/api/links/blocks', { type: 'header', title: 'Work' });
  await createLink(t.app, owner, { title: 'Notes', url: 'https://notes.example/g', icon: 'custom', customIcon: icon, thumbnail });
  await createLink(t.app, owner, {
    title: 'Only in Canada, on phones',
    url: 'https://ca.example',
    device: 'mobile',
    countries: ['US', 'CA'],
    contentWarning: '18',
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2030-01-01T00:00:00Z',
  });
  await send(owner, 'POST', '/api/links/blocks', { type: 'divider' });
  await send(owner, 'POST', '/api/links/blocks', { type: 'text', text: 'See www.example.com\nfor more' });
  await createLink(t.app, owner, {
    title: 'Instagram',
    url: 'https://instagram.com/ada',
    icon: 'instagram',
    showAsIcon: true,
    isActive: false,
  });
  expect(
    (await send(owner, 'PUT', '/api/me/customization', { backgroundType: 'image', backgroundImage: background, primaryColor: '#123456' }))
      .statusCode,
  ).toBe(200);
  return owner;
}

/** A page file with its media addresses named by their order of appearance: a re-encoded file gets a new hash. */
function comparable(file: PageFile): unknown {
  const names = new Map<string, string>();
  const text = JSON.stringify({ ...file, $schema: undefined, exportedAt: undefined, media: undefined }).replace(
    /\/media\/[0-9a-f]{64}\.\w+/g,
    (url) => names.get(url) ?? (names.set(url, `media-${names.size}`), names.get(url)!),
  );
  const media = file.media.map((entry) => ({ name: names.get(entry.url)!, mime: entry.mime }));
  return { ...JSON.parse(text), media: media.sort((a, b) => a.name.localeCompare(b.name)) };
}

describe(`page file export and import (${DIALECT})`, () => {
  it('exports the whole page as one file that follows the published JSON Schema', async () => {
    const owner = await furnishedPage();
    const { file, response } = await exportPage(owner);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="${owner.user.username}-linkverse-page-\\d{4}-\\d{2}-\\d{2}\\.json"`),
    );
    expect(file).toMatchObject({ format: PAGE_FILE_FORMAT, version: 1, $schema: `https://links.example${PAGE_FILE_SCHEMA_PATH}` });
    expect(file.profile).toMatchObject({ displayName: 'Ada Lovelace', bio: 'Engines & notes', showViews: true });
    expect(file.items.map((item) => item.type)).toEqual(['header', 'link', 'link', 'divider', 'text', 'link']);
    expect(file.items[2]).toMatchObject({
      device: 'mobile',
      countries: ['CA', 'US'],
      contentWarning: '18',
      startsAt: '2026-01-01T00:00:00.000Z',
    });
    expect(file.items[5]).toMatchObject({ isActive: false, showAsIcon: true });
    expect(file.customization).toMatchObject({ backgroundType: 'image', primaryColor: '#123456' });
    // Each file the page shows, once, its bytes those of its address.
    expect(file.media).toHaveLength(4);
    for (const entry of file.media) {
      expect(createHash('sha256').update(Buffer.from(entry.data, 'base64')).digest('hex')).toBe(/[0-9a-f]{64}/.exec(entry.url)![0]);
    }

    const schemaAnswer = await t.app.inject({ url: PAGE_FILE_SCHEMA_PATH });
    expect(schemaAnswer.statusCode).toBe(200);
    expect(schemaAnswer.headers['content-type']).toMatch(/^application\/schema\+json/);
    expect(schemaAnswer.headers['access-control-allow-origin']).toBe('*');
    const schema = schemaAnswer.json();
    expect(schema.$id).toBe(`https://links.example${PAGE_FILE_SCHEMA_PATH}`);
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    // The schema says what is refused: another format, another version, an unknown look field.
    expect(validate({ ...file, version: 2 })).toBe(false);
    expect(validate({ ...file, format: 'other' })).toBe(false);
    expect(validate({ ...file, customization: { notAField: 1 } })).toBe(false);
  });

  it('round-trips: export, import into a new account, export again gives the same file apart from ids, times and re-encoded files', async () => {
    const source = await furnishedPage();
    const { file } = await exportPage(source);
    const target = await proUser();
    await createLink(t.app, target, { title: 'Replaced', url: 'https://old.example' });
    expect((await send(target, 'PUT', '/api/me/customization', { primaryColor: '#abcdef' })).statusCode).toBe(200);
    const imported = await importPage(target, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ imported: { items: 6, media: 4 }, skipped: [], notes: [] });
    const again = (await exportPage(target)).file;
    expect(comparable(again)).toEqual(comparable(file));
    // The page shows it.
    const page = await t.app.inject({ url: `/${target.user.username}` });
    expect(page.body).toContain('Ada Lovelace');
    expect(page.body).toContain('Notes');
    expect(page.body).not.toContain('Replaced');
    // The look it replaced is kept in History, to be restored.
    const looks = await t.app.inject({ url: '/api/me/customization/looks', headers: { cookie: target.cookie } });
    expect(looks.json().data[0].customization.primaryColor).toBe('#abcdef');
  });

  it('adds the items after the page’s own, and lists the links past the plan’s limit instead of dropping them silently', async () => {
    const owner = await createUser(t.app);
    for (const n of [1, 2, 3]) await createLink(t.app, owner, { title: `Mine ${n}`, url: `https://mine${n}.example` });
    const document = {
      format: PAGE_FILE_FORMAT,
      version: 1,
      profile: { displayName: 'Not used when adding' },
      items: [
        { type: 'header', title: 'Imported' },
        ...[1, 2, 3, 4].map((n) => ({ type: 'link', title: `New ${n}`, url: `new${n}.example` })),
      ],
    };
    const response = await importPage(owner, document, 'append');
    expect(response.statusCode, response.body).toBe(200);
    const limit = linkLimitMessage('free', 5, { sold: false, links: { free: 5, pro: null, business: null } });
    expect(response.json().data).toEqual({
      imported: { items: 3, media: 0 },
      skipped: [
        { title: 'New 3', reason: limit },
        { title: 'New 4', reason: limit },
      ],
      notes: [],
    });
    const items = (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data;
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Mine 1', 'Mine 2', 'Mine 3', 'Imported', 'New 1', 'New 2']);
    expect((await t.app.inject({ url: '/api/me/profile', headers: { cookie: owner.cookie } })).json().data.displayName).not.toBe(
      'Not used when adding',
    );
  });

  it('refuses a file that is not a page file, of another version, or with a bad value, naming the first problem, and saves nothing', async () => {
    const owner = await createUser(t.app);
    await createLink(t.app, owner, { title: 'Keep me', url: 'https://keep.example' });
    const valid = { format: PAGE_FILE_FORMAT, version: 1, items: [{ type: 'link', title: 'Fine', url: 'fine.example' }] };
    const cases: [unknown, string][] = [
      [{ ...valid, format: 'linktree' }, pageTransferMessages.notOurFormat],
      [{ ...valid, version: 2 }, pageTransferMessages.wrongVersion(2)],
      [{ links: [] }, pageTransferMessages.notOurFormat],
      [
        { ...valid, items: [...valid.items, { type: 'link', title: 'Bad', url: 'javascript:alert(1)' }] },
        'Item 2 (Link “Bad”), url: Only http, https, mailto and tel links are allowed',
      ],
      [{ ...valid, profile: { bio: 'x'.repeat(161) } }, 'Profile, bio: Bio cannot exceed 160 characters'],
      [{ ...valid, customization: { primaryColor: 'red; } body { x' } }, 'Look, primaryColor: '],
      [{ ...valid, extra: true }, pageTransferMessages.unknownFields(['extra'])],
    ];
    for (const [document, message] of cases) {
      const response = await importPage(owner, document);
      expect(response.statusCode, JSON.stringify(document)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/me/page-import',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"mode":"replace","document":{',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('invalid_json');
    const freeLimit = pageFileMaxBytes(DEFAULT_PLAN_LIMITS.free.uploadBytes);
    const tooLarge = await importPage(owner, { ...valid, padding: 'x'.repeat(freeLimit + 100_000) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(pageTransferMessages.tooLarge(formatBytes(freeLimit)));

    const items = (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data;
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Keep me']);
  });

  it('is one transaction: a refusal after the page was cleared leaves the page as it was', async () => {
    const owner = await createUser(t.app);
    await createLink(t.app, owner, { title: 'Still here', url: 'https://here.example' });
    // The settings are refused (a sign-up form needs its consent line) after the links were replaced.
    const response = await importPage(owner, {
      format: PAGE_FILE_FORMAT,
      version: 1,
      profile: { subscribeForm: true, subscribeConsent: '' },
      items: [{ type: 'link', title: 'New', url: 'new.example' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(subscriberMessages.consentRequired);
    const items = (await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data;
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Still here']);
  });

  it('re-encodes the files, refuses one changed since export or past the quota, and leaves out one missing', async () => {
    const source = await furnishedPage();
    const { file } = await exportPage(source);
    const owner = await createUser(t.app);

    const tampered = structuredClone(file);
    tampered.media[0]!.data = Buffer.from('not the picture').toString('base64');
    const refused = await importPage(owner, tampered);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(pageTransferMessages.mediaHashMismatch(tampered.media[0]!.url));

    const notAnImage = structuredClone(file);
    const bytes = Buffer.from('<html>not an image</html>');
    const url = `/media/${createHash('sha256').update(bytes).digest('hex')}.png`;
    notAnImage.profile!.profileImage = url;
    notAnImage.media.push({ url, mime: 'image/png', data: bytes.toString('base64') });
    const undecodable = await importPage(owner, notAnImage);
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json().message).toMatch(/^The profile picture: /);

    const missing = structuredClone(file);
    missing.media = missing.media.filter((entry) => entry.url !== file.profile!.profileImage);
    const leftOut = await importPage(owner, missing);
    expect(leftOut.statusCode, leftOut.body).toBe(200);
    expect(leftOut.json().data.notes).toEqual([pageTransferMessages.mediaMissing('The profile picture')]);
    expect((await t.app.inject({ url: '/api/me/profile', headers: { cookie: owner.cookie } })).json().data.profileImage).toBeNull();

    const small = await createTestApp({
      config: {
        publicUrl: 'https://links.example',
        planLimits: { ...t.config.planLimits, free: { ...t.config.planLimits.free, links: 5, uploadBytes: 100 } },
      },
      shareDatabaseWith: t,
    });
    try {
      const poor = await createUser(small.app);
      await createLink(small.app, poor, { title: 'Before', url: 'https://before.example' });
      const overQuota = await small.app.inject({
        method: 'POST',
        url: '/api/me/page-import',
        headers: { cookie: poor.cookie },
        payload: { mode: 'replace', document: file },
      });
      expect(overQuota.statusCode).toBe(413);
      expect(overQuota.json().code).toBe('upload_quota');
      const items = (await small.app.inject({ url: `/api/users/${poor.user.id}/links`, headers: { cookie: poor.cookie } })).json().data;
      expect(items.map((item: { title: string }) => item.title)).toEqual(['Before']);
    } finally {
      await small.close();
    }
  });

  it('previews a page file without saving anything, and needs a session', async () => {
    const owner = await createUser(t.app);
    const document = { format: PAGE_FILE_FORMAT, version: 1, items: [{ type: 'link', title: 'Preview', url: 'preview.example' }] };
    const preview = await send(owner, 'POST', '/api/me/page-import/preview', { source: 'file', document });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.document.items[0]).toMatchObject({ type: 'link', url: 'https://preview.example/' });
    expect((await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } })).json().data).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/me/page-export'],
      ['POST', '/api/me/page-import'],
      ['POST', '/api/me/page-import/preview'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
  });

  it("takes a page file as heavy as the account's own export can be: Free's over 10 MB, and more on Pro", async () => {
    // 19.6 MB: fourteen files of 1 MB as base64, named by their SHA-256, shown nowhere (an import leaves them out).
    const media = Array.from({ length: 14 }, (_, index) => {
      const bytes = Buffer.alloc(1024 * 1024, index);
      return { url: `/media/${createHash('sha256').update(bytes).digest('hex')}.webp`, data: bytes.toString('base64') };
    });
    const body = JSON.stringify({ mode: 'append', document: { format: PAGE_FILE_FORMAT, version: 1, items: [], media } });
    const freeLimit = pageFileMaxBytes(DEFAULT_PLAN_LIMITS.free.uploadBytes);
    expect(body.length).toBeGreaterThan(freeLimit);
    const send = (owner: SignedInUser, payload: string | Readable) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/page-import',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload,
      });

    const free = await createUser(t.app);
    const refused = await send(free, body);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ code: 'request_too_large', message: pageTransferMessages.tooLarge(formatBytes(freeLimit)) });
    expect(formatBytes(freeLimit)).toBe('17.3 MB');
    // Sent without its length, it is measured once in.
    const streamed = await send(free, Readable.from([body.slice(0, 1000), body.slice(1000)]));
    expect([streamed.statusCode, streamed.json().code]).toEqual([413, 'request_too_large']);

    const pro = await createUser(t.app);
    await setPlan(t.app, pro.user.id, 'pro');
    const taken = await send(pro, body);
    expect(taken.statusCode, taken.body.slice(0, 300)).toBe(200);
    expect(taken.json().data.imported).toEqual({ items: 0, media: 0 });
  });
});
