import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import tryItScript from './api-try-it.js?raw';
import { type OpenApiDocument, renderApiReference } from './api-reference.ts';
import type { App } from './app-types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The JSON API's routes, as registered. */
    apiRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/** The reference page's Try it script, addressed by its content's hash. */
const TRY_IT = (() => {
  const data = Buffer.from(tryItScript);
  return { data, url: `${API_DOCS_PREFIX}/try-it-${createHash('sha256').update(data).digest('hex').slice(0, 12)}.js` };
})();

/** The JSON API's own routes: what the document lists (not the document and its reference page). */
function isDocumentedApiRoute(url: string): boolean {
  return url.startsWith('/api/') && url !== OPENAPI_PATH && !url.startsWith(API_DOCS_PREFIX);
}

/**
 * The OpenAPI document, generated from the zod schemas every route declares
 * (so it cannot drift from what the server checks and sends), at
 * /api/openapi.json, and a reference page at /api/docs rendered from it on the
 * server (api-reference.ts: no script, works offline and under the site's
 * Content-Security-Policy). Only the JSON API is listed; pages, media and the
 * SPA are hidden.
 */
export async function registerOpenApi(app: App, version: string): Promise<void> {
  // Every JSON API route registered from here on, to hold the document complete (tests/api/http-contract.test.ts).
  const apiRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!isDocumentedApiRoute(route.url)) return;
    // HEAD answers as GET; OPTIONS is a browser's CORS preflight, not an operation.
    for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') apiRoutes.push({ method, url: route.url });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Linkverse API',
        version,
        description:
          'JSON in and out. A success carries its result in `data` (admin lists and site settings have the shapes of spec 001 §7); an error is `{ code, message, fieldErrors? }`. Mutations need the session cookie and a same-origin request, or a personal API token on the routes that take one.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'lv_session' },
          token: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (Account → API tokens), sent as `Authorization: Bearer lv_…`: it acts as its owner on the routes that list it, within its scopes (links:read, links:write, profile:read, profile:write, analytics:read). No Origin check, no cookie; 300 requests a minute per token.',
          },
        },
      },
    },
    transform: (document) => {
      if (!isDocumentedApiRoute(document.url)) {
        return { schema: { ...document.schema, hide: true }, url: document.url };
      }
      return jsonSchemaTransform(document);
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  // GET /api/docs: the reference page, rendered once from the finished document.
  let page: string | undefined;
  app.get(API_DOCS_PREFIX, { schema: { hide: true } }, async (_request, reply) => {
    // The document @fastify/swagger built from our own route schemas: the shape the page reads.
    page ??= renderApiReference(app.swagger() as unknown as OpenApiDocument, OPENAPI_PATH, TRY_IT.url);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
  // Its one script, under its content's hash (script-src 'self').
  app.get(TRY_IT.url, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=31536000, immutable').send(TRY_IT.data),
  );
}
