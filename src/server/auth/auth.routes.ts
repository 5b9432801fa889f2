import { z } from 'zod';
import { dataOf, errorResponses, tooManyAttemptsMessage } from '#shared/api.ts';
import { loginSchema, registerSchema } from '#shared/auth.schema.ts';
import { currentUserSchema } from '#shared/user.types.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { currentUserOf, toCurrentUser } from '../users/users.service.ts';
import { authenticate, registerUser } from './auth.service.ts';
import { hasSecondFactor, openChallenge, secondFactorMethods } from './two-factor.ts';
import { loginAnswerSchema } from '#shared/two-factor.ts';
import { endSession, startSession } from '../users/sessions.ts';
import { requireAccount, requireUser } from '../http/who-is-asking.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';

const tags = ['Auth'];

/** The counters of every way in, made once: a wrong current password (Account) counts toward the same lockout as a failed sign-in. */
export function createSignInLimits(app: App, config: AppConfig) {
  const limits = config.authRateLimit;
  return {
    loginPerIp: rateLimiter(app, 'login-ip', limits.loginPerIp, tooManyAttemptsMessage),
    loginPerUsername: rateLimiter(app, 'login-user', limits.loginPerUsername, tooManyAttemptsMessage),
    registerPerIp: rateLimiter(app, 'register-ip', limits.registerPerIp, tooManyAttemptsMessage),
    // A sign-in page asks for passkey options as it opens (the username field offers passkeys): many more than sign-ins.
    passkeyOptionsPerIp: rateLimiter(
      app,
      'passkey-options-ip',
      { max: limits.loginPerIp.max * 10, timeWindowMs: limits.loginPerIp.timeWindowMs },
      tooManyAttemptsMessage,
    ),
    // Reset links are guessed at no faster than passwords.
    passwordResetPerIp: rateLimiter(app, 'password-reset-ip', limits.loginPerIp, tooManyAttemptsMessage),
    forgotPasswordPerIp: rateLimiter(app, 'forgot-password-ip', limits.forgotPasswordPerIp ?? limits.loginPerIp, tooManyAttemptsMessage),
    // Keyed by what was typed, whether or not it names an account: the limit tells nothing either.
    forgotPasswordPerAccount: rateLimiter(
      app,
      'forgot-password-account',
      limits.forgotPasswordPerAccount ?? limits.loginPerUsername,
      tooManyAttemptsMessage,
    ),
    // Mail to one's own address, sent again: a counter of its own, so it neither spends nor is spent by password resets.
    confirmationMailPerAccount: rateLimiter(
      app,
      'confirmation-mail-account',
      limits.confirmationMailPerAccount ?? limits.loginPerUsername,
      tooManyAttemptsMessage,
    ),
  };
}
export type SignInLimits = ReturnType<typeof createSignInLimits>;

export function registerAuthRoutes(app: App, db: Db, { loginPerIp, loginPerUsername, registerPerIp }: SignInLimits): void {
  // POST /api/auth/register
  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerSchema,
        response: { 201: dataOf(currentUserSchema), ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await registerPerIp(request, request.ip);
      const user = await registerUser(db, request.body);
      await startSession(db, request, reply, user.id);
      return reply.status(201).send({ data: toCurrentUser(user) });
    },
  );

  // POST /api/auth/login
  app.post(
    '/api/auth/login',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'For an account with a second factor, no session yet: `{ secondFactor }`, and a challenge cookie for POST /api/auth/second-factor.',
        body: loginSchema,
        response: { 200: dataOf(loginAnswerSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // Counted after validation, before the password is hashed: the key is the parsed username.
      await loginPerIp(request, request.ip);
      await loginPerUsername(request, request.body.username);
      const user = await authenticate(db, request.body);
      if (await hasSecondFactor(db, user.id)) {
        // Half signed in: a challenge bound to this browser, not a session, until the code is given.
        await openChallenge(db, request, reply, user.id);
        return { data: { secondFactor: { methods: await secondFactorMethods(db, user.id) } } };
      }
      await startSession(db, request, reply, user.id);
      return { data: toCurrentUser(user) };
    },
  );

  // POST /api/auth/logout: ends the session on the server, whatever the cookie's state.
  app.post(
    '/api/auth/logout',
    {
      config: OPEN_WHILE_CLOSED,
      schema: { tags, summary: 'Sign out', response: { 200: dataOf(z.object({ loggedOut: z.literal(true) })), ...errorResponses(403) } },
    },
    async (request, reply) => {
      await endSession(db, request, reply);
      return { data: { loggedOut: true as const } };
    },
  );

  // GET /api/auth/me
  app.get(
    '/api/auth/me',
    {
      config: OPEN_WHILE_CLOSED,
      schema: { tags, summary: 'The signed-in user', response: { 200: dataOf(currentUserSchema), ...errorResponses(401) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await currentUserOf(db, requireUser(request), requireAccount(request), request.pageRole ?? 'owner') };
    },
  );
}
