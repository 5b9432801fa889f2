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

  it('makes a /docs page of each README section marked for it, with its summary, and no link to localhost', () => {
    const docs = docsFromReadme(
      '# Title\n\nIntro.\n\n## Set up\n\n<!-- docs: Install it with two commands. -->\n\nRun `npm start`, then open http://localhost:3000.\n\n' +
        '## Benchmark\n\nEngineering notes.\n\n' +
        '## Running on PostgreSQL and several instances\n\n<!-- docs: Use PostgreSQL. -->\n\n```sh\nx\n```\n\nDATA_DIR and DATABASE_URL.\n',
    );
    expect(docs.map((doc) => [doc.path, doc.title, doc.description, doc.order])).toEqual([
      ['/docs/set-up', 'Set up', 'Install it with two commands.', 0],
      ['/docs/running-on-postgresql-and-several-instances', 'Running on PostgreSQL and several instances', 'Use PostgreSQL.', 1],
    ]);
    expect(docs[0]!.html).toContain('<code>http://localhost:3000</code>');
    expect(docs[0]!.html).not.toContain('href="http://localhost');
    expect(docs[0]!.html).not.toContain('<!--');
    expect(docs[1]!.html).toContain('DATA_DIR and DATABASE_URL');
    expect(() => docsFromReadme('## A\n\n<!-- docs: not a sentence -->\n\nx\n')).toThrow(/one sentence/);
    expect(slugOf('API reference')).toBe('api-reference');
  });

  it('gives every page of the repo one address, and every README section a docs page', async () => {
    const entries = await loadContent(process.cwd());
    const paths = entries.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/services/profile-creation', '/services/analytics', '/privacy', '/terms', '/docs', '/guides', '/blog']) {
      expect(paths).toContain(path);
    }
    // Every README section marked for /docs is there; the engineering notes are not.
    const marked = readFileSync('README.md', 'utf8').match(/^## .+\n\n<!-- docs: /gm) ?? [];
    const docs = entries.filter((entry) => entry.collection === 'docs' && !entry.isIndex);
    expect(docs).toHaveLength(marked.length);
    expect(docs.map((doc) => doc.path)).not.toContain('/docs/benchmark');
    expect(docs.map((doc) => doc.path)).not.toContain('/docs/development');
    for (const doc of docs) expect(doc.html, doc.path).not.toMatch(/href="https?:\/\/localhost/);
  });
});
