import type { SiteSettings } from '#shared/admin.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { ChangeBus } from '../http/change-bus.ts';
import { insertLog } from '../journal/admin-log.repository.ts';
import { readSiteSettings, writeSiteSettings } from './site-settings.repository.ts';

export async function loadSiteSettings(db: Db): Promise<SiteSettings> {
  const row = await readSiteSettings(db);
  return { maintenanceMode: row?.maintenanceMode === 1, maintenanceMessage: row?.maintenanceMessage ?? '' };
}

/**
 * Save the settings and their admin log entry in one transaction, then apply
 * them: to this instance before the answer leaves (the change bus runs local
 * handlers at once), and to every other instance as the message arrives.
 */
export async function updateSiteSettings(db: Db, bus: ChangeBus, admin: UserRow, settings: SiteSettings): Promise<SiteSettings> {
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    await writeSiteSettings(trx, settings.maintenanceMode, settings.maintenanceMessage, at);
    await insertLog(trx, {
      adminId: admin.id,
      adminUsername: admin.username,
      action: 'settings_change',
      targetId: null,
      targetUsername: null,
      details: `Coming soon mode ${settings.maintenanceMode ? 'on' : 'off'}; message: ${settings.maintenanceMessage}`,
      createdAt: at,
    });
  });
  bus.publish({ topic: 'site-settings', settings });
  return settings;
}
