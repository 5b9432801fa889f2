// The message catalogs (issue 54), compiled at build time: `import { messages }
// from '#shared/i18n/catalogs/es.json?catalog'` gives Lingui's compiled
// messages, in Vite (the browser, the tests) and in esbuild (the server). A
// catalog that misses a message of the English one, has one the code no longer
// uses, holds invalid ICU or names other placeholders fails the build here,
// never a page. The pseudo-language of the tests is made from English.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export const CATALOG_DIR = 'src/shared/i18n/catalogs';
const SOURCE = 'en';
const PSEUDO = 'en-XA';
const SUFFIX = '?catalog';

type Compiled = CompiledMessage;
type Catalog = Record<string, string>;

function readCatalog(directory: string, code: string): Catalog {
  const file = path.join(directory, `${code}.json`);
  const catalog: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof catalog !== 'object' || catalog === null || Array.isArray(catalog)) throw new Error(`${file}: not an object of messages`);
  return catalog as Catalog;
}

/** The names a compiled message puts values in ('#' of a plural counts as its own). */
function placeholdersOf(compiled: Compiled, into = new Set<string>()): Set<string> {
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    const [name, , cases] = token;
    into.add(name);
    if (cases && typeof cases === 'object')
      for (const branch of Object.values(cases)) if (Array.isArray(branch)) placeholdersOf(branch as Compiled, into);
  }
  return into;
}

function compileChecked(text: string, where: string, problems: string[]): Compiled | undefined {
  try {
    return compileMessageOrThrow(text);
  } catch (error) {
    problems.push(`${where}: not valid ICU (${(error as Error).message})`);
    return undefined;
  }
}

/** The English catalog, compiled once for every language checked against it (undefined where its own ICU is invalid). */
interface Source {
  texts: Catalog;
  compiled: Record<string, Compiled | undefined>;
  problems: string[];
}

function sourceOf(directory: string): Source {
  const texts = readCatalog(directory, SOURCE);
  const problems: string[] = [];
  const compiled = Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileChecked(text, id, problems)]));
  return { texts, compiled, problems };
}

/**
 * One language's catalog, compiled, after checking it against the English one: every message there, none other,
 * each valid ICU with the same placeholders. Throws with every problem found.
 */
