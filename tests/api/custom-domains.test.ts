import http from 'node:http';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/constants.ts';
import { customDomainMessages } from '#shared/custom-domains.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';
import { type DnsServer, startDnsServer } from '../helpers/dns-server.ts';

// Custom domains (issue 33 §3): a creator proves a domain with a TXT record,
// checked with Node's resolver against a real DNS server started here (the
// `dns2` package on a local port, named by DNS_SERVERS), then the site serves
// their page at that domain's root, and Caddy's `ask` endpoint allows it a certificate.

const SITE = 'linkverse.test';
let dns: DnsServer;
let t: TestApp;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({
    config: { publicUrl: `https://${SITE}`, customDomains: { siteHost: SITE, dnsServers: [dns.address], askPort: 0 } },
  });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const domainOf = (user: SignedInUser) => t.app.inject({ url: '/api/me/domain', headers: { cookie: user.cookie } });
const setDomain = (user: SignedInUser, domain: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/me/domain', headers: { cookie: user.cookie }, payload: { domain } });
const check = (user: SignedInUser) => t.app.inject({ method: 'POST', url: '/api/me/domain/check', headers: { cookie: user.cookie } });
const visit = (host: string, url = '/') => t.app.inject({ url, headers: { host } });
const ask = async (domain: string) => (await fetch(`http://127.0.0.1:${t.app.tlsAsk!.port}/tls-ask?domain=${domain}`)).status;

/** A Business creator with `domain` verified: the TXT record set and checked. */
async function creatorWithDomain(domain: string) {
  const creator = await createUser(t.app, { displayName: `Owner of ${domain}` });
  await setPlan(t.app, creator.user.id, 'business');
  const set = (await setDomain(creator, domain)).json().data.domain;
  dns.setTxt(set.record.name, [set.record.value]);
  expect((await check(creator)).json().data.domain.status).toBe('verified');
  return creator;
}

describe(`custom domains (${DIALECT})`, () => {
  it('come with Business (or the add-on): a Free account is told what unlocks them', async () => {
    const creator = await createUser(t.app);
    expect((await domainOf(creator)).json().data).toEqual({ allowed: false, domain: null });
    const refused = await setDomain(creator, 'links.example.org');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(customDomainMessages.notAllowed);
  });

  it('come with the add-on on Pro; on Free the add-on is kept but does nothing', async () => {
    const creator = await createUser(t.app);
    await setPlan(t.app, creator.user.id, 'pro');
    expect((await domainOf(creator)).json().data.allowed).toBe(false);
    await t.app.db.updateTable('users').set({ customDomainAddOn: 1 }).where('id', '=', creator.user.id).execute();
    expect((await domainOf(creator)).json().data.allowed).toBe(true);
    await setPlan(t.app, creator.user.id, 'free');
    expect((await domainOf(creator)).json().data.allowed).toBe(false);
  });

  it.each([
    ['an IP address', '203.0.113.7', customDomainMessages.notPublic],
    ['localhost', 'localhost', customDomainMessages.notPublic],
    ['a name under .localhost', 'me.localhost', customDomainMessages.notPublic],
    ['a single label', 'intranet', customDomainMessages.notPublic],
    ['a .local name', 'printer.local', customDomainMessages.notPublic],
    ['an address with a scheme', 'https://links.example.org', customDomainMessages.invalid],
    ['a path', 'links.example.org/me', customDomainMessages.invalid],
    ['an empty name', '  ', customDomainMessages.invalid],
    ['a name over 253 characters', `${'a'.repeat(60)}.`.repeat(5) + 'org', customDomainMessages.tooLong],
    ['the site itself', SITE, customDomainMessages.siteDomain(SITE)],
    ['a subdomain of the site', `alice.${SITE}`, customDomainMessages.siteDomain(SITE)],
    ['a number', 42, customDomainMessages.invalid],
  ])('refuses %s with a message, changing nothing', async (_what, domain, message) => {
    const creator = await createUser(t.app);
    await setPlan(t.app, creator.user.id, 'business');
    const refused = await setDomain(creator, domain);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(message);
    expect((await domainOf(creator)).json().data.domain).toBeNull();
  });

  it('shows the records to create, and verifies the TXT record through the resolver', async () => {
    const creator = await createUser(t.app);
    await setPlan(t.app, creator.user.id, 'business');
    const pending = (await setDomain(creator, ' Links.Example.ORG. ')).json().data;
    expect(pending).toMatchObject({
      allowed: true,
      domain: { domain: 'links.example.org', status: 'pending', target: SITE, served: false, verifiedAt: null },
    });
    expect(pending.domain.record.name).toBe('_linkverse.links.example.org');
    expect(pending.domain.record.value).toMatch(/^linkverse-verify=[\w-]{20,}$/);

    // No record yet: said so, still pending, not served.
    const missing = (await check(creator)).json().data.domain;
    expect(missing).toMatchObject({ status: 'pending', lastError: customDomainMessages.recordMissing('_linkverse.links.example.org') });
    expect(await ask('links.example.org')).toBe(404);

    // A record with someone else's token does not do.
    dns.setTxt('_linkverse.links.example.org', ['linkverse-verify=not-yours', 'v=spf1 -all']);
    expect((await check(creator)).json().data.domain.status).toBe('pending');

    dns.setTxt('_linkverse.links.example.org', ['v=spf1 -all', pending.domain.record.value]);
    const verified = (await check(creator)).json().data.domain;
    expect(verified).toMatchObject({ status: 'verified', served: true, lastError: null });
    expect(Date.parse(verified.verifiedAt)).not.toBeNaN();
    expect(await ask('links.example.org')).toBe(200);
    expect(await ask('LINKS.example.org.')).toBe(200);
  });

  it('a DNS server that fails is told as a failed lookup (502), and changes nothing', async () => {
    const creator = await createUser(t.app);
    await setPlan(t.app, creator.user.id, 'business');
    await setDomain(creator, 'broken.example.net');
    dns.fail('_linkverse.broken.example.net');
    const failed = await check(creator);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(customDomainMessages.lookupFailed);
    expect((await domainOf(creator)).json().data.domain.status).toBe('pending');
  });

  it('a verified domain serves the page at its root, naming the domain; its links and other pages behave', async () => {
    const creator = await creatorWithDomain('me.example.com');
    const link = await createLink(t.app, creator, { title: 'My shop', url: 'https://shop.example.com/' });
    const page = await visit('me.example.com');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Owner of me.example.com');
    expect(page.body).toContain('<link rel="canonical" href="https://me.example.com/">');
    expect(page.body).toContain('<meta property="og:url" content="https://me.example.com/">');
    // Its links go through /go/{id} there too.
    const go = await visit('me.example.com', `/go/${link.id}`);
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://shop.example.com/');
    // The page's site address on its own domain is the root; another creator's page is not served there.
    expect((await visit('me.example.com', `/${creator.user.username}`)).headers.location).toBe('/');
    const other = await createUser(t.app);
    expect((await visit('me.example.com', `/${other.user.username}`)).statusCode).toBe(404);
    expect((await visit('me.example.com', '/dashboard')).statusCode).toBe(404);
    // The profile's address on the main site stays, naming the site.
    const onSite = await visit(SITE, `/${creator.user.username}`);
    expect(onSite.statusCode).toBe(200);
    expect(onSite.body).toContain(`<link rel="canonical" href="https://${SITE}/${creator.user.username}">`);
  });

  it('a host that is neither the site nor a verified domain gets the site’s 404, never someone’s profile', async () => {
    const creator = await createUser(t.app);
    await setPlan(t.app, creator.user.id, 'business');
    await setDomain(creator, 'unproved.example.com');
    for (const [host, url] of [
      ['unproved.example.com', '/'],
      ['unproved.example.com', `/${creator.user.username}`],
      ['stranger.example.net', `/${creator.user.username}`],
      ['stranger.example.net', '/api/auth/me'],
    ]) {
      const answer = await visit(host!, url);
      expect(answer.statusCode, `${host}${url}`).toBe(404);
      expect(answer.body).not.toContain(creator.user.username);
    }
    expect(await ask('stranger.example.net')).toBe(404);
    expect(await ask('')).toBe(404);
    // The site by its own name and its subdomains, by a single label (a container's name) and by address still answers,
    // and health probes answer on any host.
    for (const host of [SITE, `www.${SITE}`, 'linkverse:3000', 'localhost', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await visit(host, `/${creator.user.username}`)).statusCode, host).toBe(200);
    }
    expect((await visit('stranger.example.net', '/healthz')).statusCode).toBe(200);
  });

  it('the fast path answers a cached page only on the site’s own host', async () => {
    const creator = await createUser(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(`/${creator.user.username}`, address);
        http
          .get({ host: url.hostname, port: url.port, path: url.pathname, headers: { host } }, (response) => {
            response.resume();
            resolve(response.statusCode!);
          })
          .on('error', reject);
      });
    expect(await get(SITE)).toBe(200);
    const before = t.app.fastPathStats.pages;
    expect(await get(SITE)).toBe(200);
    expect(t.app.fastPathStats.pages).toBe(before + 1);
    expect(await get('stranger.example.net')).toBe(404);
    expect(t.app.fastPathStats.pages).toBe(before + 1);
  });

  it('travels in the account export', async () => {
    const creator = await creatorWithDomain('exported.example.com');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/me/export',
      headers: { cookie: creator.cookie },
      payload: { password: creator.password },
    });
    expect(answer.statusCode).toBe(200);
    const exported = JSON.parse(strFromU8(unzipSync(new Uint8Array(answer.rawPayload))['custom-domain.json']!));
    expect(exported).toMatchObject({ domain: 'exported.example.com', record: { name: '_linkverse.exported.example.com' } });
    expect(Date.parse(exported.verifiedAt)).not.toBeNaN();
  });

  it('one verified account holds a name: another cannot verify it, and may claim it only while unproved', async () => {
    await creatorWithDomain('taken.example.com');
    const second = await createUser(t.app);
    await setPlan(t.app, second.user.id, 'business');
    const refused = await setDomain(second, 'taken.example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(customDomainMessages.taken);
  });

  it('the daily re-check marks a domain whose record disappeared, and it stops being served', async () => {
    const creator = await creatorWithDomain('fading.example.com');
    expect((await visit('fading.example.com')).statusCode).toBe(200);
    // Not yet due: a day has not passed.
    dns.remove('_linkverse.fading.example.com');
    await t.app.customDomains!.recheck(Date.now());
    expect((await domainOf(creator)).json().data.domain.status).toBe('verified');
    await t.app.customDomains!.recheck(Date.now() + 2 * DAY_MS);
    const lost = (await domainOf(creator)).json().data.domain;
    expect(lost).toMatchObject({ status: 'lost', served: false });
    expect(lost.lastError).toContain('_linkverse.fading.example.com');
    expect((await visit('fading.example.com')).statusCode).toBe(404);
    expect(await ask('fading.example.com')).toBe(404);
  });

  it('a downgrade keeps the domain but stops serving it; removing it forgets it', async () => {
    const creator = await creatorWithDomain('kept.example.com');
    await setPlan(t.app, creator.user.id, 'pro');
    // The plan changed behind the service's back (as a test): the page changes tell it, as the admin's change does.
    t.app.changes.publish({ topic: 'profile', userId: creator.user.id });
    const kept = (await domainOf(creator)).json().data;
    expect(kept).toMatchObject({ allowed: false, domain: { domain: 'kept.example.com', status: 'verified', served: false } });
    expect((await visit('kept.example.com')).statusCode).toBe(404);
    expect(await ask('kept.example.com')).toBe(404);
    await setPlan(t.app, creator.user.id, 'business');
    t.app.changes.publish({ topic: 'profile', userId: creator.user.id });
    expect((await visit('kept.example.com')).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/domain', headers: { cookie: creator.cookie } });
    expect(removed.json().data.domain).toBeNull();
    expect((await visit('kept.example.com')).statusCode).toBe(404);
  });

  it('a change to one account drops what its hosts serve, and a host not served, but not other accounts’ answers', async () => {
    const first = await creatorWithDomain('first.example.com');
    const second = await creatorWithDomain('second.example.com');
    const stranger = await createUser(t.app);
    expect((await visit('first.example.com')).statusCode).toBe(200);
    expect((await visit('second.example.com')).statusCode).toBe(200);
    expect((await visit('unclaimed.example.com')).statusCode).toBe(404);
    // Both downgraded behind the service's back (as a test): until a change names an account, the answers kept stand.
    await setPlan(t.app, first.user.id, 'pro');
    await setPlan(t.app, second.user.id, 'pro');
    expect((await visit('first.example.com')).statusCode).toBe(200);
    // Another account's change keeps both answers …
    t.app.changes.publish({ topic: 'profile', userId: stranger.user.id });
    expect((await visit('first.example.com')).statusCode).toBe(200);
    expect((await visit('second.example.com')).statusCode).toBe(200);
    // … the first account's own drops its host's alone.
    t.app.changes.publish({ topic: 'profile', userId: first.user.id });
    expect((await visit('first.example.com')).statusCode).toBe(404);
    expect((await visit('second.example.com')).statusCode).toBe(200);
    // A host answered "not served" is asked again after any change: it may have just been verified.
    const third = await createUser(t.app);
    await setPlan(t.app, third.user.id, 'business');
    const set = (await setDomain(third, 'unclaimed.example.com')).json().data.domain;
    dns.setTxt(set.record.name, [set.record.value]);
    expect((await check(third)).json().data.domain.status).toBe('verified');
    expect((await visit('unclaimed.example.com')).statusCode).toBe(200);
  });

  it('the ask endpoint keeps its last answers while the database does not answer', async () => {
    // An app of its own whose answers go stale at once, so that every ask goes to the database.
    const blinking = await createTestApp({
      config: { publicUrl: `https://${SITE}`, customDomains: { siteHost: SITE, dnsServers: [dns.address], askPort: 0, servedTtlMs: 1 } },
    });
    const askThere = async (domain: string) =>
      (await fetch(`http://127.0.0.1:${blinking.app.tlsAsk!.port}/tls-ask?domain=${domain}`)).status;
    try {
      const creator = await createUser(blinking.app);
      await setPlan(blinking.app, creator.user.id, 'business');
      const headers = { cookie: creator.cookie };
      const set = (
        await blinking.app.inject({ method: 'PUT', url: '/api/me/domain', headers, payload: { domain: 'steady.example.com' } })
      ).json().data.domain;
      dns.setTxt(set.record.name, [set.record.value]);
      await blinking.app.inject({ method: 'POST', url: '/api/me/domain/check', headers });
      expect(await askThere('steady.example.com')).toBe(200);
      expect(await askThere('never.example.com')).toBe(404);
      // The table the lookup reads is away: a database that fails every such query.
      await blinking.app.db.schema.alterTable('custom_domains').renameTo('custom_domains_away').execute();
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect(await askThere('steady.example.com')).toBe(200);
        expect(await askThere('never.example.com')).toBe(404);
        // A name never asked before has no last answer: no certificate until the database answers.
        expect(await askThere('unasked.example.com')).toBe(404);
      } finally {
        await blinking.app.db.schema.alterTable('custom_domains_away').renameTo('custom_domains').execute();
      }
      // Back: answered from the database again.
      expect(await askThere('steady.example.com')).toBe(200);
    } finally {
      await blinking.close();
    }
  });

  it('needs a signed-in account', async () => {
    expect((await t.app.inject({ url: '/api/me/domain' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/domain', payload: { domain: 'x.example.com' } })).statusCode).toBe(401);
  });
});

describe(`custom domains without PUBLIC_URL (${DIALECT})`, () => {
  it('are off, and the screens are told why', async () => {
    const plain = await createTestApp();
    try {
      const creator = await createUser(plain.app);
      const answer = await plain.app.inject({ url: '/api/me/domain', headers: { cookie: creator.cookie } });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(customDomainMessages.notConfigured);
      expect((await plain.app.inject({ url: '/api/site/features' })).json().data.customDomains).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
