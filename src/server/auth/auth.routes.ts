import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dataOf, errorResponses, tooManyAttemptsMessage } from '#shared/api.ts';
import { loginSchema, registerSchema } from '#shared/auth.schema.ts';
import { currentUserSchema } from '#shared/user.types.ts';
import type { AppConfig, RateLimitRule } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { toCurrentUser } from '../users/users.service.ts';
import { authenticate, registerUser } from './auth.service.ts';
import { endSession, requireUser, startSession } from './sessions.ts';

const tags = ['Auth'];

export function registerAuthRoutes(app: App, db: Db, config: AppConfig): void {
  const limits = config.authRateLimit;
  const loginPerIp = limiter(app, 'login-ip', limits.loginPerIp);
  const loginPerUsername = limiter(app, 'login-user', limits.loginPerUsername);
  const registerPerIp = limiter(app, 'register-ip', limits.registerPerIp);

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
      schema: {
        tags,
        summary: 'Sign in',
        body: loginSchema,
        response: { 200: dataOf(currentUserSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // Counted after validation, before the password is hashed: the key is the parsed username.
      await loginPerIp(request, request.ip);
      await loginPerUsername(request, request.body.username);
      const user = await authenticate(db, request.body);
      await startSession(db, request, reply, user.id);
      return { data: toCurrentUser(user) };
    },
  );

  // POST /api/auth/logout: ends the session on the server, whatever the cookie's state.
  app.post(
    '/api/auth/logout',
    {
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
    { schema: { tags, summary: 'The signed-in user', response: { 200: dataOf(currentUserSchema), ...errorResponses(401) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: toCurrentUser(requireUser(request)) };
    },
  );
}

/** Counts requests per key (shared through Redis when configured); over the limit it answers 429 saying when to retry. */
function limiter(app: App, name: string, rule: RateLimitRule) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.timeWindowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? request.ip}`,
  });
  return async (request: FastifyRequest, key: string) => {
    keys.set(request, key);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(429, 'rate_limited', tooManyAttemptsMessage(result.ttlInSeconds), {
        headers: { 'Retry-After': String(result.ttlInSeconds) },
      });
    }
  };
}
