// After `vite build`: writes the public pages as HTML (prerendered with React,
// as an anonymous visitor sees them) into dist/pages, and a brotli and a gzip
// copy beside every compressible file of dist/web, for the server to send as
// they are (issue 11). The renderer stays in dist/render: the server draws with
// it, on the first request for one, the pages that depend on its settings
// (SITE_RENDERED_PATHS).
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webDir = path.resolve('dist/web');
const pagesDir = path.resolve('dist/pages');
const renderDir = path.resolve('dist/render');
/** Replaced by the server with the site's origin (PUBLIC_URL, or the request's). */
const ORIGIN_PLACEHOLDER = '%LINKVERSE_ORIGIN%';
/** Replaced by the server with a site-rendered page's content, drawn with its settings. */
const ROOT_PLACEHOLDER = '<!--linkverse-site-rendered-->';

await build({
  logLevel: 'warn',
  // The icon set in the renderer, as in the server (build-server.mjs): only the icons drawn, not all 1 600 loaded at every start.
  ssr: { noExternal: ['lucide-react'] },
  build: {
    ssr: true,
    outDir: renderDir,
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: { prerender: path.resolve('src/web/prerender.tsx'), 'site-render-worker': path.resolve('src/web/site-render-worker.ts') },
    },
  },
});
const prerender = await import(pathToFileURL(path.join(renderDir, 'prerender.js')).href);

// What a page's first load downloads: the entry, the page's own chunk, and every chunk they import statically.
const viteManifestFile = path.join(webDir, '.vite', 'manifest.json');
const viteManifest = JSON.parse(await readFile(viteManifestFile, 'utf8'));
await rm(path.join(webDir, '.vite'), { recursive: true, force: true });
function firstLoadFiles(...keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = viteManifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}
// The module of each prerendered page (routes.tsx loads it lazily): its stylesheets go with the page.
const PAGE_MODULES = {
  '/': 'features/site/landing-page.tsx',
  '/features': 'features/site/product-pages.tsx',
  '/services': 'features/site/product-pages.tsx',
  '/services/business-solutions': 'features/site/product-pages.tsx',
  '/pricing': 'features/purchases/pricing-page.tsx',
  '/login': 'features/auth/login-page.tsx',
  '/register': 'features/auth/register-page.tsx',
  '/forgot-password': 'features/auth/forgot-password-page.tsx',
  '/reset-password': 'features/auth/reset-password-page.tsx',
  '/confirm-email': 'features/auth/confirm-email-page.tsx',
  '/examples': 'features/examples/examples-page.tsx',
  ...Object.fromEntries(prerender.CONTENT_PATHS.map((pathname) => [pathname, 'features/content/content-page.tsx'])),
};
// The app (index.html, main.tsx), and the script of the static pages (site-page.ts).
const entryKey = 'index.html';
const siteEntryKey = 'site-page.ts';
for (const key of [entryKey, siteEntryKey]) if (!viteManifest[key]?.isEntry) throw new Error(`scripts/build-web.mjs: no entry ${key}`);
const preloadsOf = (pathname) => {
  const module = PAGE_MODULES[prerender.siteLanguageOf(pathname).path];
  if (!module || !viteManifest[module]) throw new Error(`scripts/build-web.mjs: no page module known for ${pathname}`);
  const entryFiles = new Set(firstLoadFiles(entryKey));
  // Its stylesheets: the prerendered page is drawn styled, not restyled once its script is in.
  // A static page runs none of the page's script: only its stylesheets, and the static pages' own script.
  const stylesheets = firstLoadFiles(module).filter((file) => !entryFiles.has(file) && file.endsWith('.css'));
  return [
    ...stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...firstLoadFiles(siteEntryKey)
      .slice(1)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
};

// Inter's Latin face, asked for with the page rather than once the stylesheet is read: text is
// then mostly drawn in it from the first paint, not swapped in later (a layout shift).
const interLatin = (viteManifest[entryKey].assets ?? []).find((file) => /\/inter-latin-wght-normal-[^/]+\.woff2$/.test(file));
if (!interLatin) throw new Error("scripts/build-web.mjs: the Inter Latin font is not among the app's assets");
const fontPreload = `<link rel="preload" href="/${interLatin}" as="font" type="font/woff2" crossorigin>`;

const template = await readFile(path.join(webDir, 'index.html'), 'utf8');
const appScript = `/${viteManifest[entryKey].file}`;
const appScriptTag = `<script type="module" crossorigin src="${appScript}"></script>`;
if (!template.includes(appScriptTag)) throw new Error("scripts/build-web.mjs: index.html does not load the app's entry as expected");
/**
 * A static page's head: the static pages' script in place of the app's, without the app's
 * preloads, and the app's address for the script to load it for someone who may be signed in.
 */
const staticHead = (html) =>
  html
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      appScriptTag,
      `<meta name="linkverse-app" content="${appScript}">\n    <script type="module" crossorigin src="/${viteManifest[siteEntryKey].file}"></script>`,
    );
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A translated page's addresses in every language, for search engines (issue 54): each language's, and
 * English's as the one for any other.
 */
function alternatesOf(pathname) {
  const { path: englishPath } = prerender.siteLanguageOf(pathname);
  if (!prerender.isTranslatedSitePath(englishPath)) return [];
  const link = (hreflang, address) => `<link rel="alternate" hreflang="${hreflang}" href="${ORIGIN_PLACEHOLDER}${address}" />`;
  return [
    ...prerender.LANGUAGE_CODES.map((language) => link(language, prerender.siteAddressIn(language, englishPath))),
    link('x-default', englishPath),
  ];
}

