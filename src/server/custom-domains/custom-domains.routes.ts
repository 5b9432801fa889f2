import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { dataOf, errorResponses, tooManyAttemptsMessage } from '#shared/api.ts';
import { customDomainMessages, customDomainStateSchema, domainRequestSchema } from '#shared/custom-domains.ts';
import type { AppConfig, RateLimitRule } from '../config.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { requireUser } from '../http/who-is-asking.ts';
import type { CustomDomains } from './custom-domains.service.ts';

const tags = ['Plans'];

/** Each check is a DNS lookup: a creator waiting for their record may ask often, but not without end. */
export const DOMAIN_CHECK_RATE_LIMIT: RateLimitRule = { max: 30, timeWindowMs: 60 * 60_000 };

/** The creator's side, under /api/me: their domain, its records, its check. */
export function registerCustomDomainRoutes(app: App, config: AppConfig, domains: CustomDomains | undefined): void {
  const perUser = rateLimiter(app, 'domain-check-user', config.domainCheckRateLimit ?? DOMAIN_CHECK_RATE_LIMIT, tooManyAttemptsMessage);
  const service = () => {
    if (!domains) throw new AppError(409, 'custom_domains_off', customDomainMessages.notConfigured);
    return domains;
  };
  const answers = { 200: dataOf(customDomainStateSchema) };

  // GET /api/me/domain
  app.get(
    '/domain',
    {
      schema: {
        tags,
        summary: 'The account’s custom domain, the DNS records it needs, and whether it is served',
        response: { ...answers, ...errorResponses(401, 409) },
      },
    },
    async (request) => ({ data: await service().stateOf(requireUser(request)) }),
  );

  // PUT /api/me/domain {domain}: name the domain (a new name replaces the old and needs verifying).
  app.put(
    '/domain',
    {
      schema: {
        tags,
        summary: 'Set the account’s custom domain; it is served once its TXT record is verified',
        body: domainRequestSchema,
        response: { ...answers, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ data: await service().set(requireUser(request), request.body.domain) }),
  );

  // POST /api/me/domain/check: look up the TXT record now.
  app.post(
    '/domain/check',
    {
      schema: {
        tags,
        summary: 'Look up the domain’s TXT record now, and verify the domain when it holds the token',
        response: { ...answers, ...errorResponses(401, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const domains = service();
      await perUser(request, `user:${user.id}`);
      return { data: await domains.check(user) };
    },
  );

  // DELETE /api/me/domain: stop serving the page there and forget the domain.
  app.delete(
    '/domain',
    { schema: { tags, summary: 'Remove the account’s custom domain', response: { ...answers, ...errorResponses(401, 409) } } },
    async (request) => {
      const user = requireUser(request);
      await service().remove(user);
      return { data: await service().stateOf(user) };
    },
  );
}

/**
 * Caddy's on-demand TLS asks `GET /tls-ask?domain={name}` before it gets a
 * certificate for a name: 200 only for a domain this site serves. It listens on
 * loopback only (TLS_ASK_PORT), apart from the site, so no visitor can ask it.
 */
export async function startTlsAsk(
  port: number,
  domains: CustomDomains,
  log: FastifyBaseLogger,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://ask');
    const domain = url.searchParams.get('domain')?.toLowerCase().replace(/\.$/, '');
    const answer = (status: number) => response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no');
    if (request.method !== 'GET' || url.pathname !== '/tls-ask' || !domain || domain.length > 253) return answer(404);
    domains.servedAt(domain).then(
      (username) => answer(username ? 200 : 404),
      (error: unknown) => {
        log.error({ err: error, domain }, 'the TLS ask could not tell');
        answer(503);
      },
    );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
