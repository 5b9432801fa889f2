import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/constants.ts';
import { customDomainMessages } from '#shared/custom-domains.ts';
import { pageTransferMessages } from '#shared/page-transfer.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';

// OUTBOUND=off (issue 51): the server calls no other host of its own accord.
// One listener on loopback is every target the five outbound features have
// (HTTP on a TCP port, DNS on the same UDP port): the link checker, embed
// look-ups, the Linktree fetch, Discord presence and a custom domain's DNS
// check. With outbound calls on, each of them reaches it (so the listener
// would see a call that leaked); with them off, none does.

interface Listener {
  port: number;
  /** HTTP requests, by path; DNS questions, as 'dns'. */
  calls: string[];
  close(): Promise<void>;
}

async function startListener(): Promise<Listener> {
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    calls.push(request.url ?? '');
    response.writeHead(404, { 'content-type': 'text/plain' }).end('nothing here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const dns = dgram.createSocket('udp4');
  dns.on('message', () => calls.push('dns'));
  await new Promise<void>((resolve) => dns.bind(port, '127.0.0.1', resolve));
  return {
    port,
    calls,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => dns.close(() => resolve()));
    },
  };
}

const DISCORD_ID = '123456789012345678';

/** A site whose every outbound target is the listener, with OUTBOUND as given. */
function siteReaching(listener: Listener, outbound: 'on' | 'off'): Promise<TestApp> {
  const origin = `http://127.0.0.1:${listener.port}`;
  return createTestApp({
    environment: {
      OUTBOUND: outbound,
      PUBLIC_URL: 'https://links.example',
      DNS_SERVERS: `127.0.0.1:${listener.port}`,
      LINK_CHECKS: 'true',
      LINK_CHECKS_ALLOW_LOOPBACK: 'true',
      EMBED_PREVIEWS: 'true',
      EMBED_PREVIEWS_ALLOW_LOOPBACK: 'true',
      EMBED_OEMBED_ORIGIN: origin,
      LINKTREE_IMPORT: 'true',
      LINKTREE_IMPORT_ALLOW_LOOPBACK: 'true',
      LINKTREE_ORIGIN: origin,
      DISCORD_PRESENCE_API: `${origin}/v1`,
      DISCORD_CDN: origin,
    },
  });
}

/** Each outbound feature once, as a creator would use it; what each answered. */
async function useEveryOutboundFeature(t: TestApp, creator: SignedInUser) {
  const as = { cookie: creator.cookie };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as, ...(payload && { payload }) });
  // A link the daily checker would probe, on the day it runs.
  await createLink(t.app, creator, { title: 'Shop', url: `http://127.0.0.1:${listenerPort}/shop` });
  // The first run places it in the day ahead; the next, a day on, checks it.
  await t.app.linkChecker.run(Date.now());
  await t.app.linkChecker.run(Date.now() + DAY_MS);
  const embed = await call('POST', '/api/links/blocks', { type: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' });
  const linktree = await call('POST', '/api/me/page-import/preview', { source: 'linktree', url: 'https://linktr.ee/mira.okafor' });
  await setPlan(t.app, creator.user.id, 'business');
  expect((await call('PUT', '/api/me/customization', { discordPresence: true, discordUserId: DISCORD_ID })).statusCode).toBe(200);
  const discord = await t.app.inject({ url: `/api/public/${creator.user.username}/discord` });
  expect((await call('PUT', '/api/me/domain', { domain: `page${creator.user.id}.example.org` })).statusCode).toBe(200);
  const domainCheck = await call('POST', '/api/me/domain/check');
  const features = await t.app.inject({ url: '/api/site/features' });
  return { embed, linktree, discord, domainCheck, features: features.json().data };
}

let listener: Listener;
let listenerPort = 0;
beforeAll(async () => {
  listener = await startListener();
  listenerPort = listener.port;
});
afterAll(() => listener.close());

describe(`outbound calls (${DIALECT})`, () => {
  it('with OUTBOUND on, each of the five features reaches the listener standing in for every host', async () => {
    const t = await siteReaching(listener, 'on');
    try {
      listener.calls.length = 0;
      const answers = await useEveryOutboundFeature(t, await createUser(t.app));
      expect(answers.embed.statusCode).toBe(201);
      expect(answers.features.outbound).toBe(true);
      const calls = listener.calls;
      expect({
        linkCheck: calls.includes('/shop'),
        embedLookUp: calls.some((path) => path.startsWith('/youtube/oembed')),
        linktree: calls.includes('/mira.okafor'),
        discord: calls.includes(`/v1/users/${DISCORD_ID}`),
        domainCheck: calls.includes('dns'),
      }).toEqual({ linkCheck: true, embedLookUp: true, linktree: true, discord: true, domainCheck: true });
    } finally {
      await t.close();
    }
  });

  it('with OUTBOUND=off, none does, and each feature says what this site does instead', async () => {
    const t = await siteReaching(listener, 'off');
    try {
      listener.calls.length = 0;
      const answers = await useEveryOutboundFeature(t, await createUser(t.app));
      // The embed is added, without its provider's title or picture.
      expect(answers.embed.statusCode).toBe(201);
      expect(answers.embed.json().data.thumbnail).toBeNull();
      expect(answers.linktree.statusCode).toBe(400);
      expect(answers.linktree.json().message).toBe(pageTransferMessages.linktreeOff);
      expect(answers.discord.statusCode).toBe(200);
      expect(answers.discord.json().data).toBeNull();
      expect(answers.domainCheck.statusCode).toBe(409);
      expect(answers.domainCheck.json()).toMatchObject({ code: 'outbound_off', message: customDomainMessages.lookupsOff });
      // The screens are told, and the daily re-check of domains asks nobody either.
      expect(answers.features).toMatchObject({ outbound: false, linktreeImport: false });
      await t.app.customDomains?.recheck(Date.now() + 2 * DAY_MS);
      expect(listener.calls).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
