import type { SiteSettings } from '#shared/admin.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/admin/site-settings, for an admin: whether coming-soon mode closes the site. */
export function readSiteSettings(): Promise<SiteSettings> {
  return api<SiteSettings>('/api/admin/site-settings');
}
