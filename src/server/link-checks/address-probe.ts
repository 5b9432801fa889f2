import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { LinkCheckReason } from '#shared/link-checks.ts';

// Does a link's address still answer? One HEAD, then a GET when the HEAD was
// refused, each following up to five redirects, within one deadline, and never
// to an address in a loopback, private, link-local or other special range: the
// address is checked after DNS answered and before connecting, for every hop,
// so neither a name that resolves inward nor a redirect can reach this
// server's own network (no SSRF).

export interface ProbeOptions {
  /** Names the site to the servers it asks (they see it in their logs). */
  userAgent: string;
  /** For the whole check: every hop, HEAD and GET together. */
  timeoutMs: number;
  maxRedirects: number;
  /** Tests only: 127.0.0.0/8 and ::1 may be reached, where their servers listen. Off on every real site. */
  allowLoopback: boolean;
  /** How host names are resolved: the system's resolver unless a test gives its own. */
  lookup?: typeof dns.lookup;
}

export type ProbeResult =
  | { outcome: 'ok'; status: number }
  | { outcome: 'failed'; reason: LinkCheckReason; status: number | null }
  /** The site would not say (429 Too Many Requests, LinkedIn's 999): neither up nor down. */
  | { outcome: 'inconclusive'; status: number };

/** Statuses by which a site turns away checkers rather than saying the page is gone. */
const REFUSES_CHECKERS = new Set([429, 999]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Whether a server may be asked at this address: ordinary unicast only (IPv4-mapped IPv6 read as IPv4). */
export function isReachableAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

class RefusedAddress extends Error {
  readonly code = 'EPRIVATE';
}

/** A resolver for http.request that answers only when every address of the name may be reached. */
function guardedLookup(options: ProbeOptions): net.LookupFunction {
  const resolve = options.lookup ?? dns.lookup;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const all = addresses as LookupAddress[];
      if (all.length === 0 || all.some((entry) => !isReachableAddress(entry.address, options.allowLoopback))) {
        return callback(new RefusedAddress(`${hostname} resolves to an address this server does not reach`), '', 0);
      }
      if (lookupOptions.all) return callback(null, all);
      callback(null, all[0]!.address, all[0]!.family);
    });
  };
}

interface Answer {
  status: number;
  location: string | undefined;
}

/** One request; the answer's head is all that is read (the body is never downloaded). */
function ask(url: URL, method: 'HEAD' | 'GET', options: ProbeOptions, signal: AbortSignal): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is never looked up, so it is checked here.
  if (net.isIP(host) && !isReachableAddress(host, options.allowLoopback)) {
    return Promise.reject(new RefusedAddress(`${host} is not an address this server reaches`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        agent: false,
        lookup: guardedLookup(options),
        signal,
        headers: { 'user-agent': options.userAgent, accept: '*/*' },
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end();
  });
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
