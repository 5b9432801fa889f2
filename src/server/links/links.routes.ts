import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createLinkSchema, linkMessages, reorderLinksSchema, updateLinkSchema } from '#shared/links.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { requireUser } from '../auth/sessions.ts';
import { parseInput } from '../http/errors.ts';
import type { ChangeBus } from '../site/change-bus.ts';
import { changeLink, createLink, listLinks, removeLink, reorderLinks } from './links.service.ts';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive({ error: linkMessages.notFound })
    .max(2 ** 31 - 1),
});
const userParams = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive({ error: 'User not found' })
    .max(2 ** 31 - 1),
});

export function registerLinkRoutes(app: FastifyInstance, db: Db, config: AppConfig, bus: ChangeBus): void {
  const changed = (user: { id: number; username: string }) =>
    bus.publish({ topic: 'profile', userId: user.id, usernames: [user.username] });

  // GET /api/users/{userId}/links: the owner sees every link, anyone else the active ones.
  app.get('/api/users/:userId/links', async (request) => {
    const { userId } = parseInput(userParams, request.params);
    return { data: await listLinks(db, userId, request.user) };
  });

  // POST /api/links
  app.post('/api/links', async (request, reply) => {
    const owner = requireUser(request);
    const input = parseInput(createLinkSchema, request.body);
    const link = await createLink(db, config, owner, input);
    changed(owner);
    return reply.status(201).send({ data: link });
  });

  // PUT /api/links/order {ids}
  app.put('/api/links/order', async (request) => {
    const owner = requireUser(request);
    const { ids } = parseInput(reorderLinksSchema, request.body);
    const links = await reorderLinks(db, owner, ids);
    changed(owner);
    return { data: links };
  });

  // PATCH /api/links/{id}
  app.patch('/api/links/:id', async (request) => {
    const owner = requireUser(request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(updateLinkSchema, request.body);
    const link = await changeLink(db, owner, id, input);
    changed(owner);
    return { data: link };
  });

  // DELETE /api/links/{id}
  app.delete('/api/links/:id', async (request) => {
    const owner = requireUser(request);
    const { id } = parseInput(idParams, request.params);
    await removeLink(db, owner, id);
    changed(owner);
    return { data: { deleted: true } };
  });
}
