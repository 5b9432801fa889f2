import { csvCell } from '../http/csv.ts';
import type { ExportPart } from '../services.ts';
import { rollupsBetween } from './analytics.repository.ts';

export const analyticsExport: ExportPart = {
  described: [
    ['analytics/daily.json', "the daily figures, in the profile's time zone"],
    ['analytics/daily.csv', 'the same, for a spreadsheet'],
  ],
  filesOf: async (db, user) => {
    const daily = (await rollupsBetween(db, user.id, '0000-01-01', '9999-12-31'))
      .map((row) => ({ ...row, visits: Number(row.visits), uniques: Number(row.uniques) }))
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const csv = [
      ['date', 'type', 'dimension', 'value', 'visits', 'unique'],
      ...daily.map((row) => [row.day, row.kind, row.dimension, row.value, row.visits, row.uniques]),
    ]
      .map((line) => line.map(csvCell).join(','))
      .join('\r\n');
    return { 'analytics/daily.json': { json: daily }, 'analytics/daily.csv': { text: '\uFEFF' + csv + '\r\n' } };
  },
};
