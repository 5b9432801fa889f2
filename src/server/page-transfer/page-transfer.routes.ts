import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dataOf, errorResponses, tooManyUploadsMessage } from '#shared/api.ts';
import {
  PAGE_FILE_SCHEMA_PATH,
  PAGE_IMPORT_MAX_BYTES,
  describePageFileProblem,
  importPreviewAnswerSchema,
  importPreviewSchema,
  importResultSchema,
  pageImportSchema,
  pageTransferMessages,
} from '#shared/page-transfer.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { AppError, InputValidationError, type TooLargeMessageConfig } from '../http/errors.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { findUserById } from '../users/users.repository.ts';
import { previewImport } from './import-sources.ts';
import { buildPageFile, pageFileJsonSchema, pageFileName } from './page-file.ts';
import { importPageFile } from './page-import.service.ts';
import { siteOrigin } from '../http/site-origin.ts';

const tags = ['Page file'];

export interface PageTransferDeps {
  db: Db;
  config: AppConfig;
  bus: ChangeBus;
  media: MediaProcessor;
  /** Names this site to Linktree when it reads a page there. */
  userAgent: string;
}

/** A page file's body: the file (10 MB) and the little around it. */
const IMPORT_BODY_LIMIT = PAGE_IMPORT_MAX_BYTES + 64 * 1024;
const importRouteConfig: TooLargeMessageConfig = { tooLargeMessage: pageTransferMessages.tooLarge };

/** The first problem of a page file, said with where it is, or the route's own validation error otherwise. */
function refuseInvalidFile(request: FastifyRequest & { validationError?: Error }): void {
  const error = request.validationError;
  if (!error) return;
  const issue = error instanceof InputValidationError ? error.zodError.issues[0] : undefined;
  if (!issue) throw new AppError(400, 'validation_failed', error.message);
  const inDocument = issue.path[0] === 'document';
  const document = (request.body as { document?: unknown } | undefined)?.document;
  const message = inDocument ? describePageFileProblem({ ...issue, path: issue.path.slice(1) }, document) : issue.message;
  throw new AppError(400, 'validation_failed', message);
}

/** Export, preview and import: registered in the signed-in scope under /api/me. */
export function registerPageTransferRoutes(app: App, { db, config, bus, media, userAgent }: PageTransferDeps): void {
  // Reading a page elsewhere and decoding its files is the media worker's work: counted as uploads are.
  const importsPerUser = rateLimiter(app, 'page-import-user', config.uploadRateLimit.perUser, tooManyUploadsMessage);

  // GET /api/me/page-export: the page as one file.
  app.get(
    '/page-export',
    {
      schema: {
        tags,
        summary: 'Download the page as one page file (JSON): its settings, links and blocks, look, and the files they show',
        description: `The file follows the JSON Schema at ${PAGE_FILE_SCHEMA_PATH}. Answers it as an attachment.`,
        response: { 200: z.unknown().meta({ description: 'The page file' }), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await buildPageFile(db, user, `${siteOrigin(config.publicUrl, request)}${PAGE_FILE_SCHEMA_PATH}`);
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${pageFileName(user.username)}"`)
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(file, null, 2) + '\n');
    },
  );

  // POST /api/me/page-import/preview: what an import would bring in; nothing is saved.
  app.post(
    '/page-import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      attachValidation: true,
      config: importRouteConfig,
      schema: {
        tags,
        summary: 'Read a page file, a Linktree page, a LinkStack export or a LittleLink page into a page file to preview; nothing is saved',
        description:
          'Imports from other sites are best-effort: `notes` says what could not be brought over. A Linktree page is fetched once (2 MB, 5 s, one redirect on its own host, never a private address).',
        body: importPreviewSchema,
        response: { 200: dataOf(importPreviewAnswerSchema), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      refuseInvalidFile(request);
      await importsPerUser(request, String(owner.id));
      return { data: await previewImport({ config, media, userAgent }, owner, request.body) };
    },
  );

  // POST /api/me/page-import: bring a page file in, in one transaction.
  app.post(
    '/page-import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      attachValidation: true,
      config: importRouteConfig,
      schema: {
        tags,
        summary: "Import a page file: replace the page (its settings, look, links and blocks) or add its items after the page's",
        description:
          "One transaction: nothing is half-imported. Links past the plan's limit are listed in `skipped`; files past the upload quota refuse the import (413).",
        body: pageImportSchema,
        response: { 200: dataOf(importResultSchema), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      refuseInvalidFile(request);
      await importsPerUser(request, String(owner.id));
      const result = await importPageFile({ db, config, media }, owner, request.body.mode, request.body.document);
      bus.publish(profileChange((await findUserById(db, owner.id)) ?? owner));
      return { data: result };
    },
  );
}

/** GET /api/schemas/page-export.json: the page file's JSON Schema, for everyone (editors, other sites' importers). */
export function registerPageFileSchemaRoute(app: App, config: AppConfig): void {
  // One per origin the site answers on (PUBLIC_URL, or a handful of hosts).
  const schemas = new LRUCache<string, string>({ max: 8 });
  app.get(
    PAGE_FILE_SCHEMA_PATH,
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags,
        summary: 'The JSON Schema of the page file (version 1)',
        response: { 200: z.unknown().meta({ description: 'A JSON Schema (draft 2020-12)' }) },
      },
    },
    async (request, reply) => {
      const url = `${siteOrigin(config.publicUrl, request)}${PAGE_FILE_SCHEMA_PATH}`;
      let schema = schemas.get(url);
      if (!schema) {
        schema = JSON.stringify(pageFileJsonSchema(url), null, 2);
        schemas.set(url, schema);
      }
      return reply
        .type('application/schema+json; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .header('Access-Control-Allow-Origin', '*')
        .send(schema);
    },
  );
}
