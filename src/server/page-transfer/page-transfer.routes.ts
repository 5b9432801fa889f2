import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commonMessages, dataOf, errorResponses, tooManyUploadsMessage } from '#shared/api.ts';
import {
  PAGE_FILE_SCHEMA_PATH,
  PAGE_IMPORT_CEILING_BYTES,
  importPreviewAnswerSchema,
  importPreviewSchema,
  importResultSchema,
  pageImportSchema,
  pageFileMaxBytes,
  pageTransferMessages,
} from '#shared/page-transfer.ts';
import { formatBytes, uploadBytesOf } from '#shared/plans.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { AppError, type TooLargeMessageConfig } from '../http/errors.ts';
import type { UserRow } from '../db/schema.ts';
import { oneATurn } from '../http/one-a-turn.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { reloadUser } from '../users/users.service.ts';
import { previewImport } from './import-sources.ts';
import { readBodyInWorker } from './read-in-worker.ts';
import { buildPageFile, pageFileJsonSchema, pageFileName, pageFileText } from './page-file.ts';
import { importPageFile } from './page-import.service.ts';
import { siteOrigin } from '../http/site-origin.ts';
import type { Services } from '../services.ts';

const tags = ['Page file'];

export interface PageTransferDeps {
  db: Db;
  /** What a page holds, and what importing one writes: lent by the features that own each part. */
  readers: Services['pageReaders'];
  writers: Services['pageWriters'];
  config: AppConfig;
  bus: ChangeBus;
  media: MediaProcessor;
  /** Names this site to Linktree when it reads a page there. */
  userAgent: string;
}

/** Around a page file in a request body: the mode or the source, and the JSON's punctuation. */
const BODY_ROOM = 64 * 1024;
const importRouteConfig: TooLargeMessageConfig = { tooLargeMessage: pageTransferMessages.tooLarge(formatBytes(PAGE_IMPORT_CEILING_BYTES)) };

/** The largest body the owner may send to the import: the page file their plan's export can make, and the room around it. */
function importBodyLimitOf(config: AppConfig, owner: UserRow): number {
  return pageFileMaxBytes(uploadBytesOf(config.planLimits, owner)) + BODY_ROOM;
}

function bodyTooLarge(limit: number): AppError {
  return new AppError(413, 'request_too_large', pageTransferMessages.tooLarge(formatBytes(limit - BODY_ROOM)));
}

