import { parseSeoDocument } from '#shared/seo.ts';
import type { ExportPart } from '../services.ts';
import { findSeoDocument } from './seo.repository.ts';

export const seoExport: ExportPart = {
  described: [['seo.json', "the page's SEO settings, as the SEO tab saves them"]],
  filesOf: async (db, user) => ({ 'seo.json': { json: parseSeoDocument(await findSeoDocument(db, user.id)) } }),
};
