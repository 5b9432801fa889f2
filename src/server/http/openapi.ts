import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import logoSvg from '#web/public/favicon.svg?raw';
import type { App } from './app-types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The JSON API's routes, as registered. */
    apiRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/** The JSON API's own routes: what the document lists (not the document and its reference page). */
function isDocumentedApiRoute(url: string): boolean {
  return url.startsWith('/api/') && url !== OPENAPI_PATH && !url.startsWith(API_DOCS_PREFIX);
}

/**
 * The OpenAPI document, generated from the zod schemas every route declares
 * (so it cannot drift from what the server checks and sends), at
 * /api/openapi.json, and a reference page at /api/docs. The page is Swagger UI
 * served from the package's own files: no outside script, font or validator, so
 * it works offline and under the site's Content-Security-Policy. Only the JSON
 * API is listed; pages, media and the SPA are hidden.
 */
export async function registerOpenApi(app: App, version: string): Promise<void> {
  // Every JSON API route registered from here on, to hold the document complete (tests/api/http-contract.test.ts).
  const apiRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!isDocumentedApiRoute(route.url)) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Linkverse API',
        version,
        description:
          'JSON in and out. A success carries its result in `data` (admin lists and site settings have the shapes of spec 001 §7); an error is `{ code, message, fieldErrors? }`. Mutations need the session cookie and a same-origin request.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lv_session' } } },
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

  const logo = Buffer.from(logoSvg);
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    logo: { type: 'image/svg+xml', content: logo, href: '/', target: '_self' },
    theme: {
      title: 'Linkverse API reference',
      favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: logo }],
      // The document is this site's own: no box to load another one.
      css: [
        {
          filename: 'theme.css',
          content: '.swagger-ui .topbar .download-url-wrapper{display:none!important}.swagger-ui .topbar{background:#0b0b14}',
        },
      ],
    },
    // Never ask validator.swagger.io about the document: nothing leaves the product.
    uiConfig: { validatorUrl: null, deepLinking: true, defaultModelsExpandDepth: 0, docExpansion: 'list' },
  });
}
