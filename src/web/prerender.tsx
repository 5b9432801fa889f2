// Built for Node by scripts/build-web.mjs: renders the public pages to HTML at
// build time, as an anonymous visitor sees them (issue 11); and, through
// site-render-worker.ts, the pages that depend on a site's settings when its
// server is first asked for one (issue 27 §4).
import { Writable } from 'node:stream';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { AppRoutes } from './routes.tsx';
import type { SiteFeatures } from '#shared/account.ts';
import { SiteFeaturesContext } from '#web/lib/use-site-features.ts';
import { DashboardSkeleton } from './features/dashboard/dashboard-skeleton.tsx';
import { LANGUAGE_CODES } from '#shared/i18n/languages.ts';
import { loadWords } from '#web/lib/words.ts';
import { siteLanguageOf } from '#shared/i18n/site-addresses.ts';
import { LanguageSuggestions } from './features/site/language-suggestion.tsx';

// Every language's words for the site's pages, loaded before any page is drawn (issue 54).
await Promise.all(LANGUAGE_CODES.map((language) => loadWords('site', language)));

export { SITE_HOST_PLACEHOLDER, SITE_YEAR_PLACEHOLDER } from './lib/utils.ts';
export { LANGUAGE_CODES, directionOf } from '#shared/i18n/languages.ts';
export { isTranslatedSitePath, siteAddressIn, siteLanguageOf } from '#shared/i18n/site-addresses.ts';
export {
  ACCOUNT_PATHS,
  CONTENT_PATHS,
  notFoundMetaIn,
  PRERENDERED_PATHS,
  TRANSLATED_PATHS,
  SHELL_PATHS,
  SITE_RENDERED_PATHS,
  pageMetaFor,
} from './features/site/page-meta.ts';

/** A home page's suggestions of the site in other languages, drawn hidden outside the app's root; none elsewhere. */
export function renderLanguageSuggestions(pathname: string): string {
  const { language, path } = siteLanguageOf(pathname);
  return path === '/' ? renderToStaticMarkup(<LanguageSuggestions current={language} />) : '';
}

/**
 * What a signed-in page's shell shows before its code and the session are in:
 * the dashboard's skeleton (main.tsx draws over it), nothing elsewhere.
 */
export function renderShell(pathname: string): string {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? renderToStaticMarkup(<DashboardSkeleton prerendered />) : '';
}

/**
 * The HTML inside #root for a path, every lazy page resolved in place. React
 * sends a large Suspense boundary's content after its fallback, swapped in by
 * an inline script, which the Content-Security-Policy forbids: here every
 * boundary is inlined, and a page that still needs a script fails the build.
 * With a site's features, the page is drawn with them (its plans' limits, its
 * prices) instead of the defaults.
 */
export async function renderPath(pathname: string, features?: SiteFeatures): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <AppShell>
      <SiteFeaturesContext value={features}>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </SiteFeaturesContext>
    </AppShell>,
    // A page that fails to render would ship its loading fallback: the build fails instead.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length > 0) throw new AggregateError(errors, `${pathname} did not render`);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  const html = Buffer.concat(chunks).toString('utf8');
  if (/<script|<template/.test(html)) throw new Error(`${pathname} renders with a script, which the page's policy would block`);
  return html;
}
