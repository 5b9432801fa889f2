// The site's written pages (issue 11): Markdown in the repo (content/, and the
// README's sections for /docs), turned into HTML at build time by
// scripts/content-plugin.ts. No Markdown parser ships to the browser.

export const CONTENT_COLLECTIONS = ['docs', 'guides', 'blog'] as const;
export type ContentCollection = (typeof CONTENT_COLLECTIONS)[number];

export interface ContentMeta {
  /** The page's address, e.g. '/privacy', '/guides/getting-started', '/docs'. */
  path: string;
  title: string;
  description: string;
  /** The collection an article belongs to, or whose list the page is; none for a single page. */
  collection?: ContentCollection;
  /** True for a collection's own page (/docs, /guides, /blog), which lists its articles. */
  isIndex: boolean;
  /** ISO date of a blog post. */
  date?: string;
  /** Where an article sits in its collection's list (lower first; then newest first). */
  order: number;
}

export interface ContentEntry extends ContentMeta {
  /** Rendered at build time from Markdown written in this repository. */
  html: string;
}
