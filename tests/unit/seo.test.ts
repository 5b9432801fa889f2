import { describe, expect, it } from 'vitest';
import { CUSTOMIZATION_DEFAULTS } from '#shared/customization.ts';
import type { PublicPage } from '#shared/profile.types.ts';
import { SEO_DEFAULTS, type SeoSettings, appearanceOf, parseSeoDocument, seoChecksOf, seoUpdateSchema } from '#shared/seo.ts';

/** A page with what the checks read: the name, the bio, the page description and the links' titles. */
function pageWith(fields: { bio?: string; description?: string; links?: string[] }): PublicPage {
  return {
    profile: { username: 'mira', displayName: 'Mira Okafor', bio: fields.bio ?? '' },
    customization: { ...CUSTOMIZATION_DEFAULTS, description: fields.description ?? '' },
    links: (fields.links ?? []).map((title, index) => ({ id: index + 1, title, url: 'https://example.com/' })),
    items: [],
    customCss: '',
  } as unknown as PublicPage;
}
const seo = (fields: Partial<SeoSettings> = {}): SeoSettings => ({ ...SEO_DEFAULTS, ...fields });
const idsOf = (page: PublicPage, settings: SeoSettings) => seoChecksOf(page, settings).map((check) => `${check.level} ${check.id}`);

describe('the SEO check panel', () => {
  it('finds nothing wrong on a page with a title, a description and named links', () => {
    expect(idsOf(pageWith({ bio: 'Potter in Lisbon.', links: ['My shop'] }), seo({ title: 'Mira Okafor · Ceramics' }))).toEqual([]);
  });

  it('says what holds the page back, each with a fix', () => {
    const page = pageWith({
      links: ['My shop', 'https://instagram.com/mira', 'www.example.com', 'shop.example.com/new', 'Example.com fans'],
    });
    expect(idsOf(page, seo({ noindex: true }))).toEqual([
      'problem noindex',
      'advice title-missing',
      'problem description-missing',
      'problem link-title-2',
      'problem link-title-3',
      'problem link-title-4',
    ]);
    const long = seoChecksOf(pageWith({ bio: 'x'.repeat(161) }), seo({ title: 'y'.repeat(61), shareTitle: 'z'.repeat(71) }));
    expect(long.map((check) => check.message)).toEqual([
      'Your title is 61 characters: results cut it after about 60.',
      'Your description is 161 characters: results cut it after about 160.',
      'Your share title is 71 characters: cards cut it after about 70.',
    ]);
    expect(long.every((check) => check.fix.length > 0)).toBe(true);
  });

  it('says when the own share image is small, or has no alternative text', () => {
    const page = pageWith({ bio: 'Potter.' });
    const image = (width: number, height: number, alt = '') =>
      seo({
        title: 'Mira',
        shareImage: `/media/${'a'.repeat(64)}.jpg`,
        shareImageWidth: width,
        shareImageHeight: height,
        shareImageAlt: alt,
      });
    expect(idsOf(page, image(1200, 630, 'Bowls'))).toEqual([]);
    expect(idsOf(page, image(800, 420, 'Bowls'))).toEqual(['advice share-image-small']);
    expect(idsOf(page, image(400, 210))).toEqual(['problem share-image-small', 'problem share-image-alt']);
    expect(seoChecksOf(page, image(400, 210))[0]!.message).toBe(
      'Your share image is 400 × 210: some networks show it small, or not at all.',
    );
  });
});

describe("the page's appearance", () => {
  it('takes the SEO fields first, then the page description, the bio and the defaults, each on one line', () => {
    expect(appearanceOf(pageWith({}), undefined)).toEqual({
      title: 'Mira Okafor (@mira) · Linkverse',
      description: "Mira Okafor's links on Linkverse",
      shareTitle: 'Mira Okafor (@mira) · Linkverse',
      shareDescription: "Mira Okafor's links on Linkverse",
    });
    expect(appearanceOf(pageWith({ bio: 'Potter.', description: 'Ceramics.' }), seo({ title: 'Two\nlines' }))).toEqual({
      title: 'Two lines',
      description: 'Ceramics.',
      shareTitle: 'Two lines',
      shareDescription: 'Ceramics.',
    });
  });

  it('reads a stored document under the defaults, and anything unreadable as the defaults', () => {
    expect(parseSeoDocument('{"title":"Kept","noindex":true}')).toEqual({ ...SEO_DEFAULTS, title: 'Kept', noindex: true });
    for (const broken of [null, '', 'not json', '{"structuredData":"Thing"}', '[1,2]'])
      expect(parseSeoDocument(broken)).toEqual(SEO_DEFAULTS);
  });

  it('takes a verification code pasted alone or as the whole meta tag, in either quotes', () => {
    for (const pasted of [
      '0123456789abcdef',
      ' 0123456789abcdef ',
      '<meta name="yandex-verification" content="0123456789abcdef" />',
      "<meta name='yandex-verification' content='0123456789abcdef'>",
    ]) {
      expect(seoUpdateSchema.parse({ verifications: { yandex: pasted } }).verifications?.yandex, pasted).toBe('0123456789abcdef');
    }
    expect(seoUpdateSchema.safeParse({ verifications: { yandex: '0123456789abcdeg' } }).success).toBe(false);
  });
});
