import { sessionOrToken } from '#shared/api-tokens.ts';
import { z } from 'zod';
import { commonMessages, dataOf, deletedSchema, errorResponses, idParam, tooManyEmbedsMessage } from '#shared/api.ts';
import { blockMessages, createBlockSchema, pageItemSchema, updateBlockSchema } from '#shared/blocks.ts';
import { createLinkSchema, linkMessages, linkSchema, reorderLinksSchema, updateLinkSchema } from '#shared/links.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { archivedItemSchema, linkArchiveMessages } from '#shared/link-archive.ts';
import {
  type EmbedDeps,
  changeBlock,
  changeLink,
  createBlock,
  createLink,
  listLinks,
  removeLink,
  reorderLinks,
  restoreLink,
} from './links.service.ts';
import { archivedItemsOf, deleteArchivedItem } from './link-archive.service.ts';

const tags = ['Links'];
const linkParams = z.object({ id: idParam(linkMessages.notFound) });
const blockParams = z.object({ id: idParam(blockMessages.notFound) });
const archiveParams = z.object({ id: idParam(linkArchiveMessages.notFound) });
const userParams = z.object({ userId: idParam(commonMessages.userNotFound) });

/** The public list of a user's links. */
export function registerLinkRoutes(app: App, db: Db): void {
  // GET /api/users/{userId}/links: the owner sees every link, anyone else the active ones.
  app.get(
    '/api/users/:userId/links',
    {
      schema: {
        tags,
        summary: "A user's links and blocks in order (each names its type): all of them for the owner, those on the page for anyone else",
        security: sessionOrToken('links:read'),
        params: userParams,
        response: { 200: dataOf(z.array(pageItemSchema)), ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await listLinks(db, request.params.userId, request.user) }),
  );
}

/** The owner's changes to their links: registered in the signed-in scope under /api/links (http/who-is-asking.ts). */
export function registerLinkEditRoutes(app: App, db: Db, config: AppConfig, bus: ChangeBus, embeds: EmbedDeps): void {
  // Each embed added or readdressed asks its provider and decodes a picture: counted like an upload.
  const embedsPerUser = rateLimiter(app, 'embed-user', config.uploadRateLimit.perUser, tooManyEmbedsMessage);

  // POST /api/links
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add a link at the end',
        security: sessionOrToken('links:write'),
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
        summary: 'Save a new order: the ids of every item of the owner, or of every link (the blocks then keep their places)',
        security: sessionOrToken('links:write'),
        body: reorderLinksSchema,
        response: { 200: dataOf(z.array(pageItemSchema)), ...errorResponses(400, 401, 403) },
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
        security: sessionOrToken('links:write'),
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

  // POST /api/links/blocks
  app.post(
    '/blocks',
    {
      schema: {
        tags,
        summary:
          'Add a header, a text, a divider or an embed at the end (blocks count toward no link limit); an embed’s title and picture are asked from its provider',
        security: sessionOrToken('links:write'),
        body: createBlockSchema,
        response: { 201: dataOf(pageItemSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      if (request.body.type === 'embed') await embedsPerUser(request, String(owner.id));
      const block = await createBlock(db, owner, request.body, embeds);
      bus.publish(profileChange(owner));
      return reply.status(201).send({ data: block });
    },
  );

  // PATCH /api/links/blocks/{id}
  app.patch(
    '/blocks/:id',
    {
      schema: {
        tags,
        summary: 'Change a block: a header’s title, a text’s words, an embed’s address, whether it shows, its schedule',
        security: sessionOrToken('links:write'),
        params: blockParams,
        body: updateBlockSchema,
        response: { 200: dataOf(pageItemSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      if (request.body.url !== undefined) await embedsPerUser(request, String(owner.id));
      const block = await changeBlock(db, owner, request.params.id, request.body, embeds);
      bus.publish(profileChange(owner));
      return { data: block };
    },
  );

  // DELETE /api/links/{id}
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a link or a block',
        security: sessionOrToken('links:write'),
        params: linkParams,
        response: { 200: deletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      await removeLink(db, owner, request.params.id);
      bus.publish(profileChange(owner));
      return { data: { deleted: true as const } };
    },
  );
}

/** The archive under /api/links/archive: deleted links and blocks, kept 30 days, restored or deleted for good (issue 51 §2). */
export function registerLinkArchiveRoutes(app: App, db: Db, config: AppConfig, bus: ChangeBus): void {
  // GET /api/links/archive: deleted links and blocks, kept 30 days (issue 51 §2).
  app.get(
    '/archive',
    {
      schema: {
        tags,
        summary: 'Deleted links and blocks, each kept 30 days to be restored, the last deleted first',
        security: sessionOrToken('links:read'),
        response: { 200: dataOf(z.array(archivedItemSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await archivedItemsOf(db, requireUser(request)) }),
  );

  // POST /api/links/archive/{id}/restore: back under its id and at its place, with its clicks.
  app.post(
    '/archive/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restore a deleted link or block, with its clicks, at its place (a link counts against the plan again)',
        security: sessionOrToken('links:write'),
        params: archiveParams,
        response: { 200: dataOf(pageItemSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const item = await restoreLink(db, config, owner, request.params.id);
      bus.publish(profileChange(owner));
      return { data: item };
    },
  );

  // DELETE /api/links/archive/{id}: gone for good before its 30 days.
  app.delete(
    '/archive/:id',
    {
      schema: {
        tags,
        summary: 'Delete an archived link or block for good',
        security: sessionOrToken('links:write'),
        params: archiveParams,
        response: { 200: deletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteArchivedItem(db, requireUser(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );
}