/** Export, preview and import: registered in the signed-in scope under /api/me. */
export async function registerPageTransferRoutes(
  app: App,
  { db, readers, writers, config, bus, media, userAgent }: PageTransferDeps,
): Promise<void> {
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
      const file = await buildPageFile(db, readers, user, `${siteOrigin(config.publicUrl, request)}${PAGE_FILE_SCHEMA_PATH}`);
      return (
        reply
          .type('application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${pageFileName(user.username)}"`)
          .header('Cache-Control', 'no-store')
          // One piece (256 kB of base64) per read, each in a turn of its own: other requests come between.
          .send(Readable.from(oneATurn(pageFileText(file)), { highWaterMark: 1 }))
      );
    },
  );

  // The two routes that take a page file (up to 100 MB): the body goes to a temporary file as it arrives,
  // and after the session and the rate limit the media worker reads that file and checks it with its
  // shared schema (readBodyInWorker); the schemas below declare it for the API document. Read on the event
  // loop, 10 MB of JSON held every other request for 190 ms (issue 51 §4); kept whole in memory and
  // copied to the worker, 16 MB still held it for 60 ms.
  await app.register(async (scope: App) => {
    // Each account may send what its own export can weigh (pageFileMaxBytes): said before a byte is read
    // when the length is given, and counted as it arrives otherwise.
    scope.addHook('preParsing', async (request) => {
      const limit = importBodyLimitOf(config, requireUser(request));
      if (Number(request.headers['content-length'] ?? 0) > limit) throw bodyTooLarge(limit);
    });
    scope.addContentTypeParser('application/json', (request, payload, done) => {
      keepBodyInFile(payload, importBodyLimitOf(config, requireUser(request))).then(
        (file) => done(null, file),
        (error: unknown) => done(error as Error),
      );
    });
    // The file goes once the request is answered, or once the client has gone while the worker read it.
    const removeBodyFile = async (request: FastifyRequest) => {
      if (isBodyFile(request.body)) await rm(request.body.path, { force: true });
    };
    scope.addHook('onResponse', removeBodyFile);
    scope.addHook('onRequestAbort', removeBodyFile);
    const readInWorkerNotHere = {
      bodyLimit: PAGE_IMPORT_CEILING_BYTES + BODY_ROOM,
      validatorCompiler: () => (body: unknown) => ({ value: body }),
    };

    // POST /api/me/page-import/preview: what an import would bring in; nothing is saved.
    scope.post(
      '/page-import/preview',
      {
        ...readInWorkerNotHere,
        config: importRouteConfig,
        schema: {
          tags,
          summary:
            'Read a page file, a Linktree page, a LinkStack export or a LittleLink page into a page file to preview; nothing is saved',
          description:
            "Imports from other sites are best-effort: `notes` says what could not be brought over. A Linktree page is fetched once (2 MB, 5 s, one redirect on its own host, never a private address). A page file's own media are not sent back: import them from the file.",
          body: importPreviewSchema,
          response: { 200: dataOf(importPreviewAnswerSchema), ...errorResponses(400, 401, 413, 429) },
        },
      },
      async (request) => {
        const owner = requireUser(request);
        await importsPerUser(request, String(owner.id));
        const input = await readBodyInWorker(media, 'page-import-preview', bodyFileOf(request), owner);
        return { data: await previewImport({ config, media, userAgent }, owner, input) };
      },
    );

    // POST /api/me/page-import: bring a page file in, in one transaction.
    scope.post(
      '/page-import',
      {
        ...readInWorkerNotHere,
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
        await importsPerUser(request, String(owner.id));
        const { mode, document } = await readBodyInWorker(media, 'page-import', bodyFileOf(request), owner);
        const result = await importPageFile({ db, config, media, writers }, owner, mode, document);
        bus.publish(profileChange(await reloadUser(db, owner)));
        return { data: result };
      },
    );
  });
}

/** A request body kept in a temporary file while the media worker reads it (deleted once answered). */
interface BodyFile {
  path: string;
}

function isBodyFile(body: unknown): body is BodyFile {
  return typeof body === 'object' && body !== null && typeof (body as BodyFile).path === 'string';
}

/**
 * Write the body to a temporary file as it arrives. Past `limit` bytes it is refused (413) and no longer
 * read, as Fastify refuses a body over its limit, so that the answer still reaches the client; a body
 * cut short is refused with 400. Either way the file goes.
 */
function keepBodyInFile(payload: NodeJS.ReadableStream, limit: number): Promise<BodyFile> {
  return new Promise((resolve, reject) => {
    const file = { path: path.join(tmpdir(), `linkverse-page-file-${randomUUID()}.json`) };
    const out = createWriteStream(file.path);
    let bytes = 0;
    let settled = false;
    const stopReading = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onCut);
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      stopReading();
      out.destroy();
      void rm(file.path, { force: true });
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) return fail(bodyTooLarge(limit));
      if (!out.write(chunk)) {
        payload.pause();
        out.once('drain', () => payload.resume());
      }
    };
    const onEnd = () =>
      out.end(() => {
        if (settled) return;
        settled = true;
        stopReading();
        resolve(file);
      });
    const onCut = () => fail(new AppError(400, 'validation_failed', commonMessages.badRequest));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onCut);
    out.on('error', fail);
  });
}

/** The path of the body the scope's parser kept; a request without one (no body) names no file, which the worker refuses as not JSON. */
function bodyFileOf(request: FastifyRequest): string {
  return isBodyFile(request.body) ? request.body.path : '';
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
