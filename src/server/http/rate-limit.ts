import type { FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config.ts';
import type { App } from './app-types.ts';
import { AppError } from './errors.ts';

/** A limit's check: throws 429 once `key` went over it. */
export type RateLimiter = (request: FastifyRequest, key: string) => Promise<void>;

/**
 * Counts requests per key (shared through Redis when configured); over the
 * limit it answers 429 with `message(seconds)` and a Retry-After. Call it after
 * validation, with a key from the parsed input or the session.
 */
export function rateLimiter(app: App, name: string, rule: RateLimitRule, message: (seconds: number) => string): RateLimiter {
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
      throw new AppError(429, 'rate_limited', message(result.ttlInSeconds), {
        headers: { 'Retry-After': String(result.ttlInSeconds) },
      });
    }
  };
}
