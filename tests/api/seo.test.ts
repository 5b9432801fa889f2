import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '#shared/constants.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createLink, createUser, setPlan } from '../helpers/factories.ts';
import { postMedia, pngImage } from '../helpers/uploads.ts';

// SEO tools (issue 52 §3, Business): the page's search and share appearance,
// noindex (on the page and out of sitemap.xml), structured data (JSON-LD) and
// the search consoles' verification tags, end to end through the page's HTML.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function creatorOn(plan: Plan, displayName = 'Mira Okafor'): Promise<SignedInUser> {
  const creator = await createUser(t.app, { displayName });
  await setPlan(t.app, creator.user.id, plan);
  return creator;
}
const putSeo = (owner: SignedInUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/me/seo', headers: { cookie: owner.cookie }, payload: payload as Record<string, unknown> });
const getSeo = async (owner: SignedInUser) => (await t.app.inject({ url: '/api/me/seo', headers: { cookie: owner.cookie } })).json().data;
const pageOf = async (owner: SignedInUser) => (await t.app.inject({ url: `/${owner.user.username}` })).body;
/** An admin changes the plan, as the control center does: the cached page follows. */
async function changePlan(owner: SignedInUser, plan: Plan) {
  const admin = await createAdmin(t.app);
  const answer = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${owner.user.id}/plan`,
    headers: { cookie: admin.cookie },
    payload: { plan },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}
const sitemap = async () => (await t.app.inject({ url: '/sitemap.xml' })).body;

/** The content of the first meta tag with this name or property, unescaped. */
function metaOf(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return tag?.[1] === undefined ? undefined : unescape(tag[1]);
}
/** Text as the page escapes it, read back. */
function unescape(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
const titleOf = (html: string) => {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return title === undefined ? undefined : unescape(title);
};
function structuredDataOf(html: string): Record<string, unknown> | undefined {
  const script = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return script ? (JSON.parse(script[1]!) as Record<string, unknown>) : undefined;
}

describe(`SEO tools by plan (${DIALECT})`, () => {
  // Written out, not read from the plan table.
  const EXPECTED: Record<Plan, { status: number; applied: boolean }> = {
    free: { status: 403, applied: false },
    pro: { status: 403, applied: false },
    business: { status: 200, applied: true },
  };
  for (const [plan, expected] of Object.entries(EXPECTED) as [Plan, (typeof EXPECTED)[Plan]][]) {
    it(`${plan}: ${expected.applied ? 'saves them and the page draws them' : 'refused with 403 plan_feature naming Business'}`, async () => {
      const owner = await creatorOn(plan);
      expect(await getSeo(owner)).toMatchObject({ applied: expected.applied, plans: 'Business' });
      const answer = await putSeo(owner, { title: 'Mira Okafor, ceramics in Lisbon' });
      expect(answer.statusCode).toBe(expected.status);
      if (expected.status === 403) {
        expect(answer.json()).toEqual({
          code: 'plan_feature',
          message: 'SEO tools come with Business. See Pricing for how to upgrade.',
        });
        expect(titleOf(await pageOf(owner))).toBe('Mira Okafor (@' + owner.user.username + ') · Linkverse');
      } else {
        expect(answer.json().data.settings.title).toBe('Mira Okafor, ceramics in Lisbon');
        expect(titleOf(await pageOf(owner))).toBe('Mira Okafor, ceramics in Lisbon');
      }
    });
  }
});

describe(`the page's head with SEO tools (${DIALECT})`, () => {
  it('draws the titles, descriptions, structured data and verification tags, and keeps a noindex page out of the sitemap', async () => {
    const owner = await creatorOn('business');
    await createLink(t.app, owner, { title: 'Instagram', url: 'https://instagram.com/mira', icon: 'instagram' });
    await createLink(t.app, owner, { title: 'My shop', url: 'https://shop.example/' });
    // Drawn once before: the save must reach the cached page.
    expect(titleOf(await pageOf(owner))).toContain('Mira Okafor');
    const saved = await putSeo(owner, {
      title: 'Mira Okafor · Ceramics',
      description: 'Handmade bowls and cups from Lisbon.',
      shareTitle: 'Mira’s studio',
      shareDescription: 'New pieces every month.',
      structuredData: 'organization',
      // A code pasted alone, and one pasted as the whole tag the console shows.
      verifications: {
        google: 'abcdefghijklmnopqrstuvwxyz_0123456789-ABCD',
        bing: '<meta name="msvalidate.01" content="0123456789ABCDEF0123456789ABCDEF" />',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings.verifications).toEqual({
      google: 'abcdefghijklmnopqrstuvwxyz_0123456789-ABCD',
      bing: '0123456789ABCDEF0123456789ABCDEF',
    });

    const html = await pageOf(owner);
    expect(titleOf(html)).toBe('Mira Okafor · Ceramics');
    expect(metaOf(html, 'description')).toBe('Handmade bowls and cups from Lisbon.');
    expect(metaOf(html, 'og:title')).toBe('Mira’s studio');
    expect(metaOf(html, 'twitter:title')).toBe('Mira’s studio');
    expect(metaOf(html, 'og:description')).toBe('New pieces every month.');
    expect(metaOf(html, 'twitter:description')).toBe('New pieces every month.');
    // Without an image of its own, the page keeps its generated share image.
    expect(metaOf(html, 'og:image')).toMatch(new RegExp(`/${owner.user.username}/og\\.png\\?v=`));
    expect(metaOf(html, 'google-site-verification')).toBe('abcdefghijklmnopqrstuvwxyz_0123456789-ABCD');
    expect(metaOf(html, 'msvalidate.01')).toBe('0123456789ABCDEF0123456789ABCDEF');
    expect(html).not.toContain('name="robots"');
    expect(structuredDataOf(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Mira Okafor',
      alternateName: `@${owner.user.username}`,
      url: expect.stringMatching(new RegExp(`/${owner.user.username}$`)),
      description: 'Handmade bowls and cups from Lisbon.',
      sameAs: ['https://instagram.com/mira'],
    });
    expect(await sitemap()).toContain(`/${owner.user.username}</loc>`);

    // Hidden from search engines: noindex on the page, and out of the sitemap.
    expect((await putSeo(owner, { noindex: true, structuredData: 'none' })).statusCode).toBe(200);
    const hidden = await pageOf(owner);
    expect(metaOf(hidden, 'robots')).toBe('noindex');
    expect(structuredDataOf(hidden)).toBeUndefined();
    expect(await sitemap()).not.toContain(`/${owner.user.username}</loc>`);
    // A Person, with the picture-less page: no image.
    expect((await putSeo(owner, { noindex: false, structuredData: 'person' })).statusCode).toBe(200);
    expect(structuredDataOf(await pageOf(owner))).toMatchObject({ '@type': 'Person', name: 'Mira Okafor' });
    expect(structuredDataOf(await pageOf(owner))).not.toHaveProperty('image');
    expect(await sitemap()).toContain(`/${owner.user.username}</loc>`);
  });

  it('without its own fields, a page says what it said before: the default title, the page description or bio', async () => {
    const owner = await creatorOn('business');
    await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: owner.cookie }, payload: { bio: 'Potter.' } });
    const html = await pageOf(owner);
    expect(titleOf(html)).toBe(`Mira Okafor (@${owner.user.username}) · Linkverse`);
    expect(metaOf(html, 'description')).toBe('Potter.');
    expect(metaOf(html, 'og:title')).toBe(`Mira Okafor (@${owner.user.username}) · Linkverse`);
    expect(structuredDataOf(html)).toMatchObject({ '@type': 'Person', description: 'Potter.' });
  });

  it('escapes every field in the page, and nothing in the structured data can close its script', async () => {
    const owner = await creatorOn('business', '</script><script>alert(2)');
    const hostile = '"><script>alert(1)</script><meta x="';
    expect((await putSeo(owner, { title: hostile, description: hostile, shareTitle: hostile, shareDescription: hostile })).statusCode).toBe(
      200,
    );
    const html = await pageOf(owner);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<title>&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;meta x=&#34;</title>');
    expect(titleOf(html)).toBe(hostile);
    expect(metaOf(html, 'description')).toBe(hostile);
    expect(html).not.toContain('</script><script>alert(2)');
    expect(structuredDataOf(html)).toMatchObject({ name: '</script><script>alert(2)', description: hostile });
  });

  it('keeps what was saved past a downgrade, draws the page without it, and draws it again with the plan', async () => {
    const owner = await creatorOn('business');
    expect((await putSeo(owner, { title: 'Kept title', noindex: true })).statusCode).toBe(200);
    await changePlan(owner, 'pro');
    expect(await getSeo(owner)).toMatchObject({ applied: false, settings: { title: 'Kept title', noindex: true } });
    const onPro = await pageOf(owner);
    expect(titleOf(onPro)).toBe(`Mira Okafor (@${owner.user.username}) · Linkverse`);
    expect(onPro).not.toContain('name="robots"');
    expect(structuredDataOf(onPro)).toBeUndefined();
    expect(await sitemap()).toContain(`/${owner.user.username}</loc>`);
    await changePlan(owner, 'business');
    expect(titleOf(await pageOf(owner))).toBe('Kept title');
    expect(await sitemap()).not.toContain(`/${owner.user.username}</loc>`);
  });
});

