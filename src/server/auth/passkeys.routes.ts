import { z } from 'zod';
import { dataOf, deletedSchema, errorResponses, idParam } from '#shared/api.ts';
import { addPasskeySchema, ceremonyOptionsSchema, passkeyMessages, passkeySchema, passkeySignInSchema } from '#shared/passkeys.ts';
import { currentUserSchema } from '#shared/user.types.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { activeUserById, toCurrentUser } from '../users/users.service.ts';
import type { SignInLimits } from './auth.routes.ts';
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  verifyPasskeySignIn,
} from './passkeys.ts';
import { startSession } from '../users/sessions.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { SingleSignOn } from './single-sign-on.ts';
import { type SignInChangeNotice, challengeOf, closeChallenge } from './two-factor.ts';

const tags = ['Auth'];
const idParams = z.object({ id: idParam(passkeyMessages.notFound) });

/** Signing in with a passkey, alone or as the second factor: for visitors, open while the site is closed. */
export function registerPasskeySignIn(
  app: App,
  db: Db,
  publicUrl: string | undefined,
  { loginPerIp, passkeyOptionsPerIp }: SignInLimits,
): void {
  app.post(
    '/api/auth/passkey/options',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags,
        summary: 'Options to sign in with a passkey: any of this site’s, or, after a password, one of that account’s (the second factor)',
        response: { 200: dataOf(ceremonyOptionsSchema), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await passkeyOptionsPerIp(request, request.ip);
      // After a right password, the browser holds a challenge: the passkey then stands in for the code.
      const challenge = request.cookies.lv_challenge ? await challengeOf(db, request).catch(() => undefined) : undefined;
      const options = await authenticationOptions(db, relyingPartyOf(publicUrl, request), request, reply, challenge?.userId ?? null);
      return { data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/api/auth/passkey',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags,
        summary: 'Sign in with a passkey’s answer to the options',
        body: passkeySignInSchema,
        response: { 200: dataOf(currentUserSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await loginPerIp(request, request.ip);
      const { userId, secondFactorOf } = await verifyPasskeySignIn(
        db,
        relyingPartyOf(publicUrl, request),
        request,
        reply,
        request.body.response,
      );
      if (secondFactorOf !== null) {
        // The second step of a password sign-in: its challenge must still be live, for this account.
        const challenge = await challengeOf(db, request);
        if (challenge.userId !== userId) throw new AppError(401, 'invalid_credentials', passkeyMessages.notYours);
        await closeChallenge(db, reply, challenge.id);
      }
      const user = await activeUserById(db, userId);
      if (!user) throw new AppError(403, 'account_deactivated', 'This account cannot sign in.');
      await startSession(db, request, reply, user.id);
      return { data: toCurrentUser(user) };
    },
  );
}

/** The Account section's passkeys: registered in the signed-in scope under /api/me. */
export function registerPasskeyRoutes(
  app: App,
  db: Db,
  publicUrl: string | undefined,
  notify: SignInChangeNotice | undefined,
  sso: Pick<SingleSignOn, 'assertAnotherWay'>,
): void {
  app.get(
    '/passkeys',
    { schema: { tags, summary: 'The account’s passkeys', response: { 200: dataOf(z.array(passkeySchema)), ...errorResponses(401) } } },
    async (request) => ({ data: await listPasskeys(db, requireUser(request).id) }),
  );

  app.post(
    '/passkeys/options',
    {
      schema: {
        tags,
        summary: 'Options to make a passkey for this account (discoverable: it signs in alone)',
        response: { 200: dataOf(ceremonyOptionsSchema), ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const options = await registrationOptions(db, relyingPartyOf(publicUrl, request), request, reply, requireUser(request));
      return { data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/passkeys',
    {
      schema: {
        tags,
        summary: 'Add the passkey the browser made from the options, with its name',
        body: addPasskeySchema,
        response: { 201: dataOf(z.array(passkeySchema)), ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const passkeys = await addPasskey(
        db,
        relyingPartyOf(publicUrl, request),
        request,
        reply,
        user,
        request.body.name,
        request.body.response,
      );
      await notify?.(user, 'passkey_added');
      return reply.status(201).send({ data: passkeys });
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Remove a passkey: it no longer signs in',
        params: idParams,
        response: { 200: deletedSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // An account made through single sign-on may have no password: its last way in stays.
      await sso.assertAnotherWay(user, { passkeyId: request.params.id });
      await removePasskey(db, user, request.params.id);
      await notify?.(user, 'passkey_removed');
      return { data: { deleted: true as const } };
    },
  );
}
