import type { ExportPart } from '../services.ts';
import { listPurchasesOf } from './purchases.repository.ts';
import { toPurchase } from './purchases.service.ts';

export const purchasesExport: ExportPart = {
  ofAccount: true,
  described: [['purchases.json', 'your receipts: plans and add-ons bought, and refunds']],
  filesOf: async (db, user) => ({ 'purchases.json': { json: (await listPurchasesOf(db, user.id)).map(toPurchase) } }),
};
