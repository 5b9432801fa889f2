import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { CachedPage } from './page-cache.ts';

/** An answer ready to write: the fast path writes it on Node's response, the routes through Fastify's reply. */
export interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  body?: Buffer;
}

const PAGE_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
const REDIRECT_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'strict-origin-when-cross-origin' };

/**
 * The one place that decides what a public page or a click redirect answers:
 * a page in the best encoding the client takes, a 304 when its ETag matches,
 * the 404 page, or a 302. Both the fast path and the Fastify routes answer
 * through it, so the two cannot drift (decision 005).
 *
 * Speed: one header object per kind of answer, shared by every page, whose
 * page-specific fields are set just before the answer is written (which copies
 * or serializes them at once). One object of one shape stays hot in the CPU
 * cache; one object per page did not (decision 002).
 */
export class PublicPageResponder {
  private readonly pageHeaders: Record<'br' | 'gzip' | 'identity', OutgoingHttpHeaders & { etag: string; 'content-length': number }>;
  private readonly notModifiedHeaders: OutgoingHttpHeaders & { etag: string };
  private readonly redirectHeaders: OutgoingHttpHeaders & { location: string };
  /** Every page's Content-Security-Policy; a page with embeds adds its players' hosts as frame-src. */
  private readonly contentSecurityPolicy: string;
  // Browsers send the same few Accept-Encoding values: the last answer is nearly always the next.
  private lastAcceptEncoding = '';
  private lastEncoding: 'br' | 'gzip' | 'identity' = 'identity';

  /** `security`: the headers every answer carries (computeSecurityHeaders), set once here. */
  constructor(security: OutgoingHttpHeaders) {
    const page = (encoding?: 'br' | 'gzip') => ({
      ...security,
      ...PAGE_HEADERS,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      etag: '',
      'content-length': 0,
    });
    this.pageHeaders = { br: page('br'), gzip: page('gzip'), identity: page() };
    this.notModifiedHeaders = { ...security, ...PAGE_HEADERS, etag: '' };
    this.redirectHeaders = { ...security, ...REDIRECT_HEADERS, location: '', 'content-length': 0 };
    this.contentSecurityPolicy = String(security['content-security-policy'] ?? '');
  }

  /**
   * A page (200, or the 404 or 410 page), or 304 when the client holds this version of a 200.
   * A 304 carries the 200's security headers: a browser takes the policy of the answer it got,
   * and a stricter one on a revisit would block the page's players (issue 51).
   */
  page(page: CachedPage, status: 200 | 404 | 410, request: IncomingHttpHeaders): Answer {
    if (status === 200 && request['if-none-match'] === page.etag) {
      const headers = this.notModifiedHeaders;
      headers.etag = page.etag;
      headers['content-security-policy'] = this.policyOf(page);
      return { status: 304, headers };
    }
    const encoding = this.encodingFor(request['accept-encoding']);
    const body = page.body(encoding);
    const headers = this.pageHeaders[encoding];
    headers.etag = page.etag;
    headers['content-length'] = body.length;
    headers['content-security-policy'] = this.policyOf(page);
    return { status, headers, body };
  }

  /** Frames only on a page with embeds, only from their players' hosts (issue 30). */
  private policyOf(page: CachedPage): string {
    return page.frameSources ? `${this.contentSecurityPolicy};frame-src ${page.frameSources}` : this.contentSecurityPolicy;
  }

  redirect(url: string): Answer {
    const headers = this.redirectHeaders;
    headers.location = url;
    return { status: 302, headers };
  }

  /** The precomputed encoding the client accepts, best first. */
  private encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
    if (!acceptEncoding) return 'identity';
    if (acceptEncoding !== this.lastAcceptEncoding) {
      this.lastAcceptEncoding = acceptEncoding;
      this.lastEncoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : 'identity';
    }
    return this.lastEncoding;
  }
}

/** Write an answer on Node's response (the fast path). */
export function writeAnswer(response: ServerResponse, answer: Answer): void {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

/** Send an answer through Fastify (the routes), which adds what its hooks set (a cleared cookie). */
export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.status(answer.status).headers(answer.headers);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}
