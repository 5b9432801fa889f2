import { z } from 'zod';
import { commonMessages, dataOf, deletedSchema, errorResponses, idParam } from '#shared/api.ts';
import { createLinkSchema, linkMessages, linkSchema, reorderLinksSchema, updateLinkSchema } from '#shared/links.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { requireUser } from '../auth/sessions.ts';
import { changeLink, createLink, listLinks, removeLink, reorderLinks } from './links.service.ts';

const tags = ['Links'];
const linkParams = z.object({ id: idParam(linkMessages.notFound) });
const userParams = z.object({ userId: idParam(commonMessages.userNotFound) });

/** The public list of a user's links. */
export function registerLinkRoutes(app: App, db: Db): void {
  // GET /api/users/{userId}/links: the owner sees every link, anyone else the active ones.
  app.get(
    '/api/users/:userId/links',
    {
      schema: {
        tags,
        summary: "A user's links in order: all of them for the owner, the active ones for anyone else",
        params: userParams,
        response: { 200: dataOf(z.array(linkSchema)), ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await listLinks(db, request.params.userId, request.user) }),
  );
}

/** The owner's changes to their links: registered in the signed-in scope under /api/links (auth/guards.ts). */
export function registerLinkEditRoutes(app: App, db: Db, config: AppConfig, bus: ChangeBus): void {
  // POST /api/links
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add a link at the end',
        body: createLinkSchema,
        response: { 201: dataOf(linkSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const link = await createLink(db, config, owner, request.body);
      bus.publish(profileChange(owner));
      return reply.status(201).send({ data: link });
    },
  );

  // PUT /api/links/order {ids}
  app.put(
    '/order',
    {
      schema: {
        tags,
        summary: 'Save a new order: the ids of every link of the owner',
        body: reorderLinksSchema,
        response: { 200: dataOf(z.array(linkSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const links = await reorderLinks(db, owner, request.body.ids);
      bus.publish(profileChange(owner));
      return { data: links };
    },
  );

  // PATCH /api/links/{id}
  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change any of a link’s fields',
        params: linkParams,
        body: updateLinkSchema,
        response: { 200: dataOf(linkSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const link = await changeLink(db, owner, request.params.id, request.body);
      bus.publish(profileChange(owner));
      return { data: link };
    },
  );

  // DELETE /api/links/{id}
  app.delete(
    '/:id',
    {
      schema: { tags, summary: 'Delete a link', params: linkParams, response: { 200: deletedSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      const owner = requireUser(request);
      await removeLink(db, owner, request.params.id);
      bus.publish(profileChange(owner));
      return { data: { deleted: true as const } };
    },
  );
}
