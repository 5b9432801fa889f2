import { SITE_NAME } from '#shared/constants.ts';
import { PAGE_FILE_SCHEMA_PATH } from '#shared/page-transfer.ts';
import type { ExportPart, PageReaders } from '../services.ts';
import { buildPageFile, pageFileText } from './page-file.ts';

/** The page file in the account's zip, read through the page's readers (services.pageReaders). */
export const pageTransferExport = (readers: PageReaders): ExportPart => ({
  described: [
    [
      'page.json',
      `your page as one page file: Account → Move your page imports it\ninto any ${SITE_NAME} site (its format: ${PAGE_FILE_SCHEMA_PATH})`,
    ],
  ],
  filesOf: async (db, user, { now, pageSchemaUrl }) => ({
    'page.json': { pieces: pageFileText(await buildPageFile(db, readers, user, pageSchemaUrl, now)) },
  }),
});
