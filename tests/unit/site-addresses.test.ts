import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/i18n/languages.ts';
import { LANGUAGE_SEGMENTS, TRANSLATED_SITE_PATHS, siteAddressIn, siteLanguageOf } from '#shared/i18n/site-addresses.ts';
import { isAppRouteName } from '#shared/reserved-names.ts';

// The site's pages in each language (issue 54, decision 032): English at its addresses,
// every other language under its code's segment, which no username can take.

describe("the site's addresses in each language", () => {
  it('put every other language under its segment, and keep English where it was', () => {
    expect(siteAddressIn('en', '/features')).toBe('/features');
    expect(siteAddressIn('es', '/features')).toBe('/es/features');
    expect(siteAddressIn('es', '/')).toBe('/es');
    expect(siteAddressIn('pt-BR', '/services/business-solutions')).toBe('/pt-br/services/business-solutions');
    expect(siteAddressIn('zh-Hans', '/')).toBe('/zh-hans');
    // A page without translations keeps its English address in every language.
    expect(siteAddressIn('ar', '/blog')).toBe('/blog');
    expect(siteAddressIn('ar', '/dashboard')).toBe('/dashboard');
  });

  it('read the language and the page back from an address', () => {
    for (const language of LANGUAGE_CODES)
      for (const path of TRANSLATED_SITE_PATHS) expect(siteLanguageOf(siteAddressIn(language, path))).toEqual({ language, path });
    expect(siteLanguageOf('/es/')).toEqual({ language: 'es', path: '/' });
    expect(siteLanguageOf('/PT-BR/features')).toEqual({ language: 'pt-BR', path: '/features' });
    // A creator's page and an unknown segment are English addresses, as they are.
    expect(siteLanguageOf('/esther')).toEqual({ language: 'en', path: '/esther' });
    expect(siteLanguageOf('/en/features')).toEqual({ language: 'en', path: '/en/features' });
  });

  it('reserve each segment as a name of the app', () => {
    expect(LANGUAGE_SEGMENTS).toHaveLength(LANGUAGE_CODES.length - 1);
    for (const segment of LANGUAGE_SEGMENTS) expect(isAppRouteName(segment), segment).toBe(true);
    expect(isAppRouteName('ZH-HANS')).toBe(true);
  });
});
