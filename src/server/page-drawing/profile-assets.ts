import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { App } from '../http/app-types.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';

// What a public page may load besides itself, served by the product (no outside
// service): the fonts (@fontsource files; only the face a profile uses is
// declared and preloaded, shown with font-display: swap) and the one effects
// script (only for a profile whose effects need script). Each address carries a
// hash of the file, so it is cached for a year.
import profileEffectsScript from '#profile/profile-effects.js?raw';
import { showsDiscord } from '#profile/profile-view.tsx';
import type { PublicPage } from '#shared/profile.types.ts';
import { FONTS, FONT_NAMES, type FontSource, fontFaceNameOf, fontSlugOf } from '#shared/customization.ts';

/** One file of a font: its address (named by a hash of its bytes) and the @font-face rule that uses it. */
interface FontFile {
  url: string;
  data: Buffer;
  fontFace: string;
}

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

const sources: ReadonlyMap<string, FontSource> = new Map(FONTS.map(([name, , source]) => [name, source]));
const require = createRequire(import.meta.url);

/** The Latin files the product serves for a font: the variable one, or regular and bold (when the font has bold). */
function fileNamesOf(font: string): { pkg: string; file: string; weight: string }[] {
  const slug = fontSlugOf(font);
  if (sources.get(font) === 'variable')
    return [{ pkg: `@fontsource-variable/${slug}`, file: `${slug}-latin-wght-normal.woff2`, weight: '100 900' }];
  return [
    { pkg: `@fontsource/${slug}`, file: `${slug}-latin-400-normal.woff2`, weight: '400' },
    { pkg: `@fontsource/${slug}`, file: `${slug}-latin-700-normal.woff2`, weight: '700' },
  ];
}

/** Where a font's Latin files are on disk, for drawings made on the server (the share image): the regular one, and the bold one when the font has it. Resolved once per font. */
const filePaths = new Map<string, Array<{ path: string; weight: 400 | 700 }>>();
export function fontFilePathsOf(font: string): Array<{ path: string; weight: 400 | 700 }> {
  let paths = filePaths.get(font);
  if (paths === undefined) {
    paths = sources.has(font)
      ? fileNamesOf(font).map(({ pkg, file, weight }) => ({
          path: path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file),
          weight: weight === '700' ? 700 : 400,
        }))
      : [];
    filePaths.set(font, paths);
  }
  return paths;
}

function readFontFile(font: string, pkg: string, file: string, weight: string): FontFile | undefined {
  let data: Buffer;
  try {
    data = readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file));
  } catch {
    return undefined;
  }
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
  const url = `/fonts/${file.replace(/\.woff2$/, '')}-${hash}.woff2`;
  const fontFace = `@font-face{font-family:'${fontFaceNameOf(font)}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${LATIN}}`;
  return { url, data, fontFace };
}

/** A font's files, read the first time a page uses the font (a few tens of kB each), then kept. */
const loaded = new Map<string, FontFile[]>();
function filesOf(font: string): FontFile[] {
  let files = loaded.get(font);
  if (files === undefined) {
    files = sources.has(font) ? fileNamesOf(font).flatMap(({ pkg, file, weight }) => readFontFile(font, pkg, file, weight) ?? []) : [];
    loaded.set(font, files);
  }
  return files;
}

/** The head tag that preloads a font's regular file and the @font-face rules a page in this font needs. */
export function fontAssetsFor(font: string): { preload: string; fontFace: string } {
  const files = filesOf(font);
  if (files.length === 0) return { preload: '', fontFace: '' };
  return {
    preload: `<link rel="preload" href="${files[0]!.url}" as="font" type="font/woff2" crossorigin>`,
    fontFace: files.map((file) => file.fontFace).join(''),
  };
}

/** The font a file address belongs to, from its name (`{slug}-latin-…-{hash}.woff2`). */
function fontOfFileUrl(url: string): string | undefined {
  const name = /^\/fonts\/(.+)-[0-9a-f]{12}\.woff2$/.exec(url)?.[1];
  if (!name) return undefined;
  return FONT_NAMES.find((font) => fileNamesOf(font).some(({ file }) => file === `${name}.woff2`));
}

const effectsScript = (() => {
  const data = Buffer.from(profileEffectsScript);
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
  return { data, url: `/static/profile-effects-${hash}.js` };
})();

/**
 * Whether a page uses an effect that needs the script: the animated tab title,
 * drawn particles, the Discord card, music without a volume control, or an
 * embed (whose player the script loads when pressed).
 */
export function needsEffectsScript(page: PublicPage): boolean {
  const c = page.customization;
  return (
    c.animatedTitle ||
    c.backgroundEffect === 'particles' ||
    showsDiscord(page) ||
    (c.audioFile !== '' && !c.volumeControl) ||
    page.items.some((item) => item.type === 'embed')
  );
}

/** The effects script's tag. */
export const EFFECTS_SCRIPT_TAG = `<script src="${effectsScript.url}" defer></script>`;

/**
 * The script tag of a page that needs it, else nothing: a page without such
 * effects carries no script. A page with the in-app browser's bar needs it for
 * the bar's Copy link and Close.
 */
export function effectsScriptFor(page: PublicPage, withInAppBar = false): string {
  return withInAppBar || needsEffectsScript(page) ? EFFECTS_SCRIPT_TAG : '';
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function registerProfileAssetRoutes(app: App): void {
  // GET /fonts/{file}.woff2 (content-addressed, cacheable forever) and /fonts/{slug}.css:
  // a font's @font-face rules, which the dashboard's preview links for the font being tried.
  // Open while the site is closed: the coming-soon page is drawn in the site's font.
  app.get('/fonts/:file', { config: OPEN_WHILE_CLOSED, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const css = /^\/fonts\/([a-z0-9-]{1,40})\.css$/.exec(url)?.[1];
    if (css) {
      const font = FONT_NAMES.find((name) => fontSlugOf(name) === css);
      const faces = font ? filesOf(font) : [];
      if (faces.length === 0) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(faces.map((file) => file.fontFace).join('\n'));
    }
    const font = fontOfFileUrl(url);
    const file = font ? filesOf(font).find((candidate) => candidate.url === url) : undefined;
    if (!file) return reply.status(404).type('text/plain').send('Not found');
    return reply.type('font/woff2').header('Cache-Control', IMMUTABLE).header('Access-Control-Allow-Origin', '*').send(file.data);
  });
  app.get('/static/:file', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.split('?')[0] !== effectsScript.url) return reply.status(404).type('text/plain').send('Not found');
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', IMMUTABLE).send(effectsScript.data);
  });
}
