import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, acceptedLanguages, languageAmong } from '#shared/i18n/languages.ts';

// The language suggested to a new person (issue 54): the first of the browser's the
// product speaks, from navigator.languages or an Accept-Language header.

describe('the language suggested from a browser', () => {
  it('is the first of its languages on the list, exactly or by its main language', () => {
    expect(languageAmong(['de-AT', 'en'])).toBe('de');
    expect(languageAmong(['pt-PT'])).toBe('pt-BR');
    expect(languageAmong(['PT-br'])).toBe('pt-BR');
    expect(languageAmong(['zh-CN'])).toBe('zh-Hans');
    expect(languageAmong(['zh'])).toBe('zh-Hans');
    expect(languageAmong(['ar-EG'])).toBe('ar');
    // Traditional characters are not Simplified Chinese: the next language is taken.
    expect(languageAmong(['zh-TW', 'ja-JP'])).toBe('ja');
    expect(languageAmong(['zh-Hant-HK'])).toBeUndefined();
    expect(languageAmong(['nl-NL', 'sv'])).toBeUndefined();
    expect(languageAmong([])).toBeUndefined();
  });

  it('reads an Accept-Language header by preference, leaving out what is refused or malformed', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.1, tr;q=0.9')).toEqual(['tr', 'en']);
    expect(acceptedLanguages('es;q=0, ar')).toEqual(['ar']);
    expect(languageAmong(acceptedLanguages('nl, es-MX;q=0.8'))).toBe('es');
    for (const hostile of [undefined, '', ';;;', 'q=1', '<script>', `${'a'.repeat(600)}`, 'x'.repeat(9), '__proto__']) {
      expect(languageAmong(acceptedLanguages(hostile)), String(hostile)).toBeUndefined();
    }
  });

  it('never throws, and gives a code of the list or nothing, whatever the header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (header) => {
        const language = languageAmong(acceptedLanguages(header));
        expect(language === undefined || LANGUAGE_CODES.includes(language)).toBe(true);
      }),
    );
  });
});
