import { AppError } from '../http/errors.ts';
import { apiTokenMessages, sessionOrToken } from '#shared/api-tokens.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import { changeUsernameSchema, profileSettingsSchema, updateProfileSchema } from '#shared/profile-settings.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { requireAccount, requireUser } from '../http/who-is-asking.ts';
import { changeOwnUsername, updateProfile } from './profile.service.ts';
import { publishPagesChanged, toProfileSettings } from '../users/users.service.ts';

const tags = ['Profile'];
const answer = dataOf(profileSettingsSchema);

/** What happens when the owner saves a new email address (account/: the confirmation link, and a word to the old address). */
export type EmailChanged = (before: UserRow, after: UserRow) => Promise<void>;

export function registerProfileRoutes(app: App, db: Db, bus: ChangeBus, emailChanged: EmailChanged): void {
  // GET /api/me/profile
  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'The Profile tab’s settings, with the username cooldown',
        security: sessionOrToken('profile:read'),
        response: { 200: answer, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: toProfileSettings(requireUser(request), requireAccount(request)) }),
  );

  // PATCH /api/me/profile
  app.patch(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Save any of the profile settings (unknown fields are refused by name)',
        security: sessionOrToken('profile:write'),
        body: updateProfileSchema,
        response: { 200: answer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = requireUser(request);
      const account = requireAccount(request);
      // The account's address is where its password can be reset: only a signed-in person changes it.
      if (request.apiTokenId !== null && request.body.email !== undefined) {
        throw new AppError(403, 'token_not_allowed', apiTokenMessages.emailRefused);
      }
      // The address, the dashboard's theme and the language are the person's (issues 53, 54); the rest is the page's.
      const { email, theme, language, ...onPage } = request.body;
      const personal = Object.fromEntries(Object.entries({ email, theme, language }).filter(([, value]) => value !== undefined));
      let [savedPage, savedAccount] = [page, account];
      if (page.id === account.id) {
        savedPage = savedAccount = await updateProfile(db, page, request.body);
      } else {
        if (Object.keys(personal).length > 0) savedAccount = await updateProfile(db, account, personal);
        if (Object.keys(onPage).length > 0) savedPage = await updateProfile(db, page, onPage);
      }
      bus.publish(profileChange(savedPage));
      // Pages with no language of their own speak their owner's.
      if (language !== undefined && language !== account.language) await publishPagesChanged(db, bus, savedAccount);
      // A new address gets its confirmation link; a confirmed old one is told.
      await emailChanged(account, savedAccount);
      return { data: toProfileSettings(savedPage, savedAccount) };
    },
  );

  // PATCH /api/me/username: once every 90 days; the old name redirects for 30 days.
  app.patch(
    '/username',
    {
      schema: {
        tags,
        summary: 'Change the username (90-day cooldown; the old address redirects for 30 days)',
        body: changeUsernameSchema,
        response: { 200: answer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const user = await changeOwnUsername(db, owner, request.body.username);
      bus.publish(profileChange(user));
      return { data: toProfileSettings(user, owner.id === request.account?.id ? user : requireAccount(request)) };
    },
  );
}
