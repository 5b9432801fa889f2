import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Who asked and through which origin, by exactly the rules Fastify applies for
 * its `trustProxy` option (fastify/lib/request.js: the same @fastify/proxy-addr
 * library, the same trust function, the last X-Forwarded-Host / -Proto entry
 * when the immediate peer is trusted). The fast path answers before Fastify
 * builds a request, so it resolves these itself; a test holds the two equal.
 */
export interface ClientAddress {
  /** The visitor's address: the socket's, or the first untrusted hop of X-Forwarded-For. */
  ip(request: IncomingMessage): string;
  /** `{protocol}://{host}` as Fastify's request.protocol and request.host give them. */
  origin(request: IncomingMessage): string;
}

type TrustFunction = (address: string, hop: number) => boolean;

/** Fastify's getTrustProxyFn, for the values TRUST_PROXY takes. */
function trustFunctionOf(trustProxy: boolean | number | string): TrustFunction {
  if (trustProxy === true) return () => true;
  // A hop count cannot vouch for the immediate peer: Fastify fails closed, so do we.
  if (typeof trustProxy === 'number' || trustProxy === false) return () => false;
  return proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
}

/** Node joins repeated X-Forwarded-* headers with commas; its types still allow an array. */
function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function lastEntry(headerValue: string): string {
  const lastIndex = headerValue.lastIndexOf(',');
  return lastIndex === -1 ? headerValue.trim() : headerValue.slice(lastIndex + 1).trim();
}

export function createClientAddress(trustProxy: boolean | number | string): ClientAddress {
  // Nearly every request names the same host: the last origin built is reused.
  let lastHost = '';
  let lastProtocol = '';
  let lastOrigin = 'http://';
  const originOf = (protocol: string, host: string) => {
    if (host !== lastHost || protocol !== lastProtocol) {
      lastHost = host;
      lastProtocol = protocol;
      lastOrigin = `${protocol}://${host}`;
    }
    return lastOrigin;
  };
  if (trustProxy === false) {
    return {
      ip: (request) => request.socket.remoteAddress ?? '',
      origin: (request) => originOf('http', request.headers.host ?? ''),
    };
  }
  const trust = trustFunctionOf(trustProxy);
  // The trust function parses the address on every call; the proxy is nearly always the same peer.
  let lastCheckedPeer: string | undefined;
  let lastPeerTrusted = false;
  const peerTrusted = (request: IncomingMessage) => {
    const peer = request.socket.remoteAddress;
    if (peer === undefined) return false;
    if (peer !== lastCheckedPeer) {
      lastCheckedPeer = peer;
      lastPeerTrusted = trust(peer, 0);
    }
    return lastPeerTrusted;
  };
  // A keep-alive connection from the proxy carries the same visitor again and again: the last answer is reused.
  let lastPeer: string | undefined;
  let lastForwardedFor: string | string[] | undefined;
  let lastIp = '';
  return {
    ip(request) {
      const forwardedFor = request.headers['x-forwarded-for'];
      if (forwardedFor === undefined) return request.socket.remoteAddress ?? '';
      if (forwardedFor !== lastForwardedFor || request.socket.remoteAddress !== lastPeer) {
        const addresses = proxyAddr.all(request, trust);
        lastPeer = request.socket.remoteAddress;
        lastForwardedFor = forwardedFor;
        lastIp = addresses[addresses.length - 1] ?? '';
      }
      return lastIp;
    },
    origin(request) {
      const trusted = peerTrusted(request);
      const forwardedHost = headerText(request.headers['x-forwarded-host']);
      const forwardedProto = headerText(request.headers['x-forwarded-proto']);
      const host = forwardedHost && trusted ? lastEntry(forwardedHost) : (request.headers.host ?? '');
      const protocol = forwardedProto && trusted ? lastEntry(forwardedProto) : 'http';
      return originOf(protocol, host);
    },
  };
}
