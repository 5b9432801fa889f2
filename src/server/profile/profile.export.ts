import type { ExportPart } from '../services.ts';
import { toCurrentUser, toProfileSettings } from '../users/users.service.ts';

export const profileExport: ExportPart = {
  described: [['profile.json', 'the account and the profile settings']],
  filesOf: async (_db, user, { now }) => ({
    'profile.json': { json: { exportedAt: new Date(now).toISOString(), account: toCurrentUser(user), settings: toProfileSettings(user) } },
  }),
};
