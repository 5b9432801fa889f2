import type { ExportPart } from '../services.ts';
import { allSubscribers } from './subscribers.repository.ts';
import { subscribersCsv } from './subscribers.service.ts';

export const subscribersExport: ExportPart = {
  described: [
    ['subscribers.json', 'the addresses your sign-up form gathered, with the consent'],
    ['subscribers.csv', 'the same, for a spreadsheet or a mailing tool'],
  ],
  filesOf: async (db, user) => {
    const subscribers = await allSubscribers(db, user.id);
    return { 'subscribers.json': { json: subscribers }, 'subscribers.csv': { text: subscribersCsv(subscribers) } };
  },
};
