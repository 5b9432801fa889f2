import { siteSettingsResponseSchema, siteSettingsSchema } from '#shared/admin.ts';
import { errorResponses } from '#shared/api.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import type { ChangeBus } from '../http/change-bus.ts';
import { requireAdmin } from '../http/who-is-asking.ts';
import { renderComingSoonPage } from './maintenance-gate.ts';
import type { SiteSettingsCache } from './site-settings.cache.ts';
import { updateSiteSettings } from './site-settings.service.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';

const tags = ['Site settings'];

/** The settings and the coming-soon page, for everyone. */
export function registerSiteSettingsRoutes(app: App, siteSettings: SiteSettingsCache): void {
  // GET /api/admin/site-settings: public, the gate and the coming-soon page read it (spec 001 §7).
  app.get(
    '/api/admin/site-settings',
    {
      config: OPEN_WHILE_CLOSED,
      schema: { tags, summary: 'Coming-soon mode and its message (public)', response: { 200: siteSettingsResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return siteSettings.get();
    },
  );

  // GET /coming-soon: the page as visitors see it, with the bypass link for admins.
  app.get('/coming-soon', { config: OPEN_WHILE_CLOSED, schema: { hide: true } }, async (request, reply) => {
    const { maintenanceMessage } = await siteSettings.get();
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderComingSoonPage(maintenanceMessage, request.account?.role === 'admin'));
  });
}

/** Switching coming-soon mode: registered in the admin scope under /api/admin (http/who-is-asking.ts). */
export function registerSiteSettingsAdminRoutes(app: App, db: Db, bus: ChangeBus): void {
  // POST /api/admin/site-settings {maintenanceMode, maintenanceMessage}
  app.post(
    '/site-settings',
    {
      schema: {
        tags,
        summary: 'Switch coming-soon mode (admin)',
        body: siteSettingsSchema,
        response: { 200: siteSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateSiteSettings(db, bus, requireAdmin(request), request.body),
  );
}
