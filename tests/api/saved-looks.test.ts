import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMIZATION_DEFAULTS, SAVED_LOOKS_KEPT, customizationMessages } from '#shared/customization.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser, setPlan } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';

// The history of saved looks (issue 27): every save, Reset All and restore keeps
// the look it replaced, the newest twenty per account, restorable over the API.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function call(user: SignedInUser, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}
const save = (user: SignedInUser, fields: object) => call(user, 'PUT', '/api/me/customization', fields);
const looks = async (user: SignedInUser) => (await call(user, 'GET', '/api/me/customization/looks')).json().data;
const restore = (user: SignedInUser, id: number | string) => call(user, 'POST', `/api/me/customization/looks/${id}/restore`);

async function uploadBackground(user: SignedInUser, colour: string) {
  const response = await postMedia(t.app, user, 'background', {
    name: 'bg.png',
    mime: 'image/png',
    content: await pngImage(800, 600, colour),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { url: string; bytes: number };
}

describe(`saved looks (${DIALECT})`, () => {
  it('keeps each replaced look, newest first, with when it was saved and replaced', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.app, owner.user.id, 'pro');
    expect(await looks(owner)).toEqual([]);
    expect((await save(owner, { primaryColor: '#111111' })).statusCode).toBe(200);
    expect(await looks(owner)).toEqual([]); // the defaults were never a saved look
    await save(owner, { primaryColor: '#222222' });
    await save(owner, { primaryColor: '#222222' }); // the same look again keeps nothing
    await save(owner, { primaryColor: '#333333', font: 'Lora' });
    const list = await looks(owner);
    expect(list.map((look: { customization: { primaryColor: string } }) => look.customization.primaryColor)).toEqual([
      '#222222',
      '#111111',
    ]);
    for (const look of list) {
      expect(Date.parse(look.savedAt)).toBeLessThanOrEqual(Date.parse(look.replacedAt));
      expect(look.customization.font).toBe('Inter');
    }
  });

  it(`keeps only the newest ${SAVED_LOOKS_KEPT} per account, and only for their owner`, async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    for (let i = 0; i <= SAVED_LOOKS_KEPT + 4; i++) await save(owner, { cardSpacing: 8 + 2 * (i % 17), letterSpacing: i % 2 });
    const kept = await looks(owner);
    expect(kept).toHaveLength(SAVED_LOOKS_KEPT);
    const stored = await t.app.db.selectFrom('savedLooks').select('id').where('userId', '=', owner.user.id).execute();
    expect(stored).toHaveLength(SAVED_LOOKS_KEPT);

    expect(await looks(other)).toEqual([]);
    const theirs = await restore(other, kept[0].id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(customizationMessages.lookNotFound);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00']) expect((await restore(owner, id)).statusCode, id).toBe(404);
  });

  it('undoes Reset All by restoring the look it replaced, uploads included, and undoes that restore too', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.app, owner.user.id, 'pro');
    const background = await uploadBackground(owner, '#335577');
    const look = { backgroundType: 'image', backgroundImage: background.url, customCSS: '.links { gap: 2rem; }', font: 'Lora' };
    expect((await save(owner, look)).statusCode).toBe(200);

    const reset = await call(owner, 'DELETE', '/api/me/customization');
    expect(reset.statusCode).toBe(200);
    const { customization, undoLookId } = reset.json().data;
    expect(customization).toEqual(CUSTOMIZATION_DEFAULTS);
    // The background is still served: the saved look uses it.
    expect((await t.app.inject({ method: 'GET', url: background.url })).statusCode).toBe(200);

    const undone = await restore(owner, undoLookId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data.customization).toMatchObject(look);
    expect(undone.json().data.droppedUploads).toEqual([]);
    expect((await call(owner, 'GET', '/api/me/customization')).json().data).toMatchObject(look);
    const page = await t.app.inject({ method: 'GET', url: `/${owner.user.username}` });
    expect(page.body).toContain(background.url);
    // The restored look left the list; the defaults it replaced were no saved look, so nothing joined.
    expect(await looks(owner)).toEqual([]);
    expect(undone.json().data.undoLookId).toBeNull();

    // Restoring an older look is undone the same way.
    await save(owner, { font: 'Poppins' });
    const [older] = await looks(owner);
    const restored = await restore(owner, older.id);
    expect(restored.json().data.customization.font).toBe('Lora');
    const back = await restore(owner, restored.json().data.undoLookId);
    expect(back.json().data.customization.font).toBe('Poppins');
    expect(await restore(owner, older.id).then((r) => r.statusCode)).toBe(404); // restored once, it is the undo's look now
  });

  it('keeps files of saved looks out of the quota, frees them when no kept look uses them, and restores without a deleted one', async () => {
    const owner = await createUser(t.app);
    await setPlan(t.app, owner.user.id, 'pro'); // a background image is a paid plan's (issue 33)
    const first = await uploadBackground(owner, '#553311');
    await save(owner, { backgroundType: 'image', backgroundImage: first.url });
    const usage = async () => (await call(owner, 'GET', '/api/me/limits')).json().data.uploads.usedBytes;
    expect(await usage()).toBe(first.bytes);
    await save(owner, { backgroundType: 'gradient', backgroundImage: '' });
    expect(await usage()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);

    // A file only a saved look uses can be deleted; restoring that look then says it is gone.
    const media = await t.app.db.selectFrom('media').select('id').where('hash', '=', first.url.slice(7, 71)).executeTakeFirstOrThrow();
    expect((await call(owner, 'DELETE', `/api/media/${media.id}`)).statusCode).toBe(200);
    const [withDeleted] = await looks(owner);
    const restored = await restore(owner, withDeleted.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.droppedUploads).toEqual(['backgroundImage']);
    expect(restored.json().data.customization).toMatchObject({ backgroundType: 'image', backgroundImage: '' });

    // A file leaves with the last kept look that uses it.
    const second = await uploadBackground(owner, '#115533');
    await save(owner, { backgroundImage: second.url });
    await save(owner, { backgroundImage: '' });
    for (let i = 0; i < SAVED_LOOKS_KEPT - 1; i++) await save(owner, { cardPadding: 10 + 2 * i });
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    await save(owner, { cardPadding: 50 });
    await save(owner, { cardPadding: 48 });
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);
  });
});
