import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_DIR, catalogModule, compileCatalog, englishInPlace } from '../../scripts/catalogs.ts';
import { LANGUAGE_CODES, PSEUDO_LANGUAGE } from '#shared/i18n/languages.ts';
import { translatorOf } from '#shared/i18n/translate.ts';
import { pageNoticeWords, profileWords } from '#profile/profile-words.ts';

// The message catalogs (issue 54): every language has every message, valid
// ICU with the English placeholders; the English one is the code's own words;
// a broken catalog stops the build with the problem named.

const english = JSON.parse(readFileSync(path.join(CATALOG_DIR, 'en.json'), 'utf8')) as Record<string, string>;

describe('the catalogs', () => {
  it('are one per language on the list, and nothing else', () => {
    const files = readdirSync(CATALOG_DIR).map((file) => path.basename(file, '.json'));
    expect(files.sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.each(LANGUAGE_CODES)('%s has every message, valid, with the English placeholders', (code) => {
    const compiled = compileCatalog(code);
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(english).sort());
  });

  it('hold the code’s English as written (npm run i18n:extract keeps them so), compiled into the code for the browser', () => {
    const sources = execFileSync('grep', ['-rlF', '--include=*.ts', '--include=*.tsx', '/*i18n*/', 'src'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(sources.length).toBeGreaterThan(5);
    // Each descriptor's English is the catalog's, or the build stops (englishInPlace, in the Vite plugin).
    for (const file of sources) expect(englishInPlace(readFileSync(file, 'utf8'), file), file).toBeDefined();
    // The code's words run already compiled: English needs no catalog.
    expect(profileWords.views.message).toEqual(compileCatalog('en')['page.views']);
    const directory = mkdtempSync(path.join(tmpdir(), 'catalogs-'));
    writeFileSync(path.join(directory, 'en.json'), JSON.stringify({ 'site.a': 'Hello {name}' }));
    const code = "const a = /*i18n*/ { id: 'site.a', message: 'Hello {name}' };";
    expect(englishInPlace(code, 'a.ts', directory)).toBe('const a = { id: "site.a", message: ["Hello ",["name"]] };');
    expect(() => englishInPlace(code.replace('Hello', 'Hi'), 'a.ts', directory)).toThrow(
      /site\.a: the code says "Hi \{name\}", the English catalog "Hello \{name\}"/,
    );
    expect(() => englishInPlace(code.replace('site.a', 'site.b'), 'a.ts', directory)).toThrow(/site\.b: .* has none/);
  });

  it('load apart in the browser by scope: the site’s pages take only their own words', () => {
    const module = catalogModule(path.join(CATALOG_DIR, 'es.json'), 'site');
    const messages = JSON.parse(JSON.parse(/JSON\.parse\((".*")\)/.exec(module)![1]!) as string) as Record<string, unknown>;
    expect(Object.keys(messages).length).toBeGreaterThan(100);
    // Its pages' words, and the messages their forms say.
    expect(Object.keys(messages).every((id) => id.startsWith('site.') || id.startsWith('message.'))).toBe(true);
    expect(Object.keys(messages)).toContain('message.auth.usernameTaken');
    expect(Object.keys(messages)).not.toContain('mail.reset.subject');
  });

  it('translate, with each language’s plurals', () => {
    const views = profileWords.views;
    const say = (code: string, count: number) => translatorOf(code, compileCatalog(code))(views, { count });
    expect([say('en', 1), say('en', 2)]).toEqual(['1 view', '2 views']);
    expect([say('es', 1), say('es', 12345)]).toEqual(['1 visita', '12.345 visitas']);
    expect([0, 1, 2, 3, 11].map((count) => say('ar', count))).toEqual(['لا مشاهدات', 'مشاهدة واحدة', 'مشاهدتان', '3 مشاهدات', '11 مشاهدة']);
    expect(say('ja', 5)).toBe('5 回表示');
  });

  it('make the pseudo-language from English: accented, a third longer, in brackets', () => {
    const pseudo = translatorOf(PSEUDO_LANGUAGE, compileCatalog(PSEUDO_LANGUAGE));
    const share = pseudo(profileWords.share);
    expect(share).toBe('[Šĥàŕé~~ ţĥíš~~ ƥàĝé~~]');
    expect(share.length).toBeGreaterThanOrEqual(Math.ceil('Share this page'.length * 1.35));
    // Values stay as given: a name is the creator's, never accented.
    expect(pseudo(pageNoticeWords.backTo, { name: 'Nova' })).toContain('Nova');
  });

  it('stop the build on a missing message, other placeholders, invalid ICU or a message the code no longer has', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'catalogs-'));
    writeFileSync(
      path.join(directory, 'en.json'),
      JSON.stringify({ a: 'Hello {name}', b: '{count, plural, one {# view} other {# views}}', c: 'Bye' }),
    );
    writeFileSync(
      path.join(directory, 'xx.json'),
      JSON.stringify({ a: 'Hola {nombre}', b: '{count, plural, one {# visita} other {# visitas}', d: 'Extra', c: '' }),
    );
    expect(() => compileCatalog('xx', directory)).toThrow(
      /a: placeholders \{nombre\}, the English has \{name\}[\s\S]*b: not valid ICU[\s\S]*c: missing[\s\S]*d: not in the English catalog/,
    );
  });
});