describe(`the page's own share image (${DIALECT})`, () => {
  async function uploadShare(owner: SignedInUser, width: number, height: number) {
    const answer = await postMedia(t.app, owner, 'share', { name: 'card.png', mime: 'image/png', content: await pngImage(width, height) });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as { id: number; url: string; width: number; height: number };
  }

  it('is cropped to 1.91:1, at most 1200 × 630, and the cards show it with its size and alternative text', async () => {
    const owner = await creatorOn('business');
    const image = await uploadShare(owner, 2400, 1600);
    expect(image).toMatchObject({ width: 1200, height: 630, url: expect.stringMatching(/\.jpg$/) });
    const saved = await putSeo(owner, { shareImage: image.url, shareImageAlt: 'Three bowls on a shelf' });
    expect(saved.json().data.settings).toMatchObject({ shareImage: image.url, shareImageWidth: 1200, shareImageHeight: 630 });
    const html = await pageOf(owner);
    // An absolute address on the page's own origin.
    expect(new URL(metaOf(html, 'og:image')!).pathname).toBe(image.url);
    expect(metaOf(html, 'twitter:image')).toBe(metaOf(html, 'og:image'));
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'og:image:height')).toBe('630');
    expect(metaOf(html, 'og:image:alt')).toBe('Three bowls on a shelf');
    // In use, it cannot be deleted from under the page; the page's drawn image comes back when it is taken off.
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/media/${image.id}`, headers: { cookie: owner.cookie } });
    expect(deleted.statusCode).toBe(409);
    expect((await putSeo(owner, { shareImage: '' })).json().data.settings).toMatchObject({ shareImage: '', shareImageWidth: 0 });
    expect(metaOf(await pageOf(owner), 'og:image')).toMatch(new RegExp(`/${owner.user.username}/og\\.png\\?v=`));
  });

  it("is kept at its own size when small, and the size is the server's, never the client's", async () => {
    const owner = await creatorOn('business');
    const image = await uploadShare(owner, 400, 300);
    expect(image).toMatchObject({ width: 400, height: 210 });
    expect((await putSeo(owner, { shareImage: image.url, shareImageWidth: 1200 })).statusCode).toBe(400);
    expect((await putSeo(owner, { shareImage: image.url })).json().data.settings).toMatchObject({
      shareImageWidth: 400,
      shareImageHeight: 210,
    });
  });

  it("must be one of the owner's own share uploads", async () => {
    const owner = await creatorOn('business');
    const other = await creatorOn('business');
    const theirs = await uploadShare(other, 1200, 630);
    for (const url of [theirs.url, `/media/${'a'.repeat(64)}.jpg`]) {
      const answer = await putSeo(owner, { shareImage: url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Please upload the share image again: this one is not among your uploads.');
    }
    expect((await putSeo(owner, { shareImage: 'https://elsewhere.example/card.jpg' })).statusCode).toBe(400);
  });
});

describe(`bad SEO input (${DIALECT})`, () => {
  it('is refused with a 400 that says what is wrong, and nothing is saved', async () => {
    const owner = await creatorOn('business');
    expect((await putSeo(owner, { title: 'Before' })).statusCode).toBe(200);
    const CASES: Array<[unknown, string]> = [
      [
        { verifications: { google: 'not a code' } },
        'This is not a Google Search Console code: it is a 43-character code. Paste the code, or the whole meta tag.',
      ],
      [
        { verifications: { bing: 'xyz' } },
        'This is not a Bing Webmaster Tools code: it is 32 hexadecimal characters. Paste the code, or the whole meta tag.',
      ],
      [
        { verifications: { google: '<meta name="google-site-verification" content="bad code">' } },
        'This is not a Google Search Console code',
      ],
      [{ verifications: { altavista: 'abc' } }, 'altavista'],
      [{ title: 'x'.repeat(121) }, 'A title cannot exceed 120 characters'],
      [{ description: 'x'.repeat(321) }, 'A description cannot exceed 320 characters'],
      [{ structuredData: 'Thing' }, 'Please choose one of the available options'],
      [{ noindex: 'yes' }, ''],
      [{ title: 42 }, ''],
      [{ keywords: 'ceramics' }, 'keywords'],
      [[], ''],
    ];
    for (const [payload, message] of CASES) {
      const answer = await putSeo(owner, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
      expect(answer.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect((await getSeo(owner)).settings).toMatchObject({ title: 'Before', verifications: {} });
  });
});
