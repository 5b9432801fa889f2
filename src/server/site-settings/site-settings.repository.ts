import type { Db } from '../db/database.ts';

export function readSiteSettings(db: Db) {
  return db.selectFrom('siteSettings').select(['maintenanceMode', 'maintenanceMessage']).where('id', '=', 1).executeTakeFirst();
}

export async function writeSiteSettings(db: Db, maintenanceMode: boolean, maintenanceMessage: string, at: string): Promise<void> {
  await db
    .updateTable('siteSettings')
    .set({ maintenanceMode: maintenanceMode ? 1 : 0, maintenanceMessage, updatedAt: at })
    .where('id', '=', 1)
    .execute();
}
