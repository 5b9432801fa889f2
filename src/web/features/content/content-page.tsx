import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CONTENT } from 'virtual:linkverse-content';
import { NotFoundPage } from '#web/components/not-found-page.tsx';
import { cn } from '#web/lib/utils.ts';
import { articlesOf } from './content-index.ts';
import type { ContentCollection, ContentEntry } from './content-types.ts';

const PAGES: ReadonlyMap<string, ContentEntry> = new Map(CONTENT.map((entry) => [entry.path, entry]));

const COLLECTION_NAMES: Record<ContentCollection, string> = { docs: 'Documentation', guides: 'Guides', blog: 'Blog' };

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Follows a click on a link inside the rendered Markdown within the app, as a
 * <Link> would; other clicks (new tab, outside links) are the browser's.
 */
function useInternalLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || href.startsWith('//') || anchor.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
}

function ArticleList({ collection }: { collection: ContentCollection }) {
  const articles = articlesOf(collection);
  return (
    <ul className="mt-10 grid gap-4 sm:grid-cols-2">
      {articles.map((article) => (
        <li key={article.path}>
          <Link
            to={article.path}
            className="group flex h-full flex-col rounded-2xl border border-border bg-surface p-5 transition-colors hover:border-primary/60"
          >
            {article.date && <time className="text-xs text-zinc-400">{dateFormat.format(new Date(article.date))}</time>}
            <span className="mt-1 font-semibold text-white">{article.title}</span>
            <span className="mt-2 flex-1 text-sm text-zinc-400">{article.description}</span>
            <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-violet-300">
              Read <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The sections of the documentation, beside a docs page on wide screens and above it on phones. */
function DocsNav({ current }: { current: string }) {
  return (
    <nav aria-label="Documentation" className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      <ul className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:gap-1 lg:overflow-visible">
        {articlesOf('docs').map((article) => (
          <li key={article.path} className="shrink-0">
            <Link
              to={article.path}
              aria-current={article.path === current ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-1.5 text-sm text-zinc-400 transition-colors hover:bg-surface-raised hover:text-white',
                article.path === current && 'bg-primary/15 font-medium text-white',
              )}
            >
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A written page of the site: a single page, a collection's list, or an article (issue 11). */
export function ContentPage() {
  const { pathname } = useLocation();
  const followLink = useInternalLinks();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const entry = PAGES.get(path);
  if (!entry) return <NotFoundPage />;
  const collection = entry.collection;
  const isArticle = collection !== undefined && !entry.isIndex;
  const withDocsNav = collection === 'docs';

  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 pt-28 sm:px-6 md:pt-32">
      <div className={cn(withDocsNav && 'grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]')}>
        {withDocsNav && <DocsNav current={entry.path} />}
        <article className="mx-auto w-full min-w-0 max-w-3xl">
          {isArticle && (
            <Link to={`/${collection}`} className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-violet-300 hover:underline">
              <ArrowLeft className="size-4" aria-hidden="true" /> {COLLECTION_NAMES[collection]}
            </Link>
          )}
          {entry.date && <time className="block text-sm text-zinc-400">{dateFormat.format(new Date(entry.date))}</time>}
          <h1 className="mt-1 text-3xl font-black tracking-tight sm:text-4xl">{entry.title}</h1>
          {/* A docs section's description is its own first sentence: not shown twice. */}
          {!(collection === 'docs' && isArticle) && <p className="mt-4 text-lg text-zinc-400">{entry.description}</p>}
          {/* Written in this repository and rendered at build time; never user input. */}
          <div className="content-prose mt-8" onClick={followLink} dangerouslySetInnerHTML={{ __html: entry.html }} />
          {entry.isIndex && collection && <ArticleList collection={collection} />}
        </article>
      </div>
    </div>
  );
}
