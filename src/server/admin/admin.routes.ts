import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminListQuerySchema,
  adminLogsQuerySchema,
  adminMessages,
  changePlanSchema,
  changeRoleSchema,
  changeUsernameSchema,
  reserveUsernameSchema,
  siteSettingsSchema,
} from '#shared/admin.ts';
import type { Db } from '../db/database.ts';
import { requireAdmin } from '../auth/sessions.ts';
import { AppError, parseInput } from '../http/errors.ts';
import type { ChangeBus } from '../site/change-bus.ts';
import type { SiteSettingsCache } from '../site/site-settings-cache.ts';
import { countStats, listLogs, listReserved, listUsernameHistory, listUsers } from './admin.repository.ts';
import { AdminService, toAdminUser, toHistoryEntry, toLogEntry, toReserved } from './admin.service.ts';
import { findUserById } from '../users/users.repository.ts';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

function parseId(params: unknown, notFound: string): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new AppError(404, notFound);
  return parsed.data.id;
}

/** The calls of spec 001 §7, plus the plan; every one but site-settings GET is admin-only. */
export function registerAdminRoutes(app: FastifyInstance, db: Db, bus: ChangeBus, siteSettings: SiteSettingsCache): void {
  const service = new AdminService(db, bus);

  // GET /api/admin/stats
  app.get('/api/admin/stats', async (request) => {
    requireAdmin(request);
    return countStats(db);
  });

  // GET /api/admin/users?page&limit&search → { users, total }
  app.get('/api/admin/users', async (request) => {
    requireAdmin(request);
    const { page, limit, search } = parseInput(adminListQuerySchema, request.query);
    const { rows, total } = await listUsers(db, search, (page - 1) * limit, limit);
    return { users: rows.map(toAdminUser), total };
  });

  // PATCH /api/admin/users/{id}/username {newUsername, reason}
  app.patch('/api/admin/users/:id/username', async (request) => {
    const admin = requireAdmin(request);
    const id = parseId(request.params, adminMessages.userNotFound);
    const { newUsername, reason } = parseInput(changeUsernameSchema, request.body);
    return { data: await service.changeUsername(admin, id, newUsername, reason) };
  });

  // PATCH /api/admin/users/{id}/role {role}
  app.patch('/api/admin/users/:id/role', async (request) => {
    const admin = requireAdmin(request);
    const id = parseId(request.params, adminMessages.userNotFound);
    const { role, reason } = parseInput(changeRoleSchema, request.body);
    return { data: await service.changeRole(admin, id, role, reason) };
  });

  // PATCH /api/admin/users/{id}/deactivate and /reactivate
  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.patch(`/api/admin/users/:id/${action}`, async (request) => {
      const admin = requireAdmin(request);
      const id = parseId(request.params, adminMessages.userNotFound);
      return { data: await service.setActive(admin, id, active) };
    });
  }

  // PATCH /api/admin/users/{id}/plan {plan?, verified?}
  app.patch('/api/admin/users/:id/plan', async (request) => {
    const admin = requireAdmin(request);
    const id = parseId(request.params, adminMessages.userNotFound);
    const change = parseInput(changePlanSchema, request.body);
    return { data: await service.setPlan(admin, id, change) };
  });

  // GET /api/admin/users/{id}/username-history → [entries]
  app.get('/api/admin/users/:id/username-history', async (request) => {
    requireAdmin(request);
    const id = parseId(request.params, adminMessages.userNotFound);
    if (!(await findUserById(db, id))) throw new AppError(404, adminMessages.userNotFound);
    return (await listUsernameHistory(db, id)).map(toHistoryEntry);
  });

  // GET /api/admin/reserved-usernames?page&limit&search → { reservedUsernames, pagination: { total } }
  app.get('/api/admin/reserved-usernames', async (request) => {
    requireAdmin(request);
    const { page, limit, search } = parseInput(adminListQuerySchema, request.query);
    const { rows, total } = await listReserved(db, search, (page - 1) * limit, limit);
    return { reservedUsernames: rows.map(toReserved), pagination: { total, page, limit } };
  });

  // POST /api/admin/reserved-usernames {username, reason}
  app.post('/api/admin/reserved-usernames', async (request, reply) => {
    const admin = requireAdmin(request);
    const { username, reason } = parseInput(reserveUsernameSchema, request.body);
    return reply.status(201).send({ data: await service.reserve(admin, username, reason) });
  });

  // DELETE /api/admin/reserved-usernames/{id}
  app.delete('/api/admin/reserved-usernames/:id', async (request) => {
    const admin = requireAdmin(request);
    const id = parseId(request.params, adminMessages.reservedNotFound);
    await service.unreserve(admin, id);
    return { data: { deleted: true } };
  });

  // GET /api/admin/logs?page&limit&action → { logs, total }
  app.get('/api/admin/logs', async (request) => {
    requireAdmin(request);
    const { page, limit, action } = parseInput(adminLogsQuerySchema, request.query);
    const { rows, total } = await listLogs(db, action, (page - 1) * limit, limit);
    return { logs: rows.map(toLogEntry), total };
  });

  // GET /api/admin/site-settings: public, the gate and the coming-soon page read it.
  app.get('/api/admin/site-settings', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return siteSettings.get();
  });

  // POST /api/admin/site-settings {maintenanceMode, maintenanceMessage}
  app.post('/api/admin/site-settings', async (request) => {
    const admin = requireAdmin(request);
    const settings = parseInput(siteSettingsSchema, request.body);
    return service.updateSiteSettings(admin, settings);
  });
}
