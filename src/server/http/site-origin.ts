import type { FastifyRequest } from 'fastify';

/** The site's canonical origin for a request: PUBLIC_URL, else what the request (through a trusted proxy) names. */
export function siteOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
