import { z } from 'zod';
import {
  adminListQuerySchema,
  adminLogsPageSchema,
  adminLogsQuerySchema,
  adminMessages,
  adminStatsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  changePlanSchema,
  changeRoleSchema,
  changeUsernameSchema,
  reserveUsernameSchema,
  reservedUsernameSchema,
  reservedUsernamesPageSchema,
  usernameHistoryEntrySchema,
  deleteUserSchema,
} from '#shared/admin.ts';
import { dataOf, deletedSchema, errorResponses, idParam } from '#shared/api.ts';
import { ADMIN_RESET_LINK_HOURS, resetLinkSchema } from '#shared/password-reset.ts';
import type { App } from '../http/app-types.ts';
import { requireAdmin } from '../http/who-is-asking.ts';
import type { AdminService } from './admin.service.ts';
import type { Services } from '../services.ts';
import { siteOrigin } from '../http/site-origin.ts';

const tags = ['Admin'];
const userParams = z.object({ id: idParam(adminMessages.userNotFound) });
const reservedParams = z.object({ id: idParam(adminMessages.reservedNotFound) });
const adminUserAnswer = { 200: dataOf(adminUserSchema), ...errorResponses(400, 401, 403, 404, 409) };

/**
 * The calls of spec 001 §7, plus the plan; every one is admin-only (site settings live in their own feature):
 * the users, the reserved usernames and the log of changes.
 */
export function registerAdminRoutes(
  app: App,
  service: AdminService,
  publicUrl: string | undefined,
  notify?: Services['notifySignInChange'],
): void {
  registerUserRoutes(app, service);
  registerAccountRescueRoutes(app, service, publicUrl, notify);
  registerReservedUsernameRoutes(app, service);
  registerLogRoutes(app, service);
}

/** The stats cards and the users: the list, and changes to one (username, role, active, plan), with its username history. */
function registerUserRoutes(app: App, service: AdminService): void {
  // GET /api/admin/stats
  app.get(
    '/stats',
    {
      schema: { tags, summary: 'Counts for the stats cards', response: { 200: adminStatsSchema, ...errorResponses(401, 403) } },
    },
    async (request) => {
      requireAdmin(request);
      return service.stats();
    },
  );

  // GET /api/admin/users?page&limit&search → { users, total }
  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Users, newest first, searched by username or display name',
        querystring: adminListQuerySchema,
        response: { 200: adminUsersPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { page, limit, search } = request.query;
      return service.users(search, page, limit);
    },
  );

  // PATCH /api/admin/users/{id}/username {newUsername, reason}
  app.patch(
    '/users/:id/username',
    {
      schema: { tags, summary: "Change a user's username", params: userParams, body: changeUsernameSchema, response: adminUserAnswer },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await service.changeUsername(admin, request.params.id, request.body.newUsername, request.body.reason) };
    },
  );

  // PATCH /api/admin/users/{id}/role {role}
  app.patch(
    '/users/:id/role',
    {
      schema: { tags, summary: "Change a user's role", params: userParams, body: changeRoleSchema, response: adminUserAnswer },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await service.changeRole(admin, request.params.id, request.body.role, request.body.reason) };
    },
  );

  // PATCH /api/admin/users/{id}/deactivate and /reactivate
  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.patch(
      `/users/:id/${action}`,
      {
        schema: {
          tags,
          summary: active ? 'Reactivate a user' : 'Deactivate a user (ends their sessions)',
          params: userParams,
          response: adminUserAnswer,
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return { data: await service.setActive(admin, request.params.id, active) };
      },
    );
  }

  // PATCH /api/admin/users/{id}/plan {plan?, verified?}
  app.patch(
    '/users/:id/plan',
    {
      schema: {
        tags,
        summary: "Set a user's plan and/or verified badge",
        params: userParams,
        body: changePlanSchema,
        response: adminUserAnswer,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await service.setPlan(admin, request.params.id, request.body) };
    },
  );

  // GET /api/admin/users/{id}/username-history → [entries]
  app.get(
    '/users/:id/username-history',
    {
      schema: {
        tags,
        summary: "A user's username changes, newest first",
        params: userParams,
        response: { 200: z.array(usernameHistoryEntrySchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return service.usernameHistory(request.params.id);
    },
  );
}

/** What an admin does to an account as a whole: delete it, give a one-time reset link, remove its second factors. */
function registerAccountRescueRoutes(
  app: App,
  service: AdminService,
  publicUrl: string | undefined,
  notify?: Services['notifySignInChange'],
): void {
  // DELETE /api/admin/users/{id} {username}: removed at once, for good; logged.
  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user at once, for good (the username typed out confirms); the name is held for 30 days; logged',
        params: userParams,
        body: deleteUserSchema,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteUser(requireAdmin(request), request.params.id, request.body.username);
      return { data: { deleted: true as const } };
    },
  );

  // POST /api/admin/users/{id}/password-reset-link: a one-time link, shown once (README "Administration").
  app.post(
    '/users/:id/password-reset-link',
    {
      schema: {
        tags,
        summary: `Make a one-time link that sets a new password (valid ${ADMIN_RESET_LINK_HOURS} hours; logged without the link)`,
        params: userParams,
        response: { 200: dataOf(resetLinkSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      reply.header('Cache-Control', 'no-store');
      const origin = siteOrigin(publicUrl, request);
      return { data: await service.passwordResetLink(admin, request.params.id, origin) };
    },
  );

  // DELETE /api/admin/users/{id}/second-factors: for a user who lost their phone (logged).
  app.delete(
    '/users/:id/second-factors',
    {
      schema: {
        tags,
        summary:
          "Remove a user's authenticator app and recovery codes (logged): the password alone signs them in until they set one up again",
        params: userParams,
        response: { 200: deletedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await service.removeSecondFactors(requireAdmin(request), request.params.id);
      await notify?.(user, 'factors_removed');
      return { data: { deleted: true as const } };
    },
  );
}

/** Usernames an admin keeps from everyone. */
function registerReservedUsernameRoutes(app: App, service: AdminService): void {
  // GET /api/admin/reserved-usernames?page&limit&search → { reservedUsernames, pagination: { total } }
  app.get(
    '/reserved-usernames',
    {
      schema: {
        tags,
        summary: 'Reserved usernames, newest first',
        querystring: adminListQuerySchema,
        response: { 200: reservedUsernamesPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { page, limit, search } = request.query;
      const { rows, total } = await service.reserved(search, page, limit);
      return { reservedUsernames: rows, pagination: { total, page, limit } };
    },
  );

  // POST /api/admin/reserved-usernames {username, reason}
  app.post(
    '/reserved-usernames',
    {
      schema: {
        tags,
        summary: 'Reserve a username',
        body: reserveUsernameSchema,
        response: { 201: dataOf(reservedUsernameSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      return reply.status(201).send({ data: await service.reserve(admin, request.body.username, request.body.reason) });
    },
  );

  // DELETE /api/admin/reserved-usernames/{id}
  app.delete(
    '/reserved-usernames/:id',
    {
      schema: {
        tags,
        summary: 'Release a reserved username',
        params: reservedParams,
        response: { 200: deletedSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await service.unreserve(admin, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
}

/** The log of admin changes. */
function registerLogRoutes(app: App, service: AdminService): void {
  // GET /api/admin/logs?page&limit&action → { logs, total }
  app.get(
    '/logs',
    {
      schema: {
        tags,
        summary: 'The activity log of admin changes, newest first',
        querystring: adminLogsQuerySchema,
        response: { 200: adminLogsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { page, limit, action } = request.query;
      return service.logs(action, page, limit);
    },
  );
}
