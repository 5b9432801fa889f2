import { z } from 'zod';
import {
  accountSessionSchema,
  changePasswordSchema,
  setPasswordSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  exportRequestSchema,
  sessionIdParam,
  siteFeaturesSchema,
  type SiteFeatures,
  weeklySummarySchema,
} from '#shared/account.ts';
import { dataOf, errorResponses, tooManyAttemptsMessage } from '#shared/api.ts';
import { forgotPasswordSchema, passwordResetMessages, resetLinkCheckSchema, resetPasswordSchema } from '#shared/password-reset.ts';
import { currentUserSchema } from '#shared/user.types.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { checkResetLink, resetPassword } from './password-reset.service.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import type { ChangeBus } from '../http/change-bus.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { clearSessionCookies } from '../users/sessions.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { ownedPagesOf, publishPagesChanged, toCurrentUser } from '../users/users.service.ts';
import type { AccountMail } from './account-mail.service.ts';
import { cancelDeletion, requestDeletion } from './account-deletion.service.ts';
import { exportAccount } from './account-export.ts';
import type { ExportPart, Services } from '../services.ts';
import { PAGE_FILE_SCHEMA_PATH } from '#shared/page-transfer.ts';
import type { SsoProvider } from '#shared/single-sign-on.ts';
import {
  changePassword,
  creatorCounter,
  endOtherSessions,
  endSessionByHandle,
  sessionsOf,
  setFirstPassword,
  setWeeklySummary,
} from './account.service.ts';
import { assertOwnPassword } from '../users/password.ts';
import { siteOrigin } from '../http/site-origin.ts';

const tags = ['Account'];

export interface AccountDeps {
  db: Db;
  config: AppConfig;
  limits: Services['signInLimits'];
  accountMail: AccountMail;
  bus: ChangeBus;
  /** Each feature's part of the export. */
  exportParts: readonly ExportPart[];
}

/** Exports per account: each reads every file the account uploaded. */
const EXPORT_LIMIT = { max: 5, timeWindowMs: 60 * 60_000 };

/** The Account section: registered in the signed-in scope under /api/me (http/who-is-asking.ts). */
export function registerAccountRoutes(app: App, deps: AccountDeps): void {
  registerSignInRoutes(app, deps);
  registerMailRoutes(app, deps);
  registerDataRoutes(app, deps);
}

