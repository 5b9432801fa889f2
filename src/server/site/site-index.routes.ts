import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { escapeHtml } from '../http/html.ts';
import type { SitePages } from './site-pages.ts';
import type { Services } from '../services.ts';
import { listedProfiles } from '../users/users.service.ts';
import { siteOrigin } from '../http/site-origin.ts';

/** A sitemap file holds at most 50 000 addresses (sitemaps.org); the site's own pages come first. */
const SITEMAP_MAX_URLS = 50_000;

/**
 * robots.txt and sitemap.xml (issue 11): search engines may read the public
 * pages and the public profiles, not the API, the dashboard or the admin.
 */
export function registerSiteIndexRoutes(
  app: App,
  db: Db,
  config: AppConfig,
  pages: SitePages | undefined,
  hiddenFromSearch: Services['pagesHiddenFromSearch'],
): void {
  const hide = { schema: { hide: true } };

  app.get('/robots.txt', hide, (request, reply) => {
    const lines = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /admin',
      'Disallow: /go/',
      'Disallow: /upload-profile-image',
      '',
      `Sitemap: ${siteOrigin(config.publicUrl, request)}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  // Browsers ask for /favicon.ico whatever the page names: the one icon is an SVG.
  app.get('/favicon.ico', hide, (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301));

  app.get('/sitemap.xml', hide, async (request, reply) => {
    const origin = siteOrigin(config.publicUrl, request);
    const sitePaths = pages?.listedPaths ?? ['/'];
    // A page kept out of search engines (SEO tools, issue 52 §3) is not listed.
    const hidden = await hiddenFromSearch(db, config.planLimits);
    const profiles = (await listedProfiles(db, SITEMAP_MAX_URLS - sitePaths.length)).filter((profile) => !hidden.has(profile.username));
    const entry = (path: string, lastModified?: string) =>
      `<url><loc>${escapeHtml(origin + path)}</loc>${lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...sitePaths.map((path) => entry(path)),
      ...profiles.map((profile) => entry(`/${profile.username}`, profile.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
}
