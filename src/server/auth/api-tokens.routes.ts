import { z } from 'zod';
import { apiTokenMessages, apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from '#shared/api-tokens.ts';
import { dataOf, deletedSchema, errorResponses, idParam } from '#shared/api.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';
import { requireUser } from '../http/who-is-asking.ts';

const tags = ['API tokens'];
const tokenParams = z.object({ id: idParam(apiTokenMessages.notFound) });

/** The owner's API tokens (issue 32): registered in the signed-in scope under /api/me. Only a session manages them, never a token. */
export function registerApiTokenRoutes(app: App, db: Db): void {
  // GET /api/me/tokens
  app.get(
    '/tokens',
    {
      schema: {
        tags,
        summary: 'Your API tokens, newest first (never the tokens themselves)',
        response: { 200: dataOf(z.array(apiTokenSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listApiTokens(db, requireUser(request)) }),
  );

  // POST /api/me/tokens
  app.post(
    '/tokens',
    {
      schema: {
        tags,
        summary: 'Create a token with a name, scopes and an optional expiry: the answer shows it this once',
        body: createApiTokenSchema,
        response: { 201: dataOf(createdApiTokenSchema), ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createApiToken(db, requireUser(request), request.body) }),
  );

  // DELETE /api/me/tokens/{id}
  app.delete(
    '/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a token: every request made with it is refused from now on',
        params: tokenParams,
        response: { 200: deletedSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await revokeApiToken(db, requireUser(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );
}