/**
 * A page's HTML: a prerendered one static (the static pages' script), a signed-in page's shell the app's.
 * Its language is its address's; the 404 page, which has none, says its own.
 */
function page(
  meta,
  canonicalPath,
  root,
  preloads = '',
  isStatic = true,
  language = prerender.siteLanguageOf(canonicalPath ?? '/').language,
) {
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    canonicalPath === undefined
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${ORIGIN_PLACEHOLDER}${canonicalPath === '/' ? '/' : canonicalPath}" />`,
    ...(canonicalPath === undefined ? [] : alternatesOf(canonicalPath)),
  ].join('\n    ');
  if (!template.includes('<html lang="en"')) throw new Error('index.html does not open with <html lang="en"');
  const html = (isStatic ? staticHead(template) : template)
    .replace('<html lang="en"', `<html lang="${language}" dir="${prerender.directionOf(language)}"`)
    .replace(/<title>[^<]*<\/title>/, head)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    // A page the server draws with the site's features is marked for the script that hydrates it (main.tsx).
    .replace(
      '<div id="root"></div>',
      `<div id="root"${root === ROOT_PLACEHOLDER ? ' data-site-rendered' : ''}>${root}</div>${canonicalPath === undefined || !isStatic ? '' : prerender.renderLanguageSuggestions(canonicalPath)}`,
    )
    .replace('</head>', `  ${[fontPreload, preloads].filter(Boolean).join('\n    ')}\n  </head>`);
  if (!html.includes(ORIGIN_PLACEHOLDER) && canonicalPath !== undefined) throw new Error('index.html has no <title> to replace');
  return html;
}

const fileOf = (pathname) => (pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);

await rm(pagesDir, { recursive: true, force: true });
const manifest = [];
const write = async (file, html) => {
  await mkdir(path.dirname(path.join(pagesDir, file)), { recursive: true });
  await writeFile(path.join(pagesDir, file), html);
};
const siteRendered = new Set(prerender.SITE_RENDERED_PATHS);
const unlisted = new Set(prerender.ACCOUNT_PATHS);
for (const pathname of prerender.PRERENDERED_PATHS) {
  const file = fileOf(pathname);
  // Drawn here all the same: a page that does not render fails the build, not the server's start.
  const root = await prerender.renderPath(pathname);
  const isSiteRendered = siteRendered.has(pathname);
  await write(file, page(prerender.pageMetaFor(pathname), pathname, isSiteRendered ? ROOT_PLACEHOLDER : root, preloadsOf(pathname)));
  manifest.push({
    path: pathname,
    file,
    prerendered: true,
    listed: !unlisted.has(prerender.siteLanguageOf(pathname).path),
    ...(isSiteRendered && { siteRendered: true }),
  });
}
for (const pathname of prerender.SHELL_PATHS) {
  const file = fileOf(pathname);
  await write(file, page(prerender.pageMetaFor(pathname), pathname, prerender.renderShell(pathname), '', false));
  manifest.push({ path: pathname, file, prerendered: false, listed: false });
}
// Any path the app does not serve: the '404 Page Not Found' page, answered with status 404.
// Static too: it changes nothing after load.
// And in each other language, for an address under its segment that is not found (/es/…).
const notFoundIn = {};
for (const language of prerender.LANGUAGE_CODES) {
  const file = language === 'en' ? '404.html' : `404-${language}.html`;
  const pathname = language === 'en' ? '/404' : `${prerender.siteAddressIn(language, '/')}/404`;
  await write(file, page(prerender.notFoundMetaIn(language), undefined, await prerender.renderPath(pathname), '', true, language));
  notFoundIn[language] = file;
}
await writeFile(
  path.join(pagesDir, 'pages.json'),
  JSON.stringify(
    {
      originPlaceholder: ORIGIN_PLACEHOLDER,
      hostPlaceholder: prerender.SITE_HOST_PLACEHOLDER,
      yearPlaceholder: prerender.SITE_YEAR_PLACEHOLDER,
      rootPlaceholder: ROOT_PLACEHOLDER,
      siteRenderer: path.relative(pagesDir, path.join(renderDir, 'site-render-worker.js')),
      notFound: '404.html',
      notFoundIn,
      pages: manifest,
    },
    null,
    2,
  ),
);

const brotliSize = async (file) =>
  brotliCompressSync(await readFile(path.join(webDir, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const firstLoad = {};
for (const [name, keys] of Object.entries({
  // A visitor who is not signed in: the static pages' script alone.
  landing: [siteEntryKey],
  dashboard: [entryKey, 'features/dashboard/dashboard-page.tsx'],
})) {
  const sizes = await Promise.all(
    firstLoadFiles(...keys)
      .filter((file) => file.endsWith('.js'))
      .map(brotliSize),
  );
  firstLoad[name] = sizes.reduce((sum, size) => sum + size, 0);
}
await writeFile(path.join(pagesDir, 'first-load.json'), JSON.stringify(firstLoad));

// Precompressed copies: the server sends the best one the client takes, without compressing anything per request.
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|xml|map)$/;
async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}
let saved = 0;
for await (const file of filesUnder(webDir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = await readFile(file);
  const { size } = await stat(file);
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  const gzip = gzipSync(content, { level: 9 });
  // A copy no smaller than the file is not worth a lookup.
  if (brotli.length < size) await writeFile(`${file}.br`, brotli);
  if (gzip.length < size) await writeFile(`${file}.gz`, gzip);
  saved += size - brotli.length;
}
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  `prerendered ${manifest.filter((entry) => entry.prerendered).length + 1} pages; precompressed dist/web (${kB(saved)} saved in brotli); ` +
    `first-load script in brotli: landing ${kB(firstLoad.landing)}, dashboard ${kB(firstLoad.dashboard)}`,
);
