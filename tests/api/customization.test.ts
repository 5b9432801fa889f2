import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANIMATION_TYPES,
  BACKGROUND_DIRECTIONS,
  BACKGROUND_EFFECTS,
  BACKGROUND_FILTERS,
  BACKGROUND_PATTERNS,
  BACKGROUND_TYPES,
  BIO_POSITIONS,
  BUTTON_STYLES,
  CUSTOMIZATION_DEFAULTS,
  CUSTOM_CSS_MAX_LENGTH,
  FONT_NAMES,
  GLOW_SETTINGS,
  HOVER_EFFECTS,
  INTENSITIES,
  LINK_BUTTON_ANIMATIONS,
  LINK_BUTTON_SHAPES,
  PARTICLE_TYPES,
  PROFILE_IMAGE_SHAPES,
  PROFILE_LAYOUTS,
  RING_STYLES,
  RING_THICKNESSES,
  SLIDERS,
  SPACINGS,
  type SliderRange,
  TEXT_TRANSFORMS,
  USERNAME_EFFECTS,
  USERNAME_POSITIONS,
  customizationMessages,
} from '#shared/customization.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';
import { pngImage, MP3_SAMPLE, postMedia } from '../helpers/uploads.ts';

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  // On Business: every font and layout is the owner's to choose (what each plan has: tests/api/plan-features.test.ts).
  await setPlan(t.app, owner.user.id, 'business');
  other = await createUser(t.app);
  await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
});
afterAll(() => t.close());

function put(user: SignedInUser | null, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/me/customization',
    headers: user ? { cookie: user.cookie } : {},
    payload: payload as object,
  });
}

