import { dataOf, errorResponses } from '#shared/api.ts';
import {
  confirmTotpSchema,
  newRecoveryCodesSchema,
  recoveryCodesSchema,
  secondFactorSchema,
  totpSetupSchema,
  turnOffTotpSchema,
  twoFactorStatusSchema,
} from '#shared/two-factor.ts';
import { currentUserSchema } from '#shared/user.types.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { activeUserById, toCurrentUser } from '../users/users.service.ts';
import type { SignInLimits } from './auth.routes.ts';
import { assertOwnPassword } from '../users/password.ts';
import { startSession } from '../users/sessions.ts';
import { requireUser } from '../http/who-is-asking.ts';
import {
  type TwoFactorDeps,
  beginTotpSetup,
  challengeOf,
  closeChallenge,
  confirmTotp,
  countWrongCode,
  newRecoveryCodes,
  takeRecovery,
  takeTotpCode,
  turnOffTotp,
  twoFactorStatus,
} from './two-factor.ts';

const tags = ['Auth'];

/** POST /api/auth/second-factor: the code after the password, against the browser's challenge. */
export function registerSecondFactorSignIn(app: App, deps: TwoFactorDeps, { loginPerIp, loginPerUsername }: SignInLimits): void {
  app.post(
    '/api/auth/second-factor',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags,
        summary: 'Finish signing in with a code from the authenticator app, or a recovery code',
        description:
          'Needs the challenge cookie POST /api/auth/login set (five minutes). A wrong code counts toward the password’s lockout.',
        body: secondFactorSchema,
        response: { 200: dataOf(currentUserSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const challenge = await challengeOf(deps.db, request);
      const user = await activeUserById(deps.db, challenge.userId);
      if (!user) {
        await closeChallenge(deps.db, reply, challenge.id);
        throw new AppError(401, 'challenge_expired', 'Please sign in again.');
      }
      // The same counters as the password: guessing codes is no faster than guessing passwords.
      await loginPerIp(request, request.ip);
      await loginPerUsername(request, user.username);
      try {
        if ('code' in request.body) await takeTotpCode(deps, user, request.body.code);
        else await takeRecovery(deps.db, user.id, request.body.recoveryCode);
      } catch (error) {
        await countWrongCode(deps.db, challenge.id);
        throw error;
      }
      await closeChallenge(deps.db, reply, challenge.id);
      await startSession(deps.db, request, reply, user.id);
      return { data: toCurrentUser(user) };
    },
  );
}

/** The Account section's two-factor sign-in: registered in the signed-in scope under /api/me. */
export function registerTwoFactorRoutes(app: App, deps: TwoFactorDeps, { loginPerUsername }: SignInLimits): void {
  const { db } = deps;
  app.get(
    '/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether sign-in asks for a second factor',
        response: { 200: dataOf(twoFactorStatusSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await twoFactorStatus(db, requireUser(request).id) };
    },
  );

  app.post(
    '/two-factor/totp',
    {
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its QR code (sign-in asks for it once a code confirms it)',
        response: { 200: dataOf(totpSetupSchema), ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await beginTotpSetup(deps, requireUser(request)) };
    },
  );

  app.post(
    '/two-factor/totp/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the app with a code: sign-in asks for codes from now on; answers ten recovery codes, this once',
        body: confirmTotpSchema,
        response: { 200: dataOf(recoveryCodesSchema), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await loginPerUsername(request, user.username);
      reply.header('Cache-Control', 'no-store');
      const codes = await confirmTotp(deps, user, request.body.code);
      await deps.notify?.(user, 'totp_on');
      return { data: { codes } };
    },
  );

  app.post(
    '/two-factor/off',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off: needs the password and a current code',
        body: turnOffTotpSchema,
        response: { 200: dataOf(twoFactorStatusSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await loginPerUsername(request, user.username);
      await assertOwnPassword(user, request.body.password, 'password');
      await takeTotpCode(deps, user, request.body.code);
      await turnOffTotp(db, user.id);
      await deps.notify?.(user, 'totp_off');
      return { data: await twoFactorStatus(db, user.id) };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Make ten new recovery codes (the old ones stop working); needs the password',
        body: newRecoveryCodesSchema,
        response: { 200: dataOf(recoveryCodesSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await loginPerUsername(request, user.username);
      await assertOwnPassword(user, request.body.password, 'password');
      reply.header('Cache-Control', 'no-store');
      const codes = await newRecoveryCodes(db, user);
      await deps.notify?.(user, 'recovery_codes');
      return { data: { codes } };
    },
  );
}
