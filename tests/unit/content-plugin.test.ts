import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docsFromReadme, loadContent, parseFrontMatter, renderMarkdown, slugOf } from '../../scripts/content-plugin.ts';

describe('the site content built from Markdown', () => {
  it('reads the front matter and refuses a page without a title, a description or a real date', () => {
    const { meta, body } = parseFrontMatter('---\ntitle: Hello: world\ndescription: A page.\norder: 2\n---\n# Body\n', 'a.md');
    expect(meta).toEqual({ title: 'Hello: world', description: 'A page.', date: undefined, order: 2 });
    expect(body).toBe('# Body\n');
    expect(() => parseFrontMatter('# no front matter', 'b.md')).toThrow(/b.md: no front matter/);
    expect(() => parseFrontMatter('---\ntitle: T\n---\n', 'c.md')).toThrow(/needs a title and a description/);
    expect(() => parseFrontMatter('---\ntitle: T\ndescription: D\ndate: someday\n---\n', 'd.md')).toThrow(/not a date/);
  });

  it('opens outside links without the opener or the referrer, and leaves the site’s own alone', () => {
    const html = renderMarkdown('[out](https://example.com/x) and [in](/pricing)');
    expect(html).toContain('<a rel="noopener noreferrer" href="https://example.com/x">out</a>');
    expect(html).toContain('<a href="/pricing">in</a>');
  });

  it('makes one /docs page per README section, in order', () => {
    const docs = docsFromReadme(
      '# Title\n\nIntro.\n\n## Set up\n\nRun `npm start`. Then open it.\n\n## Running on PostgreSQL and several instances\n\n```sh\nx\n```\n\nText here.\n',
    );
    expect(docs.map((doc) => [doc.path, doc.title, doc.description, doc.order])).toEqual([
      ['/docs/set-up', 'Set up', 'Run npm start.', 0],
      ['/docs/running-on-postgresql-and-several-instances', 'Running on PostgreSQL and several instances', 'Text here.', 1],
    ]);
    expect(slugOf('API reference')).toBe('api-reference');
  });

  it('gives every page of the repo one address, and every README section a docs page', async () => {
    const entries = await loadContent(process.cwd());
    const paths = entries.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/features', '/services', '/services/analytics', '/privacy', '/terms', '/docs', '/guides', '/blog']) {
      expect(paths).toContain(path);
    }
    const sections = readFileSync('README.md', 'utf8').match(/^## .+$/gm) ?? [];
    expect(entries.filter((entry) => entry.collection === 'docs' && !entry.isIndex)).toHaveLength(sections.length);
  });
});
