import type { ExportPart } from '../services.ts';
import { archivedItemsOf } from './link-archive.service.ts';
import { listLinksOfUser } from './links.repository.ts';
import { toPageItem } from './links.service.ts';

export const linksExport: ExportPart = {
  described: [
    ['links.json', "every link and block, active or not, in the page's order"],
    ['archived-links.json', 'the deleted links and blocks still in the archive, and until when'],
  ],
  filesOf: async (db, user) => ({
    'links.json': { json: (await listLinksOfUser(db, user.id, false)).map(toPageItem) },
    'archived-links.json': { json: await archivedItemsOf(db, user) },
  }),
};
