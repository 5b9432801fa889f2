import { CONTENT_META } from 'virtual:linkverse-content-meta';
import type { ContentCollection, ContentMeta } from './content-types.ts';

/** Every written page's address, title and description, by address. */
export const CONTENT_PAGES: ReadonlyMap<string, ContentMeta> = new Map(CONTENT_META.map((meta) => [meta.path, meta]));

/** A collection's articles as its list shows them: by order, then newest first. */
export function articlesOf(collection: ContentCollection): ContentMeta[] {
  return CONTENT_META.filter((meta) => meta.collection === collection && !meta.isIndex).sort(
    (a, b) => a.order - b.order || (b.date ?? '').localeCompare(a.date ?? ''),
  );
}
