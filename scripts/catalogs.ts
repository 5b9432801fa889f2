// The message catalogs (issue 54), compiled at build time: `import { messages }
// from '#shared/i18n/catalogs/es.json?catalog'` gives Lingui's compiled
// messages, in Vite (the browser, the tests) and in esbuild (the server). A
// catalog that misses a message of the English one, has one the code no longer
// uses, holds invalid ICU or names other placeholders fails the build here,
// never a page. The pseudo-language of the tests is made from English.
import { readFileSync, readdirSync } from 'node:fs';
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

function pseudoText(text: string): string {
  const accented = [...text].map((char) => ACCENTED[char] ?? char).join('');
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  return accented + '~'.repeat(Math.ceil(letters * 0.35));
}

/** The pseudo-language: each English message accented, a third longer, in brackets. */
function pseudoCatalog(source: Source): Record<string, Compiled> {
  return Object.fromEntries(
    Object.entries(source.texts).map(([id, english]) => [id, ['[', ...compileMessageOrThrow(english, pseudoText), ']']]),
  );
}

/** `{code}.json?catalog` (or `en-XA.json?catalog`, made from English) → `export const messages = …`. */
export function catalogModule(file: string): string {
  const code = path.basename(file, '.json');
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(code, path.dirname(file))))});\n`;
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
  const bare = source.slice(0, -SUFFIX.length);
  const code = path.basename(bare, '.json');
  return {
    lookup: code === PSEUDO ? bare.replace(/en-XA\.json$/, `${SOURCE}.json`) : bare,
    pathOf: (found) => path.join(path.dirname(found), `${code}.json`),
  };
}

/**
 * `virtual:linkverse-catalog-loaders`: for the browser, each catalog's loader by code (the pseudo-language's too),
 * each a chunk of its own that only a page in that language fetches.
 */
const LOADERS_ID = 'virtual:linkverse-catalog-loaders';

function catalogLoadersModule(directory = CATALOG_DIR): string {
  const files = [...catalogFiles(directory), path.resolve(directory, `${PSEUDO}.json`)];
  const loaders = files.map(
    (file) => `${JSON.stringify(path.basename(file, '.json'))}: () => import(${JSON.stringify(`${file}${SUFFIX}`)})`,
  );
  return `export const loaders = {${loaders.join(', ')}};\n`;
}

export function catalogsVitePlugin(): VitePlugin {
  return {
    name: 'linkverse-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === ALL_ID) return `\0${ALL_ID}`;
      if (source === LOADERS_ID) return `\0${LOADERS_ID}`;
      if (!source.endsWith(SUFFIX)) return null;
      const { lookup, pathOf } = catalogRequest(source);
      const resolved = await this.resolve(lookup, importer, { skipSelf: true });
      return resolved ? `\0${pathOf(resolved.id)}${SUFFIX}` : null;
    },
    load(id) {
      if (id === `\0${ALL_ID}`) {
        for (const file of catalogFiles()) this.addWatchFile(file);
        return allCatalogsModule();
      }
      if (id === `\0${LOADERS_ID}`) return catalogLoadersModule();
      if (!id.startsWith('\0') || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(1, -SUFFIX.length);
      this.addWatchFile(path.join(path.dirname(file), `${SOURCE}.json`));
      if (!file.endsWith(`${PSEUDO}.json`)) this.addWatchFile(file);
      return catalogModule(file);
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
      build.onResolve({ filter: /\.json\?catalog$/ }, async (args) => {
        const { lookup, pathOf } = catalogRequest(args.path);
        const resolved = await build.resolve(lookup, { kind: args.kind, resolveDir: args.resolveDir });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: pathOf(resolved.path), namespace: 'linkverse-catalog' };
      });
      build.onLoad({ filter: /.*/, namespace: 'linkverse-catalog' }, (args) => ({
        contents: catalogModule(args.path),
        loader: 'js',
        watchFiles: [path.join(path.dirname(args.path), `${SOURCE}.json`), args.path],
      }));
    },
  };
}
