import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commonMessages, dataOf, deletedSchema, errorResponses, idParam, tooManyUploadsMessage } from '#shared/api.ts';
import { UPLOAD_KINDS, mediaMessages, mediaUploadSchema } from '#shared/media.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { AppError } from '../http/errors.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { MediaRule } from './image-processing.ts';
import type { MediaProcessor } from './media-processor.ts';
import { MEDIA_RULES, type ReferencedUploads, mediaFileNamed, removeUpload, storeUpload } from './media.service.ts';

const tags = ['Media'];
const kindParams = z.object({ kind: z.enum(UPLOAD_KINDS, { error: mediaMessages.unknownKind }) });
const idParams = z.object({ id: idParam(commonMessages.fileNotFound) });
const fileParams = z.object({ file: z.string() });

export interface MediaRoutesDeps {
  db: Db;
  config: AppConfig;
  bus: ChangeBus;
  media: MediaProcessor;
  referenced: ReferencedUploads;
}

/** Uploading and deleting: registered in the signed-in scope under /api/media (http/who-is-asking.ts). */
export function registerUploadRoutes(app: App, { db, config, bus, media, referenced }: MediaRoutesDeps): void {
  const uploadsPerUser = rateLimiter(app, 'upload-user', config.uploadRateLimit.perUser, tooManyUploadsMessage);
  const uploadsPerIp = rateLimiter(app, 'upload-ip', config.uploadRateLimit.perIp, tooManyUploadsMessage);

  // POST /api/media/{kind} (multipart, one file)
  app.post(
    '/:kind',
    {
      schema: {
        tags,
        summary: 'Upload one file (multipart/form-data, field `file`); images are re-encoded',
        consumes: ['multipart/form-data'],
        params: kindParams,
        response: { 201: dataOf(mediaUploadSchema), ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const { kind } = request.params;
      const rule = MEDIA_RULES[kind];
      if (!rule) throw new AppError(404, 'not_found', mediaMessages.unknownKind);
      if (!request.isMultipart()) throw new AppError(400, 'no_file', mediaMessages.noFile);
      const { mime, input } = await readOneFile(app, request, rule);
      // Counted once the file has arrived (refused while still sending, a client sees its connection cut, not
      // the answer), and before it is decoded: a refused upload costs no decode.
      await uploadsPerUser(request, String(owner.id));
      await uploadsPerIp(request, request.ip);
      const upload = await storeUpload(db, config, media, owner, kind, mime, input, referenced);
      return reply.status(201).send({ data: upload });
    },
  );

  // DELETE /api/media/{id}
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete an upload; links that showed it fall back to the default icon',
        params: idParams,
        response: { 200: deletedSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      await removeUpload(db, owner, request.params.id, referenced);
      bus.publish(profileChange(owner));
      return { data: { deleted: true as const } };
    },
  );
}

/** The uploaded files, for everyone. */
export function registerMediaFileRoutes(app: App, db: Db): void {
  // GET /media/{sha256}.{ext}: content-addressed, so cacheable forever.
  app.get('/media/:file', { schema: { hide: true, params: fileParams } }, async (request, reply) => {
    const found = await mediaFileNamed(db, request.params.file);
    if (!found) return reply.status(404).type('text/plain').send(commonMessages.notFound);
    const { media, hash } = found;
    return reply
      .type(media.mime)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', `"${hash}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(Buffer.from(media.data));
  });
}

/**
 * The one file of a multipart body. A body that is not well-formed multipart
 * (no boundary, another boundary, a part cut short) is the client's: a 400
 * saying the file could not be read, never a 500.
 */
async function readOneFile(app: App, request: FastifyRequest, rule: MediaRule): Promise<{ mime: string; input: Buffer }> {
  try {
    const file = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
    if (!file) throw new AppError(400, 'no_file', mediaMessages.noFile);
    return { mime: file.mimetype, input: await file.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new AppError(413, 'file_too_large', rule.tooLargeMessage);
    if ((error as { statusCode?: number }).statusCode === 413) throw new AppError(413, 'request_too_large', commonMessages.requestTooLarge);
    throw new AppError(400, 'malformed_upload', mediaMessages.readFailed);
  }
}
