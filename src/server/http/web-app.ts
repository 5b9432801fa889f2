import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { commonMessages } from '#shared/api.ts';
import { errorBody } from './errors.ts';
import type { App } from './app-types.ts';
import { APP_ROUTE_NAMES } from '#shared/reserved-names.ts';

/** Reserved first segments that are not pages of the SPA. */
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

/**
 * Serve the built SPA: hashed assets cached for a year, index.html for every
 * app route (history fallback), JSON 404 for unknown API paths.
 */
export async function registerWebApp(app: App, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      // Vite names every asset by its content hash: it never changes.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const sendIndex = (reply: FastifyReply, status: number) => {
    if (!indexHtml) {
      return reply.status(status).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  };

  const hide = { schema: { hide: true } };
  app.get('/', hide, (_request, reply) => sendIndex(reply, 200));
  // Every app route is the SPA's (history fallback); any other first segment is a profile.
  for (const name of SPA_ROUTE_NAMES) {
    app.get(`/${name}`, hide, (_request, reply) => sendIndex(reply, 200));
    app.get(`/${name}/*`, hide, (_request, reply) => sendIndex(reply, 200));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('not_found', commonMessages.notFound));
    }
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain').send(commonMessages.notFound);
    // Deeper paths under a profile name: the SPA's '404 Page Not Found'.
    return sendIndex(reply, 404);
  });
}
