import type { ExportPart } from '../services.ts';
import { getCustomization, listLooks } from './customization.service.ts';

export const customizationExport: ExportPart = {
  described: [
    ['customization.json', "the page's look, as the Customize tab saves it"],
    ['saved-looks.json', 'the earlier looks History keeps, newest first'],
  ],
  filesOf: async (db, user) => ({
    'customization.json': { json: await getCustomization(db, user.id) },
    'saved-looks.json': { json: await listLooks(db, user.id) },
  }),
};