/** The password and the sessions. */
function registerSignInRoutes(app: App, { db, limits }: AccountDeps): void {
  const { loginPerUsername } = limits;

  // POST /api/me/password {currentPassword, newPassword}: every other session ends.
  app.post(
    '/password',
    {
      schema: {
        tags,
        summary: 'Change the password (the current one is asked); every other session is signed out',
        body: changePasswordSchema,
        response: {
          200: dataOf(z.object({ changed: z.literal(true), otherSessionsEnded: z.literal(true) })),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // A guess at the current password counts toward the same lockout as a failed sign-in.
      await loginPerUsername(request, user.username);
      await changePassword(db, user, request.sessionId!, request.body);
      return { data: { changed: true as const, otherSessionsEnded: true as const } };
    },
  );

  // POST /api/me/password/first {newPassword}: for an account made through single sign-on, which has none.
  app.post(
    '/password/first',
    {
      schema: {
        tags,
        summary: 'Set the first password of an account made through single sign-on (it has no current one to ask for)',
        body: setPasswordSchema,
        response: { 200: dataOf(currentUserSchema), ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      return { data: toCurrentUser(await setFirstPassword(db, requireUser(request), request.body.newPassword)) };
    },
  );

  // GET /api/me/sessions
  app.get(
    '/sessions',
    {
      schema: {
        tags,
        summary: "The account's signed-in sessions: device, browser, country, when signed in and last seen, and which is this one",
        response: { 200: dataOf(z.array(accountSessionSchema)), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await sessionsOf(db, requireUser(request).id, request.sessionId!) };
    },
  );

  // DELETE /api/me/sessions/{id}: end one session (this one too: that is signing out).
  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one session',
        params: sessionIdParam,
        response: { 200: dataOf(z.object({ ended: z.literal(true), current: z.boolean() })), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { current } = await endSessionByHandle(db, requireUser(request).id, request.sessionId!, request.params.id);
      if (current) clearSessionCookies(reply);
      return { data: { ended: true as const, current } };
    },
  );

  // DELETE /api/me/sessions: end every session but this one.
  app.delete(
    '/sessions',
    {
      schema: {
        tags,
        summary: 'End every session but this one',
        response: { 200: dataOf(z.object({ ended: z.number().int() })), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: { ended: await endOtherSessions(db, requireUser(request).id, request.sessionId!) } }),
  );
}

/** The address's confirmation, and the weekly summary sent to it. */
function registerMailRoutes(app: App, { db, config, limits, accountMail }: AccountDeps): void {
  // POST /api/me/email/confirmation: send the confirmation link (again).
  app.post(
    '/email/confirmation',
    {
      schema: {
        tags,
        summary: 'Send a link that confirms the account’s email address',
        response: { 200: dataOf(z.object({ sentTo: z.string() })), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await limits.confirmationMailPerAccount(request, String(user.id));
      return { data: { sentTo: await accountMail.resendConfirmation(user) } };
    },
  );

  // PUT /api/me/weekly-summary {weeklySummary, every?}
  app.put(
    '/weekly-summary',
    {
      schema: {
        tags,
        summary:
          'Turn the summary of views and clicks by email on or off; every week, or every month with a chart (Business’s analytics report)',
        body: weeklySummarySchema,
        response: { 200: dataOf(currentUserSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      return { data: toCurrentUser(await setWeeklySummary(db, config.planLimits, requireUser(request), request.body)) };
    },
  );
}

/** Everything the account holds, taken away as a zip, or deleted (after a grace period that signing in can end). */
function registerDataRoutes(app: App, { db, config, limits, bus, exportParts }: AccountDeps): void {
  const { loginPerUsername } = limits;
  const exportsPerUser = rateLimiter(app, 'export-user', EXPORT_LIMIT, tooManyAttemptsMessage);

  // POST /api/me/export {password}: everything, as one zip.
  app.post(
    '/export',
    {
      schema: {
        tags,
        summary: 'Download everything the account holds as one zip (profile, links, look, uploads, analytics as JSON and CSV)',
        description: 'The password is asked even inside a session. Answers application/zip.',
        body: exportRequestSchema,
        response: { 200: z.unknown().meta({ description: 'The zip file' }), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await exportsPerUser(request, String(user.id));
      await loginPerUsername(request, user.username);
      await assertOwnPassword(user, request.body.password, 'password');
      const { zip, fileName } = await exportAccount(db, user, exportParts, {
        pageSchemaUrl: `${siteOrigin(config.publicUrl, request)}${PAGE_FILE_SCHEMA_PATH}`,
        furtherPages: (await ownedPagesOf(db, user)).slice(1),
      });
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(zip);
    },
  );

  // POST /api/me/deletion {password, username}: the page is gone at once; the account after the grace period.
  app.post(
    '/deletion',
    {
      schema: {
        tags,
        summary: 'Delete the account: the page answers 410 at once and every session ends; it is removed for good after the grace period',
        body: deleteAccountSchema,
        response: { 200: dataOf(z.object({ deleteAfter: z.string() })), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await loginPerUsername(request, user.username);
      const deleteAfter = await requestDeletion(db, user, request.body, config.accountDeletionGraceDays);
      // The pages the account owns go offline with it.
      await publishPagesChanged(db, bus, user);
      clearSessionCookies(reply);
      return { data: { deleteAfter } };
    },
  );

  // DELETE /api/me/deletion: keep the account after all (signing in during the grace period offers it).
  app.delete(
    '/deletion',
    {
      schema: {
        tags,
        summary: 'Cancel a requested deletion: the account and its page are back',
        response: { 200: dataOf(currentUserSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await cancelDeletion(db, requireUser(request));
      await publishPagesChanged(db, bus, user);
      return { data: toCurrentUser(user) };
    },
  );
}

/**
 * What this site has set up (mail, the deletion grace period, the plans' limits,
 * payments), as fixed as its configuration; the creator count is counted on demand.
 */
export function siteFeaturesOf(config: AppConfig, singleSignOn: SsoProvider[]): SiteFeatures {
  return {
    mail: config.mail.delivery,
    accountDeletionGraceDays: config.accountDeletionGraceDays,
    communityUrl: config.communityUrl ?? null,
    socialProof: config.socialProof ?? null,
    creators: null,
    planLimits: config.planLimits,
    planSupport: config.planSupport,
    linktreeImport: config.linktreeImport.enabled,
    singleSignOn,
    payments: config.payments ? { currency: config.payments.currency, prices: config.prices } : null,
    customDomains: config.customDomains !== undefined,
    outbound: config.outbound,
  };
}

/** What this site has: public, so that no screen offers what is not there. */
export function registerSiteFeatureRoutes(app: App, db: Db, fixed: SiteFeatures): void {
  const creators = creatorCounter(db);
  app.get(
    '/api/site/features',
    {
      config: OPEN_WHILE_CLOSED,
      schema: { tags: ['Site settings'], summary: 'What this site has set up', response: { 200: dataOf(siteFeaturesSchema) } },
    },
    async () => ({ data: { ...fixed, creators: fixed.socialProof ? null : await creators() } }),
  );
}

/** Forgot password, a new password from a link, confirming an address: for visitors, so registered at the root, open while the site is closed. */
export function registerPasswordResetRoutes(app: App, db: Db, limits: Services['signInLimits'], accountMail: AccountMail): void {
  const { passwordResetPerIp, forgotPasswordPerIp, forgotPasswordPerAccount } = limits;

  // POST /api/auth/forgot-password {identifier}: the same answer whatever the account.
  app.post(
    '/api/auth/forgot-password',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags: ['Auth'],
        summary: 'Mail a reset link to the account’s confirmed address; the answer is the same whether or not such an account exists',
        body: forgotPasswordSchema,
        response: { 200: dataOf(z.object({ message: z.string() })), ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      await forgotPasswordPerIp(request, request.ip);
      await forgotPasswordPerAccount(request, request.body.identifier.toLowerCase());
      // Looked up off the request path: the answer's timing must not tell whether there was an account to mail.
      accountMail.forgotPassword(request.body.identifier);
      return { data: { message: accountMail.delivers ? passwordResetMessages.linkOnItsWay : passwordResetMessages.linkHeld } };
    },
  );

  // POST /api/auth/confirm-email {token}: the link in the confirmation mail.
  app.post(
    '/api/auth/confirm-email',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags: ['Auth'],
        summary: 'Confirm an email address with the link mailed to it',
        body: confirmEmailSchema,
        response: { 200: dataOf(z.object({ confirmed: z.literal(true), email: z.string() })), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await passwordResetPerIp(request, request.ip);
      const user = await accountMail.confirmEmail(request.body.token);
      return { data: { confirmed: true as const, email: user.email! } };
    },
  );

  // POST /api/auth/password-reset/check {token}: whether the link still works, asked as its page opens; nothing changes.
  app.post(
    '/api/auth/password-reset/check',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags: ['Auth'],
        summary: 'Whether a reset link still works (unused and not expired); it is not used up',
        body: resetLinkCheckSchema,
        response: { 200: dataOf(z.object({ valid: z.literal(true) })), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await passwordResetPerIp(request, request.ip);
      await checkResetLink(db, request.body.token);
      return { data: { valid: true as const } };
    },
  );

  // POST /api/auth/password-reset {token, newPassword}: a one-time link's new password; every session ends.
  app.post(
    '/api/auth/password-reset',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags: ['Auth'],
        summary: 'Set a new password with a one-time reset link; every session of the account ends',
        body: resetPasswordSchema,
        response: { 200: dataOf(z.object({ reset: z.literal(true) })), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await passwordResetPerIp(request, request.ip);
      await resetPassword(db, request.body);
      return { data: { reset: true as const } };
    },
  );
}
