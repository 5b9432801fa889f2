import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

// Requests this server makes to addresses its users gave (a link's check, an
// embed's preview), never to an address in a loopback, private, link-local or
// other special range: the address is checked after DNS answered and before
// connecting, for every hop, so neither a name that resolves inward nor a
// redirect can reach this server's own network (no SSRF).

export interface OutboundOptions {
  /** Names the site to the servers it asks (they see it in their logs). */
  userAgent: string;
  /** Tests only: 127.0.0.0/8 and ::1 may be reached, where their servers listen. Off on every real site. */
  allowLoopback: boolean;
  /** How host names are resolved: the system's resolver unless a test gives its own. */
  lookup?: typeof dns.lookup;
}

/** Whether a server may be asked at this address: ordinary unicast only (IPv4-mapped IPv6 read as IPv4). */
export function isReachableAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** An address this server does not reach (its `code` is what callers tell it by). */
export class RefusedAddress extends Error {
  readonly code = 'EPRIVATE';
}

/** A resolver for http.request that answers only when every address of the name may be reached. */
function guardedLookup(options: OutboundOptions): net.LookupFunction {
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

/**
 * One request to an outside server, through the guarded resolver; `onResponse`
 * gets the answer's head and decides what to read of it. A literal address is
 * never looked up, so it is checked here.
 */
export function outboundRequest(
  url: URL,
  method: 'HEAD' | 'GET',
  options: OutboundOptions & { signal: AbortSignal; accept?: string },
  onResponse: (response: http.IncomingMessage) => void,
): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
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
        signal: options.signal,
        headers: { 'user-agent': options.userAgent, accept: options.accept ?? '*/*' },
      },
      (response) => {
        onResponse(response);
        resolve();
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchedBody {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Why a bounded fetch gave nothing: too large, too many redirects, a scheme other than http(s), or a network failure. */
export class OutboundFetchError extends Error {}

/**
 * GET an address and read its body, at most `maxBytes` of it (a longer one is
 * a failure, not cut short), following up to `maxRedirects` http(s) redirects,
 * all within `timeoutMs`.
 */
export async function fetchBounded(
  address: string,
  options: OutboundOptions & {
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    accept?: string;
    /** Redirects are followed only on the first address's host (a page read from one site). */
    sameHost?: boolean;
  },
): Promise<FetchedBody> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundFetchError(`${url.protocol} is not fetched`);
    let answer: FetchedBody | { location: string } | undefined;
    let failure: Error | undefined;
    let reading: Promise<void> = Promise.resolve();
    await outboundRequest(url, 'GET', { ...options, signal }, (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        answer = { location: response.headers.location };
        response.destroy();
        return;
      }
      if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
        failure = new OutboundFetchError('the answer is larger than allowed');
        response.destroy();
        return;
      }
      reading = new Promise((resolve) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > options.maxBytes) {
            failure = new OutboundFetchError('the answer is larger than allowed');
            response.destroy();
            resolve();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          answer = { status, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) };
          resolve();
        });
        response.on('error', (error) => {
          failure = error;
          resolve();
        });
        response.on('close', () => resolve());
      });
    });
    await reading;
    if (failure) throw failure;
    if (!answer) throw new OutboundFetchError('the answer ended early');
    if (!('location' in answer)) return answer;
    if (hop === options.maxRedirects) throw new OutboundFetchError('too many redirects');
    const next = new URL(answer.location, url);
    if (options.sameHost && next.host !== url.host) throw new OutboundFetchError('redirected to another host');
    url = next;
  }
}
