import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteFeatures } from '#shared/account.ts';
import { commonMessages } from '#shared/api.ts';
import { APP_ROUTE_NAMES } from '#shared/reserved-names.ts';
import type { AppConfig } from '../config.ts';
import { type PublicPageResponder, sendAnswer } from '../http/responder.ts';
import { errorBody } from '../http/errors.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import type { App } from '../http/app-types.ts';
import { SitePages } from './site-pages.ts';
import { siteOrigin } from '../http/site-origin.ts';

/** Reserved first segments that are not pages of the web app. */
const NOT_SPA = new Set([
  'api',
  'go',
  'media',
  'healthz',
  'readyz',
  'metrics',
  'coming-soon',
  'assets',
  'static',
  'fonts',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
]);
const SPA_ROUTE_NAMES = APP_ROUTE_NAMES.filter((name) => !NOT_SPA.has(name));
/** Pages a visitor reaches while coming-soon mode closes the site. */
const OPEN_PAGES: ReadonlySet<string> = new Set(['login', 'reset-password', 'forgot-password', 'confirm-email']);

/**
 * Serve the built web app: hashed assets cached for a year and sent in their
 * precompressed form (brotli or gzip, made at build time); each page of the
 * app as the build wrote it (prerendered, or the shell with its own title);
 * the '404 Page Not Found' page with status 404 for any other path under the
 * app's names; JSON 404 for unknown API paths. Any other first segment is a profile.
 */
export async function registerWebApp(
  app: App,
  config: AppConfig,
  { responder, isSiteOpen, siteFeatures }: { responder: PublicPageResponder; isSiteOpen: () => boolean; siteFeatures: SiteFeatures },
): Promise<SitePages | undefined> {
  const webRoot = config.webRoot;
  const pages = webRoot ? SitePages.load(webRoot, siteFeatures) : undefined;
  // The pages drawn with this site's settings (/pricing, /register…) are drawn as the server starts listening,
  // not on their first visit, which would wait for the renderer (issue 51).
  if (pages) app.addHook('onListen', () => pages.drawAhead());

  if (webRoot && pages) {
    // The login page's scripts, styles and the icon stay open while the site is closed, so an admin can sign in.
    await app.register(async (files) => {
      files.addHook('onRoute', (route) => {
        if (route.url.startsWith('/assets/') || route.url === '/favicon.svg') route.config = { ...route.config, ...OPEN_WHILE_CLOSED };
      });
      await files.register(fastifyStatic, {
        root: webRoot,
        index: false,
        wildcard: false,
        preCompressed: true,
        // Vite names every asset by its content hash: it never changes.
        setHeaders: (reply, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          }
        },
      });
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages) {
      // Without a build (the API tests), an app route still answers as one.
      const status = reply.request.routeOptions.url === undefined ? 404 : 200;
      return reply.status(status).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    const pathname = normalizedPath(request.url);
    const origin = siteOrigin(config.publicUrl, request);
    // While the site is closed, only the login page gets past the gate to a visitor.
    const page = await pages.page(pathname, origin, !isSiteOpen() && request.account?.role !== 'admin');
    if (page) return sendAnswer(reply, responder.page(page, 200, request.headers));
    return sendAnswer(reply, responder.page(pages.notFound(origin, pathname), 404, request.headers));
  };

  const hide = { schema: { hide: true } };
  app.get('/', hide, sendPage);
  // Every path under an app route name is the app's: a page it has, or its 404.
  for (const name of SPA_ROUTE_NAMES) {
    // While the site is closed, an admin signs in on /login, and a reset link still sets a password.
    app.get(`/${name}`, OPEN_PAGES.has(name) ? { ...hide, config: OPEN_WHILE_CLOSED } : hide, sendPage);
    // Under /login too: single sign-on comes back to /login/sso/{provider}.
    app.get(`/${name}/*`, OPEN_PAGES.has(name) ? { ...hide, config: OPEN_WHILE_CLOSED } : hide, sendPage);
  }

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const pathname = normalizedPath(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('not_found', commonMessages.notFound));
    }
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain').send(commonMessages.notFound);
    // Deeper paths under a profile name, and files that are not there.
    return sendPage(request, reply);
  });
  return pages;
}

/** The path of a request URL, without its query and trailing slashes. */
function normalizedPath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