export function compileCatalog(code: string, directory = CATALOG_DIR, source = sourceOf(directory)): Record<string, Compiled> {
  if (code === PSEUDO) {
    compileCatalog(SOURCE, directory, source);
    return pseudoCatalog(source);
  }
  const catalog = code === SOURCE ? source.texts : readCatalog(directory, code);
  const problems = code === SOURCE ? [...source.problems] : source.problems.map((problem) => `${problem} (in the English catalog)`);
  const compiled: Record<string, Compiled> = {};
  for (const [id, sourceMessage] of Object.entries(source.compiled)) {
    const text = catalog[id];
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${id}: missing`);
      continue;
    }
    const message = code === SOURCE ? sourceMessage : compileChecked(text, id, problems);
    if (!message || !sourceMessage) continue;
    const have = [...placeholdersOf(message)].sort().join(', ');
    const want = [...placeholdersOf(sourceMessage)].sort().join(', ');
    if (have !== want) problems.push(`${id}: placeholders {${have}}, the English has {${want}}`);
    compiled[id] = message;
  }
  for (const id of Object.keys(catalog))
    if (!(id in source.texts)) problems.push(`${id}: not in the English catalog (run npm run i18n:extract)`);
  if (problems.length > 0) throw new Error(`${path.join(directory, `${code}.json`)}:\n  ${problems.join('\n  ')}`);
  return compiled;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ'][index]!,
  ]),
);

/** Each word accented and a third longer, as a longer language's words are: 'Share this page' → 'Šĥàŕé~~ ţĥíš~~ ƥàĝé~~'. */
function pseudoText(text: string): string {
  return text.replace(
    /[A-Za-z]+/g,
    (word) => [...word].map((char) => ACCENTED[char] ?? char).join('') + '~'.repeat(Math.ceil(word.length * 0.35)),
  );
}

/** The pseudo-language: each English message accented, a third longer, in brackets. */
function pseudoCatalog(source: Source): Record<string, Compiled> {
  return Object.fromEntries(
    Object.entries(source.texts).map(([id, english]) => [id, ['[', ...compileMessageOrThrow(english, pseudoText), ']']]),
  );
}

/**
 * The parts of a catalog the browser loads apart, by the first segment of their messages' ids: a page's own words
 * (the dashboard's previews), the site's pages (and the chrome every screen shares), the signed-in app's screens
 * (the dashboard, the control center). The server takes every catalog whole.
 */
export const CATALOG_SCOPES = {
  page: ['page', 'subscribe', 'notice'],
  site: ['site', 'message'],
  app: ['app'],
} as const satisfies Record<string, readonly string[]>;
type Scope = keyof typeof CATALOG_SCOPES;

function isScope(name: string): name is Scope {
  return Object.hasOwn(CATALOG_SCOPES, name);
}

function inScope(compiled: Record<string, Compiled>, scope: Scope | undefined): Record<string, Compiled> {
  if (!scope) return compiled;
  const prefixes: readonly string[] = CATALOG_SCOPES[scope];
  return Object.fromEntries(Object.entries(compiled).filter(([id]) => prefixes.includes(id.split('.')[0]!)));
}

/**
 * `{code}.json?catalog` (or `en-XA.json?catalog`, made from English) → `export const messages = …`; with a scope
 * (`?catalog=site`), only that scope's messages.
 */
export function catalogModule(file: string, scope?: Scope): string {
  const code = path.basename(file, '.json');
  const messages = inScope(compileCatalog(code, path.dirname(file)), scope);
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
}

/** The scope a `….json?catalog=scope` import names (none for `?catalog`): an unknown one fails the build. */
function scopeOf(query: string): Scope | undefined {
  const name = query.slice('?catalog'.length).replace(/^=/, '');
  if (name === '') return undefined;
  if (!isScope(name)) throw new Error(`?catalog=${name}: not a catalog scope (${Object.keys(CATALOG_SCOPES).join(', ')})`);
  return name;
}

/**
 * `virtual:linkverse-catalogs`: every catalog in the folder, and the pseudo-language, by code (the server's
 * translators). Adding a language is its file there and its line in LANGUAGES.
 */
const ALL_ID = 'virtual:linkverse-catalogs';

function catalogFiles(directory = CATALOG_DIR): string[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.resolve(directory, file));
}

function allCatalogsModule(directory = CATALOG_DIR): string {
  const codes = [...catalogFiles(directory).map((file) => path.basename(file, '.json')), PSEUDO];
  const source = sourceOf(directory);
  const catalogs = Object.fromEntries(codes.map((code) => [code, compileCatalog(code, directory, source)]));
  return `export const catalogs = JSON.parse(${JSON.stringify(JSON.stringify(catalogs))});\n`;
}

/**
 * What a `{code}.json?catalog` import resolves: the file to look up (English for the pseudo-language, which has no
 * file of its own), and, once the bundler found it, the catalog's own path beside it.
 */
function catalogRequest(source: string): { lookup: string; pathOf: (found: string) => string } {
  const bare = source.slice(0, source.lastIndexOf(SUFFIX));
  const code = path.basename(bare, '.json');
  return {
    lookup: code === PSEUDO ? bare.replace(/en-XA\.json$/, `${SOURCE}.json`) : bare,
    pathOf: (found) => path.join(path.dirname(found), `${code}.json`) + source.slice(source.lastIndexOf(SUFFIX)),
  };
}

const CATALOG_REQUEST = /\.json\?catalog(=[a-z]+)?$/;

/**
 * `virtual:linkverse-catalog-loaders`: for the browser, each scope's loader by language (the pseudo-language's too),
 * each a chunk of its own that only a page in that language fetches. English needs none: its words are in the code
 * (englishInPlace).
 */
const LOADERS_ID = 'virtual:linkverse-catalog-loaders';

function catalogLoadersModule(directory = CATALOG_DIR): string {
  const files = [...catalogFiles(directory), path.resolve(directory, `${PSEUDO}.json`)].filter(
    (file) => path.basename(file, '.json') !== SOURCE,
  );
  const scopes = Object.keys(CATALOG_SCOPES).map((scope) => {
    const loaders = files.map(
      (file) => `${JSON.stringify(path.basename(file, '.json'))}: () => import(${JSON.stringify(`${file}${SUFFIX}=${scope}`)})`,
    );
    return `${scope}: {${loaders.join(', ')}}`;
  });
  return `export const loaders = {${scopes.join(', ')}};\n`;
}

/** A message descriptor as the code writes it: `/*i18n*\/ { id: 'site.home', message: 'Home' }`. */
const DESCRIPTOR = /\/\*i18n\*\/\s*\{\s*id:\s*'([\w.-]+)',\s*message:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\$]|\\.)*`),?\s*\}/g;

/** The text of a JavaScript string literal without substitutions. */
function literalText(literal: string): string {
  const body = literal.slice(1, -1);
  let json = '';
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === '\\') {
      const next = body[++index] ?? '';
      json += next === "'" || next === '`' ? next : `\\${next}`;
    } else if (char === '"') json += '\\"';
    else if (char === '\n') json += '\\n';
    else json += char;
  }
  return JSON.parse(`"${json}"`) as string;
}

