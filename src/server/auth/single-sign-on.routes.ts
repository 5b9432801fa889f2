import { z } from 'zod';
import { dataOf, deletedSchema, errorResponses, idParam } from '#shared/api.ts';
import {
  ssoCallbackAnswerSchema,
  ssoCallbackSchema,
  ssoCompleteSchema,
  ssoLinkSchema,
  ssoMessages,
  ssoProviderParam,
  ssoStartAnswerSchema,
  ssoStartSchema,
} from '#shared/single-sign-on.ts';
import { currentUserSchema } from '#shared/user.types.ts';
import type { App } from '../http/app-types.ts';
import { OPEN_WHILE_CLOSED } from '../http/open-while-closed.ts';
import { toCurrentUser } from '../users/users.service.ts';
import type { SignInLimits } from './auth.routes.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { SingleSignOn } from './single-sign-on.ts';

const tags = ['Auth'];
const providerParams = z.object({ provider: ssoProviderParam });
const linkParams = z.object({ id: idParam(ssoMessages.notFound) });

/** Signing in through a provider: open while the site is closed (an admin may sign in this way). */
export function registerSingleSignOnSignIn(
  app: App,
  sso: SingleSignOn,
  { loginPerIp, passkeyOptionsPerIp, registerPerIp }: SignInLimits,
): void {
  app.post(
    '/api/auth/sso/:provider/start',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags,
        summary: 'Where to send the browser to sign in with a provider (its authorization address, with PKCE, state and nonce)',
        params: providerParams,
        body: ssoStartSchema,
        response: { 200: dataOf(ssoStartAnswerSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      // Starting asks nothing of an account: counted as generously as the login page's passkey options.
      await passkeyOptionsPerIp(request, request.ip);
      return { data: { url: await sso.start(request, reply, request.params.provider, { next: request.body.next }) } };
    },
  );

  app.post(
    '/api/auth/sso/:provider/callback',
    {
      config: OPEN_WHILE_CLOSED,
      schema: {
        tags,
        summary: 'The provider’s answer, handed over by the page it came back to',
        description:
          'Signed in; a second factor asked (as after a password); a choice for a person with no account here (a username, or the account to link); or linked, when Account started it.',
        params: providerParams,
        body: ssoCallbackSchema,
        response: { 200: dataOf(ssoCallbackAnswerSchema), ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await loginPerIp(request, request.ip);
      return { data: await sso.finish(request, reply, request.params.provider, request.body.query) };
    },
  );

  // Makes an account: closed with registration while the site is.
  app.post(
    '/api/auth/sso/complete',
    {
      schema: {
        tags,
        summary: 'Make an account for the person the provider signed in, with the username they chose, and sign in',
        body: ssoCompleteSchema,
        response: { 201: dataOf(currentUserSchema), ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await registerPerIp(request, request.ip);
      const user = await sso.createAccountForWaiting(request, reply, request.body.username);
      return reply.status(201).send({ data: toCurrentUser(user) });
    },
  );
}

/** Account → Single sign-on: registered in the signed-in scope under /api/me. */
export function registerSingleSignOnRoutes(app: App, sso: SingleSignOn, { passkeyOptionsPerIp }: SignInLimits): void {
  app.get(
    '/sso',
    {
      schema: {
        tags,
        summary: 'The providers linked to the account',
        response: { 200: dataOf(z.array(ssoLinkSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await sso.links(requireUser(request).id) }),
  );

  app.post(
    '/sso/:provider/start',
    {
      schema: {
        tags,
        summary: 'Link a provider: where to send the browser (it comes back to link the person it signs in)',
        params: providerParams,
        response: { 200: dataOf(ssoStartAnswerSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      await passkeyOptionsPerIp(request, request.ip);
      const user = requireUser(request);
      const url = await sso.start(request, reply, request.params.provider, { next: '/dashboard?tab=account', linkUser: user });
      return { data: { url } };
    },
  );

  app.post(
    '/sso/link-waiting',
    {
      schema: {
        tags,
        summary: 'Link the person a provider signed in, waiting in this browser, to the account just signed in to',
        response: { 200: dataOf(z.array(ssoLinkSchema)), ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => ({ data: await sso.linkWaiting(request, reply, requireUser(request)) }),
  );

  app.delete(
    '/sso/:id',
    {
      schema: {
        tags,
        summary: 'Unlink a provider, while another way to sign in remains',
        params: linkParams,
        response: { 200: deletedSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      await sso.unlink(requireUser(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );
}
