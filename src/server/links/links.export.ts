import type { ExportPart } from '../services.ts';
import { listLinksOfUser } from './links.repository.ts';
import { toPageItem } from './links.service.ts';

export const linksExport: ExportPart = {
  described: [['links.json', "every link and block, active or not, in the page's order"]],
  filesOf: async (db, user) => ({ 'links.json': { json: (await listLinksOfUser(db, user.id, false)).map(toPageItem) } }),
};