/** The English catalog, compiled, read again when its file changes. */
let englishSource: { directory: string; changed: number; source: Source } | undefined;
function englishOf(directory: string): Source {
  const changed = statSync(path.join(directory, `${SOURCE}.json`)).mtimeMs;
  if (englishSource?.directory !== directory || englishSource.changed !== changed)
    englishSource = { directory, changed, source: sourceOf(directory) };
  return englishSource.source;
}

/**
 * The English words of a module, compiled in place (issue 54): each descriptor's message becomes its compiled form
 * from the English catalog, so that English needs no catalog in the browser, and a message whose English is not the
 * catalog's (an extraction forgotten) fails the build with its id.
 */
export function englishInPlace(code: string, file: string, directory = CATALOG_DIR): string | undefined {
  if (!code.includes('/*i18n*/')) return undefined;
  const english = englishOf(directory);
  const problems: string[] = [];
  const replaced = code.replace(DESCRIPTOR, (_whole, id: string, literal: string) => {
    const written = literalText(literal);
    const compiled = english.compiled[id];
    if (english.texts[id] !== written || !compiled)
      problems.push(
        `${id}: the code says "${written}", the English catalog ${id in english.texts ? `"${english.texts[id]}"` : 'has none'}`,
      );
    return `{ id: ${JSON.stringify(id)}, message: ${JSON.stringify(compiled ?? written)} }`;
  });
  const left = replaced.split('/*i18n*/').length - 1;
  if (left > 0) problems.push(`${left} descriptor(s) not written as /*i18n*/ { id: '…', message: '…' }`);
  if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join('\n  ')}\n  (run npm run i18n:extract)`);
  return replaced;
}

export function catalogsVitePlugin(): VitePlugin {
  return {
    name: 'linkverse-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === ALL_ID) return `\0${ALL_ID}`;
      if (source === LOADERS_ID) return `\0${LOADERS_ID}`;
      if (!CATALOG_REQUEST.test(source)) return null;
      const { lookup, pathOf } = catalogRequest(source);
      const resolved = await this.resolve(lookup, importer, { skipSelf: true });
      return resolved ? `\0${pathOf(resolved.id)}` : null;
    },
    load(id) {
      if (id === `\0${ALL_ID}`) {
        for (const file of catalogFiles()) this.addWatchFile(file);
        return allCatalogsModule();
      }
      if (id === `\0${LOADERS_ID}`) return catalogLoadersModule();
      if (!id.startsWith('\0') || !CATALOG_REQUEST.test(id)) return null;
      const file = id.slice(1, id.lastIndexOf(SUFFIX));
      this.addWatchFile(path.join(path.dirname(file), `${SOURCE}.json`));
      if (!file.endsWith(`${PSEUDO}.json`)) this.addWatchFile(file);
      return catalogModule(file, scopeOf(id.slice(id.lastIndexOf(SUFFIX))));
    },
    transform(code, id) {
      // The product's own modules: where extraction finds its words (lingui.config.ts).
      if (!id.startsWith(path.resolve('src') + path.sep) || !/\.tsx?$/.test(id)) return null;
      const replaced = englishInPlace(code, id);
      if (replaced === undefined) return null;
      this.addWatchFile(path.resolve(CATALOG_DIR, `${SOURCE}.json`));
      return { code: replaced, map: null };
    },
  };
}

export function catalogsEsbuildPlugin(): EsbuildPlugin {
  return {
    name: 'linkverse-catalogs',
    setup(build) {
      build.onResolve({ filter: /^virtual:linkverse-catalogs$/ }, () => ({ path: ALL_ID, namespace: 'linkverse-catalogs' }));
      build.onLoad({ filter: /.*/, namespace: 'linkverse-catalogs' }, () => ({
        contents: allCatalogsModule(),
        loader: 'js',
        watchFiles: catalogFiles(),
      }));
      build.onResolve({ filter: CATALOG_REQUEST }, async (args) => {
        const { lookup, pathOf } = catalogRequest(args.path);
        const resolved = await build.resolve(lookup, { kind: args.kind, resolveDir: args.resolveDir });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: pathOf(resolved.path), namespace: 'linkverse-catalog' };
      });
      build.onLoad({ filter: /.*/, namespace: 'linkverse-catalog' }, (args) => ({
        contents: catalogModule(args.path.slice(0, args.path.lastIndexOf(SUFFIX)), scopeOf(args.path.slice(args.path.lastIndexOf(SUFFIX)))),
        loader: 'js',
        watchFiles: [path.join(path.dirname(args.path), `${SOURCE}.json`), args.path.slice(0, args.path.lastIndexOf(SUFFIX))],
      }));
    },
  };
}
