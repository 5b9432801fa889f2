import type { LinkCheckReason } from '#shared/link-checks.ts';
import { type OutboundOptions, outboundRequest } from '../http/outbound.ts';

// Does a link's address still answer? One HEAD, then a GET when the HEAD was
// refused, each following up to five redirects, within one deadline, and never
// to an address this server must not reach (http/outbound.ts: no SSRF).

export interface ProbeOptions extends OutboundOptions {
  /** For the whole check: every hop, HEAD and GET together. */
  timeoutMs: number;
  maxRedirects: number;
}

export type ProbeResult =
  | { outcome: 'ok'; status: number }
  | { outcome: 'failed'; reason: LinkCheckReason; status: number | null }
  /** The site would not say (429 Too Many Requests, LinkedIn's 999): neither up nor down. */
  | { outcome: 'inconclusive'; status: number };

/** Statuses by which a site turns away checkers rather than saying the page is gone. */
const REFUSES_CHECKERS = new Set([429, 999]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

interface Answer {
  status: number;
  location: string | undefined;
}

/** One request; the answer's head is all that is read (the body is never downloaded). */
async function ask(url: URL, method: 'HEAD' | 'GET', options: ProbeOptions, signal: AbortSignal): Promise<Answer> {
  let answer: Answer = { status: 0, location: undefined };
  await outboundRequest(url, method, { ...options, signal }, (response) => {
    answer = { status: response.statusCode ?? 0, location: response.headers.location };
    response.destroy();
  });
  return answer;
}

/** Follows redirects from `start`: the last answer, or why there was none. */
async function follow(start: URL, method: 'HEAD' | 'GET', options: ProbeOptions, signal: AbortSignal): Promise<ProbeResult> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    let answer: Answer;
    try {
      answer = await ask(url, method, options, signal);
    } catch (error) {
      return { outcome: 'failed', reason: reasonOf(error, signal), status: null };
    }
    if (REDIRECTS.has(answer.status) && answer.location) {
      if (hop === options.maxRedirects) return { outcome: 'failed', reason: 'redirects', status: answer.status };
      let next: URL;
      try {
        next = new URL(answer.location, url);
      } catch {
        return { outcome: 'failed', reason: 'http', status: answer.status };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') return { outcome: 'failed', reason: 'scheme', status: answer.status };
      url = next;
      continue;
    }
    if (REFUSES_CHECKERS.has(answer.status)) return { outcome: 'inconclusive', status: answer.status };
    if (answer.status >= 400 || answer.status < 100) return { outcome: 'failed', reason: 'http', status: answer.status };
    return { outcome: 'ok', status: answer.status };
  }
}

const TLS_CODE = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH$)/;

function reasonOf(error: unknown, signal: AbortSignal): LinkCheckReason {
  if (signal.aborted) return 'timeout';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'connection';
  if (code === 'EPRIVATE') return 'private';
  if (code === 'ENOTFOUND' || code.startsWith('EAI_') || code === 'ENODATA') return 'dns';
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR') return 'timeout';
  if (TLS_CODE.test(code)) return 'tls';
  return 'connection';
}

/**
 * Checks one http(s) address: a HEAD first, since it moves no body; a server
 * that refuses HEAD (an error status, or a dropped connection) is asked again
 * with a GET, whose answer is the verdict.
 */
export async function probeAddress(address: string, options: ProbeOptions): Promise<ProbeResult> {
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { outcome: 'failed', reason: 'scheme', status: null };
  const signal = AbortSignal.timeout(options.timeoutMs);
  const head = await follow(url, 'HEAD', options, signal);
  if (head.outcome !== 'failed' || !(head.reason === 'http' || head.reason === 'connection') || signal.aborted) return head;
  return follow(url, 'GET', options, signal);
}
