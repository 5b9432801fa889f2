import type { ExportPart } from '../services.ts';
import { listApiTokens } from './api-tokens.ts';

export const apiTokensExport: ExportPart = {
  ofAccount: true,
  described: [['api-tokens.json', "your API tokens' names, scopes and use (never the tokens)"]],
  filesOf: async (db, user) => ({ 'api-tokens.json': { json: await listApiTokens(db, user) } }),
};
