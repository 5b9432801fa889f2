import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { App } from '../http/app-types.ts';

// What a public page may load besides itself, served by the product (no outside
// service): the fonts (only the face a profile uses is linked, preloaded and
// shown with font-display: swap) and the one effects script (only for a profile
// whose effects need script). Each address carries a hash of the file, so it is
// cached for a year.
import profileEffectsScript from '#profile/profile-effects.js?raw';
import type { Customization } from '#shared/customization.ts';

interface FontFile {
  family: string;
  url: string;
  data: Buffer;
  /** The @font-face rule of the page's stylesheet. */
  fontFace: string;
}

function loadFontFile(family: string, packageName: string, file: string, weights: string, unicodeRange: string): FontFile {
  const require = createRequire(import.meta.url);
  const data = readFileSync(path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'files', file));
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
  const url = `/fonts/${file.replace(/\.woff2$/, '')}-${hash}.woff2`;
  const fontFace = `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weights};src:url(${url}) format('woff2');unicode-range:${unicodeRange}}`;
  return { family, url, data, fontFace };
}

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

let fonts: Map<string, FontFile> | undefined;

/** The product's font files by the profile font name they serve (read once). */
function profileFonts(): Map<string, FontFile> {
  fonts ??= new Map([
    ['Inter', loadFontFile('Inter Variable', '@fontsource-variable/inter', 'inter-latin-wght-normal.woff2', '100 900', LATIN)],
  ]);
  return fonts;
}

/** The head tags and @font-face rule a page in this font needs; nothing for a font the product does not ship. */
export function fontAssetsFor(font: string): { preload: string; fontFace: string } {
  const file = profileFonts().get(font);
  if (!file) return { preload: '', fontFace: '' };
  return { preload: `<link rel="preload" href="${file.url}" as="font" type="font/woff2" crossorigin>`, fontFace: file.fontFace };
}

const effectsScript = (() => {
  const data = Buffer.from(profileEffectsScript);
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
  return { data, url: `/static/profile-effects-${hash}.js` };
})();

/** Whether a look uses an effect that needs the script. */
export function needsEffectsScript(customization: Customization): boolean {
  return customization.animatedTitle;
}

/** The script tag of a page whose look needs it, else nothing: a page without such effects carries no script. */
export function effectsScriptFor(customization: Customization): string {
  return needsEffectsScript(customization) ? `<script src="${effectsScript.url}" defer></script>` : '';
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function registerProfileAssetRoutes(app: App): void {
  const fontsByUrl = new Map([...profileFonts().values()].map((file) => [file.url, file]));
  // GET /fonts/{file} and /static/{file}: content-addressed, so cacheable forever.
  app.get('/fonts/:file', { schema: { hide: true } }, async (request, reply) => {
    const file = fontsByUrl.get(request.url.split('?')[0]!);
    if (!file) return reply.status(404).type('text/plain').send('Not found');
    return reply.type('font/woff2').header('Cache-Control', IMMUTABLE).header('Access-Control-Allow-Origin', '*').send(file.data);
  });
  app.get('/static/:file', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.split('?')[0] !== effectsScript.url) return reply.status(404).type('text/plain').send('Not found');
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', IMMUTABLE).send(effectsScript.data);
  });
}
