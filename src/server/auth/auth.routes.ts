import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginSchema, registerSchema } from '#shared/auth.schema.ts';
import type { AppConfig, RateLimitRule } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError, parseInput } from '../http/errors.ts';
import { toCurrentUser } from '../users/users.service.ts';
import { authenticate, registerUser } from './auth.service.ts';
import { endSession, requireUser, startSession } from './sessions.ts';

export function registerAuthRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const limits = config.authRateLimit;
  const loginPerIp = limiter(app, 'login-ip', limits.loginPerIp, (request) => request.ip);
  const loginPerUsername = limiter(app, 'login-user', limits.loginPerUsername, (request) =>
    String((request.body as { username?: unknown } | undefined)?.username ?? '')
      .trim()
      .toLowerCase(),
  );
  const registerPerIp = limiter(app, 'register-ip', limits.registerPerIp, (request) => request.ip);

  // POST /api/auth/register
  app.post('/api/auth/register', { preHandler: [registerPerIp] }, async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const user = await registerUser(db, input);
    await startSession(db, request, reply, user.id);
    return reply.status(201).send({ data: toCurrentUser(user) });
  });

  // POST /api/auth/login
  app.post('/api/auth/login', { preHandler: [loginPerIp, loginPerUsername] }, async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const user = await authenticate(db, input);
    await startSession(db, request, reply, user.id);
    return { data: toCurrentUser(user) };
  });

  // POST /api/auth/logout: ends the session on the server, whatever the cookie's state.
  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return { data: { loggedOut: true } };
  });

  // GET /api/auth/me
  app.get('/api/auth/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { data: toCurrentUser(requireUser(request)) };
  });
}

/** A preHandler counting requests per key; over the limit it answers 429 saying when to retry. */
function limiter(app: FastifyInstance, name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.timeWindowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
      throw new AppError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
        'Retry-After': String(result.ttlInSeconds),
      });
    }
  };
}
