import { csvCell } from '../http/csv.ts';
import type { ExportPart } from '../services.ts';
import { rollupsBetween } from './analytics.repository.ts';
import { campaignPartsOf } from '#shared/analytics.ts';

/** 'newsletter / email / launch': a campaign as a spreadsheet shows it. */
const campaignNameOf = (value: string) => Object.values(campaignPartsOf(value)).join(' / ');

export const analyticsExport: ExportPart = {
  described: [
    ['analytics/daily.json', "the daily figures, in the profile's time zone"],
    ['analytics/daily.csv', 'the same, for a spreadsheet'],
  ],
  filesOf: async (db, user) => {
    const daily = (await rollupsBetween(db, user.id, '0000-01-01', '9999-12-31'))
      .map((row) => ({ ...row, visits: Number(row.visits), uniques: Number(row.uniques) }))
      // In the table's key order, whichever order the database answered in.
      .sort((a, b) => {
        const keyOf = (row: typeof a) => [row.day, row.kind, row.dimension, row.value].join('\u0000');
        return keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
      });
    const csv = [
      ['date', 'type', 'dimension', 'value', 'visits', 'unique'],
      // A campaign's three values, read as the tab shows them (the JSON keeps the stored value).
      ...daily.map((row) => [
        row.day,
        row.kind,
        row.dimension,
        row.dimension === 'campaign' ? campaignNameOf(row.value) : row.value,
        row.visits,
        row.uniques,
      ]),
    ]
      .map((line) => line.map(csvCell).join(','))
      .join('\r\n');
    return { 'analytics/daily.json': { json: daily }, 'analytics/daily.csv': { text: '\uFEFF' + csv + '\r\n' } };
  },
};