async function upload(user: SignedInUser, kind: string, content: Buffer) {
  const response = await postMedia(t.app, user, kind, { name: 'file.png', mime: 'image/png', content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.url as string;
}

const RANGED: Record<string, SliderRange> = {
  fontSize: SLIDERS.fontSize,
  fontWeight: SLIDERS.fontWeight,
  lineHeight: SLIDERS.lineHeight,
  letterSpacing: SLIDERS.letterSpacing,
  buttonBorderRadius: SLIDERS.buttonBorderRadius,
  buttonOpacity: SLIDERS.opacity,
  backgroundOpacity: SLIDERS.opacity,
  backgroundOverlayOpacity: SLIDERS.opacity,
  profileOpacity: SLIDERS.opacity,
  cardSpacing: SLIDERS.cardSpacing,
  cardPadding: SLIDERS.cardPadding,
  cardBorderRadius: SLIDERS.cardBorderRadius,
  profileImageSize: SLIDERS.profileImageSize,
  animationSpeed: SLIDERS.animationSpeed,
  blurAmount: SLIDERS.blur,
  backgroundBlur: SLIDERS.blur,
  shadowIntensity: SLIDERS.shadowIntensity,
  profileBlur: SLIDERS.profileBlur,
  animationDelay: SLIDERS.animationDelay,
  buttonBorderWidth: SLIDERS.buttonBorderWidth,
  profileImageBorderWidth: SLIDERS.profileImageBorderWidth,
  containerMaxWidth: SLIDERS.containerMaxWidth,
  particleCount: SLIDERS.particleCount,
  particleSpeed: SLIDERS.particleSpeed,
};

const ENUMERATED: Record<string, readonly string[]> = {
  buttonStyle: BUTTON_STYLES,
  animationType: ANIMATION_TYPES,
  backgroundEffect: BACKGROUND_EFFECTS,
  textTransform: TEXT_TRANSFORMS,
  glowSettings: GLOW_SETTINGS,
  buttonHoverEffect: HOVER_EFFECTS,
  profileImageShape: PROFILE_IMAGE_SHAPES,
  usernamePosition: USERNAME_POSITIONS,
  bioPosition: BIO_POSITIONS,
  usernameEffects: USERNAME_EFFECTS,
  usernameGlowIntensity: INTENSITIES,
  particleDensity: INTENSITIES,
  profileRingThickness: RING_THICKNESSES,
  profileRingStyle: RING_STYLES,
  backgroundType: BACKGROUND_TYPES,
  backgroundDirection: BACKGROUND_DIRECTIONS,
  backgroundPattern: BACKGROUND_PATTERNS,
  backgroundFilter: BACKGROUND_FILTERS,
  particleType: PARTICLE_TYPES,
  linkButtonShape: LINK_BUTTON_SHAPES,
  linkButtonAnimation: LINK_BUTTON_ANIMATIONS,
  profileLayout: PROFILE_LAYOUTS,
  spacing: SPACINGS,
  font: FONT_NAMES,
};

describe(`the customization document (${DIALECT})`, () => {
  it('is the defaults for a new profile, and only its owner reads it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me/customization', headers: { cookie: other.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(CUSTOMIZATION_DEFAULTS);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/customization' })).statusCode).toBe(401);
    expect((await put(null, { fontSize: 18 })).statusCode).toBe(401);
  });

  it('saves the given fields and keeps the others', async () => {
    expect((await put(owner, { fontSize: 18, primaryColor: '#112233' })).statusCode).toBe(200);
    const second = await put(owner, { buttonStyle: 'glass' });
    expect(second.json().data).toMatchObject({ fontSize: 18, primaryColor: '#112233', buttonStyle: 'glass', font: 'Inter' });
    const read = await t.app.inject({ method: 'GET', url: '/api/me/customization', headers: { cookie: owner.cookie } });
    expect(read.json().data).toEqual(second.json().data);
  });

  it.each(Object.entries(RANGED))('takes %s at both ends of its range and refuses one step beyond', async (field, range) => {
    for (const value of [range.min, range.max]) {
      const response = await put(owner, { [field]: value });
      expect(response.statusCode, `${field}=${value}: ${response.body}`).toBe(200);
      expect(response.json().data[field]).toBe(value);
    }
    for (const value of [range.min - range.step, range.max + range.step]) {
      const response = await put(owner, { [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message: customizationMessages.outOfRange(range.min, range.max) });
      expect(response.json().fieldErrors[field]).toBe(customizationMessages.outOfRange(range.min, range.max));
    }
    if (range.max - range.min > range.step) {
      const off = range.min + range.step / 2;
      expect((await put(owner, { [field]: off })).json().message).toBe(customizationMessages.notOnStep(range.step));
    }
    expect((await put(owner, { [field]: String(range.min) })).statusCode).toBe(400);
  });

  it.each(Object.entries(ENUMERATED))('takes every value of %s and refuses any other', async (field, values) => {
    for (const value of values) {
      const response = await put(owner, { [field]: value });
      expect(response.statusCode, `${field}=${value}: ${response.body}`).toBe(200);
    }
    for (const bad of ['bogus', '', 42, null]) {
      const response = await put(owner, { [field]: bad });
      expect(response.statusCode, `${field}=${String(bad)}`).toBe(400);
      expect(response.json().message).toBe(customizationMessages.invalidChoice);
    }
  });

  it('refuses colours that are not hex', async () => {
    for (const bad of ['red', '#12345', '#GGGGGG', '8B5CF6', '#8B5CF6 ', 'rgb(0,0,0)', '#8B5CF6;}', 123, '']) {
      const response = await put(owner, { textColor: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().message).toBe(customizationMessages.invalidColor);
    }
    expect((await put(owner, { textColor: '#fff' })).statusCode).toBe(200);
  });

  it('refuses unknown fields by name, and bodies that are no document', async () => {
    const unknown = await put(owner, { fontSize: 16, sparkle: true, __proto__: { x: 1 }, constructor: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown customization fields: sparkle, constructor');
    for (const body of ['[1,2]', '"text"', '7', 'null']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/me/customization',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode, body).toBe(400);
    }
  });

  it('bounds the free texts', async () => {
    expect((await put(owner, { customCSS: 'a'.repeat(CUSTOM_CSS_MAX_LENGTH + 1) })).json().message).toBe(
      customizationMessages.customCssTooLong,
    );
    expect((await put(owner, { location: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await put(owner, { description: 'x'.repeat(161) })).statusCode).toBe(400);
    expect((await put(owner, { discordUserId: '12345' })).json().message).toBe(customizationMessages.invalidDiscordId);
    expect((await put(owner, { discordUserId: '123456789012345678' })).statusCode).toBe(200);
    expect((await put(owner, { customGradient: '#000000' })).json().message).toBe(customizationMessages.invalidGradient);
    expect((await put(owner, { customGradient: '#000000,#FFFFFF' })).statusCode).toBe(200);
  });

  it("takes only the owner's own upload of the field's kind", async () => {
    const mine = await upload(owner, 'background', await pngImage(800, 600, '#224466'));
    const theirs = await upload(other, 'background', await pngImage(800, 600, '#662244'));
    const myCursor = await upload(owner, 'cursor', await pngImage(64, 64, '#ffffff'));
    for (const [field, url] of [
      ['backgroundImage', theirs],
      ['backgroundImage', myCursor],
      ['backgroundImage', `/media/${'0'.repeat(64)}.webp`],
      ['backgroundImage', 'https://evil.example/x.png'],
      ['customCursor', mine],
    ]) {
      const response = await put(owner, { [field!]: url });
      expect(response.statusCode, `${field} ${url}`).toBe(400);
      expect(response.json().message).toBe(customizationMessages.invalidMedia);
    }
    expect((await put(owner, { backgroundImage: mine, backgroundType: 'image', customCursor: myCursor })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/${owner.user.username}` });
    expect(page.body).toContain(`url(&quot;${mine}&quot;)`);
    expect(page.body).toContain(`url(&quot;${myCursor}&quot;) 4 4, auto`);

    // A background the page shows cannot be deleted from under it through the media call.
    const mineId = (await t.app.db.selectFrom('media').select('id').where('hash', '=', mine.slice(7, 71)).executeTakeFirstOrThrow()).id;
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/media/${mineId}`, headers: { cookie: owner.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('media_in_use');

    // A replaced background stays while a saved look uses it (tests/api/saved-looks.test.ts frees it).
    const next = await upload(owner, 'background', await pngImage(800, 600, '#446622'));
    expect((await put(owner, { backgroundImage: next })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: mine })).statusCode).toBe(200);
    const reset = await t.app.inject({ method: 'DELETE', url: '/api/me/customization', headers: { cookie: owner.cookie } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.customization).toEqual(CUSTOMIZATION_DEFAULTS);
    expect(reset.json().data.undoLookId).toEqual(expect.any(Number));
    expect((await t.app.inject({ method: 'GET', url: theirs })).statusCode).toBe(200);
  });

  it('shows on the public page at once, cached page or not', async () => {
    const url = `/${owner.user.username}`;
    await t.app.inject({ method: 'GET', url });
    await put(owner, { buttonStyle: 'neon', primaryColor: '#ABCDEF', font: 'Lora', profileImageShape: 'square', reducedMotion: true });
    const page = await t.app.inject({ method: 'GET', url });
    // The profile stylesheet is inlined, with the rules these attributes select.
    expect(page.body).toContain('.lv-page:where([data-button="neon"]) .lv-link{');
    expect(page.body).toContain('data-button="neon"');
    expect(page.body).toContain('--lv-primary:#ABCDEF');
    expect(page.body).toContain('--lv-font:&#x27;Lora&#x27;, serif');
    expect(page.body).toContain('data-avatar="square"');
    expect(page.body).toContain('data-reduced-motion=""');
    const json = await t.app.inject({ method: 'GET', url: `/api/public/${owner.user.username}` });
    expect(json.json().data.customization).toMatchObject({ buttonStyle: 'neon', font: 'Lora' });
  });

  it('carries the custom CSS scoped and harmless, with the footer out of its reach', async () => {
    const css =
      '.lv-link { letter-spacing: 2px } .lv-footer { display: none } ~ footer { display: none } </style><script>alert(1)</script>';
    // On Free, whose page carries the footer.
    expect((await put(other, { customCSS: css })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/${other.user.username}` });
    expect(page.body).toContain('<style>.lv-profile .lv-link{letter-spacing:2px}.lv-profile .lv-footer{display:none}</style>');
    expect(page.body).not.toContain('<script');
    // The footer is not inside the profile element the rules are scoped to.
    const profile = /<main class="lv-profile">[\s\S]*?<\/main>/.exec(page.body)?.[0] ?? '';
    expect(profile).not.toBe('');
    expect(profile).not.toContain('lv-footer');
    expect(page.body).toMatch(/<\/main><footer class="lv-footer">/);
  });

  it('falls back field by field when the stored document is damaged', async () => {
    const damaged = await createUser(t.app);
    await t.app.db
      .insertInto('customizations')
      .values({
        userId: damaged.user.id,
        document: JSON.stringify({ fontSize: 99, font: 'Lora', buttonStyle: 'retired' }),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const read = await t.app.inject({ method: 'GET', url: '/api/me/customization', headers: { cookie: damaged.cookie } });
    expect(read.json().data).toMatchObject({ fontSize: 16, font: 'Lora', buttonStyle: 'default' });
    await t.app.db.updateTable('customizations').set({ document: '{not json' }).where('userId', '=', damaged.user.id).execute();
    const page = await t.app.inject({ method: 'GET', url: `/${damaged.user.username}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-button="default"');
  });

  it('carries no script at all unless an effect needs it, and then only the product’s own', async () => {
    const plain = await createUser(t.app);
    const page = async () => (await t.app.inject({ method: 'GET', url: `/${plain.user.username}` })).body;
    expect(await page()).not.toContain('<script');
    await put(plain, {
      backgroundEffect: 'particles',
      particleType: 'snow',
      particleDensity: 'high',
      particleCount: 50,
      particleSpeed: 1.5,
    });
    const particles = await page();
    expect(particles).toContain('data-particle-type="snow" data-particle-count="80" data-particle-speed="1.5"');
    expect(particles).toMatch(/<script src="\/static\/profile-effects-[0-9a-f]{12}\.js" defer><\/script>/);
    await put(plain, { animatedTitle: true, backgroundEffect: 'none', linkButtonAnimation: 'float' });
    const withScript = await page();
    const src = /<script src="(\/static\/profile-effects-[0-9a-f]{12}\.js)" defer><\/script>/.exec(withScript)?.[1];
    expect(src).toBeDefined();
    expect(withScript.match(/<script/g)).toHaveLength(1);
    const script = await t.app.inject({ method: 'GET', url: src! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toContain('data-animated-title');
    expect((await t.app.inject({ method: 'GET', url: '/static/profile-effects-000000000000.js' })).statusCode).toBe(404);
  });

  it('plays music only in the browser’s own player, which never starts by itself', async () => {
    const listener = await createUser(t.app);
    const mp3 = MP3_SAMPLE;
    const uploaded = await postMedia(t.app, listener, 'audio', { name: 'song.mp3', mime: 'audio/mpeg', content: mp3 });
    const track = uploaded.json().data.url;
    expect((await put(listener, { audioFile: track })).statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: `/${listener.user.username}` })).body;
    expect(page).toContain(`<audio controls="" preload="none" src="${track}"`);
    expect(page).not.toMatch(/autoplay/i);
    expect(page).not.toContain('<script');
  });

  it('serves the Inter face it names, preloaded, from the product itself', async () => {
    const reader = await createUser(t.app);
    const page = (await t.app.inject({ method: 'GET', url: `/${reader.user.username}` })).body;
    const font =
      /<link rel="preload" href="(\/fonts\/inter-latin-wght-normal-[0-9a-f]{12}\.woff2)" as="font" type="font\/woff2" crossorigin>/.exec(
        page,
      )?.[1];
    expect(font).toBeDefined();
    expect(page).toContain(
      `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(${font})`,
    );
    const file = await t.app.inject({ method: 'GET', url: font! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  });

  it('serves each font from the product: a variable face, or regular and bold, or the one weight a font has', async () => {
    const reader = await createUser(t.app);
    await setPlan(t.app, reader.user.id, 'pro');
    const fontFiles = async (font: string) => {
      await put(reader, { font });
      const page = (await t.app.inject({ method: 'GET', url: `/${reader.user.username}` })).body;
      return [...page.matchAll(/src:url\((\/fonts\/[a-z0-9-]+\.woff2)\)/g)].map((match) => match[1]!);
    };
    const lora = await fontFiles('Lora');
    expect(lora).toHaveLength(1);
    expect(lora[0]).toMatch(/^\/fonts\/lora-latin-wght-normal-[0-9a-f]{12}\.woff2$/);
    expect((await fontFiles('Poppins')).map((url) => url.replace(/-[0-9a-f]{12}\.woff2$/, ''))).toEqual([
      '/fonts/poppins-latin-400-normal',
      '/fonts/poppins-latin-700-normal',
    ]);
    const pacifico = await fontFiles('Pacifico');
    expect(pacifico).toHaveLength(1);
    for (const url of [...lora, ...pacifico]) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    const css = await t.app.inject({ method: 'GET', url: '/fonts/lora.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain(`font-family:'Lora'`);
    expect(css.body).toContain(lora[0]);
    for (const url of [
      '/fonts/nope.css',
      '/fonts/lora-latin-wght-normal-000000000000.woff2',
      '/fonts/..%2Fpackage.json',
      '/fonts/x.woff2',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('needs a same-origin request to change', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: { fontSize: 20 },
    });
    expect(response.statusCode).toBe(403);
  });
});
