import { z } from 'zod';
import { accountSessionSchema, changePasswordSchema, sessionIdParam } from '#shared/account.ts';
import { dataOf, errorResponses } from '#shared/api.ts';
import { resetPasswordSchema } from '#shared/password-reset.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { resetPassword } from './password-reset.service.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import type { SignInLimits } from '../auth/auth.routes.ts';
import { clearSessionCookies, requireUser } from '../auth/sessions.ts';
import { deleteOtherSessions } from '../auth/sessions.repository.ts';
import { changePassword, endSessionByHandle, sessionsOf } from './account.service.ts';

const tags = ['Account'];

/** The Account section: registered in the signed-in scope under /api/me (auth/guards.ts). */
export function registerAccountRoutes(app: App, db: Db, { loginPerUsername }: SignInLimits): void {
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
    async (request) => ({ data: { ended: await deleteOtherSessions(db, requireUser(request).id, request.sessionId!) } }),
  );
}

/** Setting a new password from a one-time link: for visitors, so registered at the root, open while the site is closed. */
export function registerPasswordResetRoutes(app: App, db: Db, { passwordResetPerIp }: SignInLimits): void {
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
