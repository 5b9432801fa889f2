import { execFileSync } from 'node:child_process';
import type dns from 'node:dns';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProbeOptions, probeAddress } from '#server/link-checks/address-probe.ts';
import { isReachableAddress } from '#server/http/outbound.ts';

// The link checker's probe (issue 31), against servers started here on loopback.

describe('which addresses the link checker may reach', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:4700::6810:84e5', true],
    ['127.0.0.1', false],
    ['127.8.8.8', false],
    ['::1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.215.14', true],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['not an address', false],
  ])('%s: %s', (address, reachable) => {
    expect(isReachableAddress(address, false)).toBe(reachable);
  });

  it('reaches loopback only when tests allow it, and never private ranges', () => {
    expect(isReachableAddress('127.0.0.1', true)).toBe(true);
    expect(isReachableAddress('::1', true)).toBe(true);
    expect(isReachableAddress('10.0.0.1', true)).toBe(false);
  });
});

/** A resolver that answers from a table, as a DNS server would; unknown names do not exist. */
function resolverOf(table: Record<string, string[]>): typeof dns.lookup {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses?: dns.LookupAddress[]) => void,
  ) => {
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as typeof dns.lookup;
}

let server: http.Server;
let secure: https.Server;
let port: number;
let securePort: number;
const asked: string[] = [];
const certDir = mkdtempSync(path.join(tmpdir(), 'linkverse-cert-'));

beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // A certificate no authority signed: what an expired or misconfigured site presents.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      path.join(certDir, 'key.pem'),
      '-out',
      path.join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  secure = https.createServer(
    { key: readFileSync(path.join(certDir, 'key.pem')), cert: readFileSync(path.join(certDir, 'cert.pem')) },
    (_request, response) => response.end('ok'),
  );
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  securePort = (secure.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => secure.close(resolve));
  rmSync(certDir, { recursive: true, force: true });
});

const options = (overrides: Partial<ProbeOptions> = {}): ProbeOptions => ({
  userAgent: 'test',
  timeoutMs: 2000,
  maxRedirects: 5,
  allowLoopback: true,
  ...overrides,
});

describe('probing an address', () => {
  it('refuses a name that resolves inward, or to any private address among public ones, without connecting', async () => {
    asked.length = 0;
    const lookup = resolverOf({ 'looks-public.example': ['127.0.0.1'], 'mixed.example': ['93.184.215.14', '10.0.0.7'] });
    const off = options({ allowLoopback: false, lookup });
    expect(await probeAddress(`http://looks-public.example:${port}/`, off)).toEqual({ outcome: 'failed', reason: 'private', status: null });
    expect(await probeAddress(`http://mixed.example:${port}/`, off)).toEqual({ outcome: 'failed', reason: 'private', status: null });
    expect(asked).toEqual([]);
    // The same name, where tests may reach loopback, is asked.
    expect(await probeAddress(`http://looks-public.example:${port}/`, options({ lookup }))).toEqual({ outcome: 'ok', status: 200 });
    expect(asked).toEqual(['/']);
  });

  it('says a name that does not exist is a DNS failure', async () => {
    const result = await probeAddress('https://no-such-site.example/', options({ lookup: resolverOf({}) }));
    expect(result).toEqual({ outcome: 'failed', reason: 'dns', status: null });
  });

  it('says a certificate no authority signed is a TLS failure', async () => {
    const result = await probeAddress(`https://localhost:${securePort}/`, options());
    expect(result).toEqual({ outcome: 'failed', reason: 'tls', status: null });
  });

  it('says a closed port is no connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probeAddress(`http://127.0.0.1:${closedPort}/`, options())).toEqual({
      outcome: 'failed',
      reason: 'connection',
      status: null,
    });
  });
});
