import { SITE_NAME } from '#shared/constants.ts';
import { PAGE_FILE_SCHEMA_PATH } from '#shared/page-transfer.ts';
import type { ExportPart } from '../services.ts';
import { buildPageFile, pageFileText } from './page-file.ts';

export const pageTransferExport: ExportPart = {
  described: [
    [
      'page.json',
      `your page as one page file: Account → Move your page imports it\ninto any ${SITE_NAME} site (its format: ${PAGE_FILE_SCHEMA_PATH})`,
    ],
  ],
  filesOf: async (db, user, { now, pageSchemaUrl }) => ({
    'page.json': { pieces: pageFileText(await buildPageFile(db, user, pageSchemaUrl, now)) },
  }),
};
