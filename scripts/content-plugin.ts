// Turns the site's Markdown into two virtual modules at build time (issue 11):
// `virtual:linkverse-content-meta` (addresses, titles, descriptions: the app's
// titles and the prerender's list of pages) and `virtual:linkverse-content`
// (the same with each page's HTML, imported only by the content pages' chunk).
//
// Sources: content/pages/**.md (single pages: /about, /services/…, /privacy),
// content/guides and content/blog (articles, each folder's index.md its list
// page), and the README's second-level sections as /docs/<section>, so the
// self-hosting documentation on the site is the README itself and cannot drift.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Marked } from 'marked';
import type { Plugin } from 'vite';
import type { ContentCollection, ContentEntry } from '../src/web/features/content/content-types.ts';

const META_ID = 'virtual:linkverse-content-meta';
const CONTENT_ID = 'virtual:linkverse-content';

interface FrontMatter {
  title: string;
  description: string;
  date?: string;
  order?: number;
}

/** `---`-fenced `key: value` lines at the top of a file, then the Markdown body. */
export function parseFrontMatter(source: string, file: string): { meta: FrontMatter; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${file}: no front matter (--- title: … description: … ---)`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const title = fields.get('title');
  const description = fields.get('description');
  if (!title || !description) throw new Error(`${file}: the front matter needs a title and a description`);
  const date = fields.get('date');
  if (date !== undefined && Number.isNaN(Date.parse(date))) throw new Error(`${file}: date "${date}" is not a date`);
  const order = fields.has('order') ? Number(fields.get('order')) : undefined;
  return { meta: { title, description, date, order }, body: source.replace(/\r\n/g, '\n').slice(match[0].length) };
}

const markdown = new Marked({ gfm: true });

/** HTML from Markdown written in this repo; links that leave the site never pass the opener or the referrer. */
export function renderMarkdown(body: string): string {
  const html = markdown.parse(body, { async: false });
  return (
    html
      .replace(/<a href="(https?:)/g, '<a rel="noopener noreferrer" href="$1')
      // A wide table scrolls on a phone: focusable, so a keyboard can scroll it too.
      .replace(/<table>/g, '<table tabindex="0">')
  );
}

/** A heading's address segment: "Running on PostgreSQL and several instances" → "running-on-postgresql-and-several-instances". */
export function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The marker under a README heading that publishes the section on /docs, with its one-sentence summary. */
const DOCS_SUMMARY = /^<!-- docs: (.+?) -->\n*/;

/**
 * The README's `## ` sections that a self-hoster needs, as /docs pages: each
 * such section carries `<!-- docs: One real sentence. -->` under its heading,
 * the page's description. Sections without it (engineering notes such as the
 * benchmark and development) stay in the README only. A link to the local
 * address of the set-up (localhost) is no link on the site.
 */
export function docsFromReadme(readme: string): ContentEntry[] {
  const sections = readme.replace(/\r\n/g, '\n').split(/^## /m).slice(1);
  return sections
    .flatMap((section) => {
      const newline = section.indexOf('\n');
      const title = section.slice(0, newline).trim();
      const rest = section.slice(newline + 1).trim();
      const marker = DOCS_SUMMARY.exec(rest);
      if (!marker) return [];
      const description = marker[1]!.trim();
      if (!/^[A-Z].*[.!?]$/.test(description)) throw new Error(`README "## ${title}": the docs summary must be one sentence`);
      const html = renderMarkdown(rest.slice(marker[0].length)).replace(
        /<a (?:rel="noopener noreferrer" )?href="http:\/\/localhost[^"]*">([^<]*)<\/a>/g,
        '<code>$1</code>',
      );
      return [{ path: `/docs/${slugOf(title)}`, title, description, collection: 'docs' as const, isIndex: false, html }];
    })
    .map((entry, order) => ({ ...entry, order }));
}

async function markdownFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Every written page of the site, read from the repo at `projectRoot`. */
export async function loadContent(projectRoot: string): Promise<ContentEntry[]> {
  const contentRoot = path.join(projectRoot, 'content');
  const entries: ContentEntry[] = [];
  for (const file of await markdownFiles(contentRoot)) {
    const relative = path.relative(contentRoot, file).split(path.sep).join('/').replace(/\.md$/, '');
    const [top, ...rest] = relative.split('/');
    const { meta, body } = parseFrontMatter(await readFile(file, 'utf8'), file);
    const isCollection = top === 'guides' || top === 'blog' || top === 'docs';
    const isIndex = isCollection && rest.join('/') === 'index';
    const address = top === 'pages' ? `/${rest.join('/')}` : isIndex ? `/${top}` : `/${relative}`;
    entries.push({
      path: address,
      title: meta.title,
      description: meta.description,
      ...(isCollection ? { collection: top as ContentCollection } : {}),
      isIndex,
      ...(meta.date ? { date: meta.date } : {}),
      order: meta.order ?? 0,
      html: renderMarkdown(body),
    });
  }
  entries.push(...docsFromReadme(await readFile(path.join(projectRoot, 'README.md'), 'utf8')));
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.path)) throw new Error(`content: two pages at ${entry.path}`);
    seen.add(entry.path);
  }
  return entries;
}

export function contentPlugin(projectRoot: string): Plugin {
  return {
    name: 'linkverse-content',
    resolveId(id) {
      return id === META_ID || id === CONTENT_ID ? `\0${id}` : null;
    },
    async load(id) {
      if (id !== `\0${META_ID}` && id !== `\0${CONTENT_ID}`) return null;
      this.addWatchFile(path.join(projectRoot, 'README.md'));
      for (const file of await markdownFiles(path.join(projectRoot, 'content'))) this.addWatchFile(file);
      const entries = await loadContent(projectRoot);
      if (id === `\0${META_ID}`) {
        const metas = entries.map(({ html: _html, ...meta }) => meta);
        return `export const CONTENT_META = ${JSON.stringify(metas)};`;
      }
      return `export const CONTENT = ${JSON.stringify(entries)};`;
    },
  };
}
