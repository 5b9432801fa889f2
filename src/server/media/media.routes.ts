import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MEDIA_KINDS, mediaMessages } from '#shared/media.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { requireUser } from '../auth/sessions.ts';
import { AppError, parseInput } from '../http/errors.ts';
import type { ChangeBus } from '../site/change-bus.ts';
import { findMediaFile } from './media.repository.ts';
import { MEDIA_RULES, removeUpload, storeUpload } from './media.service.ts';

const kindParams = z.object({ kind: z.enum(MEDIA_KINDS, { error: mediaMessages.unknownKind }) });
const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'File not found' }) });
const fileParams = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.[a-z0-9]{2,5}$/) });

export function registerMediaRoutes(app: FastifyInstance, db: Db, config: AppConfig, bus: ChangeBus): void {
  // POST /api/media/{kind} (multipart, one file)
  app.post('/api/media/:kind', async (request, reply) => {
    const { kind } = parseInput(kindParams, request.params);
    const owner = requireUser(request);
    const rule = MEDIA_RULES[kind];
    if (!rule) throw new AppError(404, mediaMessages.unknownKind);
    if (!request.isMultipart()) throw new AppError(400, mediaMessages.noFile);
    const file = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
    if (!file) throw new AppError(400, mediaMessages.noFile);
    let input: Buffer;
    try {
      input = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, rule.tooLargeMessage);
      throw error;
    }
    const upload = await storeUpload(db, config, owner, kind, file.mimetype, input);
    return reply.status(201).send({ data: upload });
  });

  // DELETE /api/media/{id}
  app.delete('/api/media/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const owner = requireUser(request);
    await removeUpload(db, owner, id);
    bus.publish({ topic: 'profile', userId: owner.id, usernames: [owner.username] });
    return { data: { deleted: true } };
  });

  // GET /media/{sha256}.{ext}: content-addressed, so cacheable forever.
  app.get('/media/:file', async (request, reply) => {
    const parsed = fileParams.safeParse(request.params);
    if (!parsed.success) return reply.status(404).type('text/plain').send('Not found');
    const [hash, ext] = parsed.data.file.split('.') as [string, string];
    const media = await findMediaFile(db, hash, ext);
    if (!media) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .type(media.mime)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', `"${hash}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(Buffer.from(media.data));
  });
}
