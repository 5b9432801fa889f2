import { describe, expect, it } from 'vitest';
import { DIALECT, createTestApp } from '../helpers/test-app.ts';
import { createUser, uniqueUsername } from '../helpers/factories.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)(`rate limits shared through Redis (${DIALECT})`, () => {
  it('counts login attempts for one username across two instances', async () => {
    const first = await createTestApp({ realRateLimits: true, config: { redisUrl } });
    const second = await createTestApp({ realRateLimits: true, config: { redisUrl }, shareDatabaseWith: first });
    try {
      const { user } = await createUser(first.app, { username: uniqueUsername('shared') });
      const attempt = (instance: typeof first, index: number) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.1.0.${index + 1}`,
          payload: { username: user.username, password: 'wrong-password' },
        });
      // Ten failures spread over both instances use up the one shared budget.
      for (let index = 0; index < 10; index += 1) {
        expect((await attempt(index % 2 === 0 ? first : second, index)).statusCode).toBe(401);
      }
      expect((await attempt(first, 20)).statusCode).toBe(429);
      expect((await attempt(second, 21)).statusCode).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
