import { customDomainMessages } from '#shared/custom-domains.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setPlan } from '../helpers/factories.ts';
import { type DnsServer, startDnsServer } from '../helpers/dns-server.ts';
import { axeViolationsOf, signInPage } from '../helpers/pages.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Custom domains end to end (issue 33 §3): a creator adds a domain in the
// dashboard and verifies it against a real DNS server (dns2, named by
// DNS_SERVERS); then Caddy (Debian's, installed by .ci/run when missing), with
// on-demand TLS asking the server's loopback `ask` endpoint and its own
// internal CA, gets a certificate for that name on its first visit and serves
// the profile; a name the server does not serve gets no certificate.

const SITE = 'linkverse.test';
let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(() => dns.close());
const running = useServerAndBrowser(() => ({ customDomains: { siteHost: SITE, dnsServers: [dns.address], askPort: 0 } }));

async function signedIn(username: string, password: string, width: number): Promise<Page> {
  return signInPage(running.browser, running.server.baseUrl, { username, password }, { width, next: '/dashboard?tab=page' });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('custom domains', () => {
  it('are added, shown with their DNS records, verified and removed from the dashboard, at 390 and 1366 px', async () => {
    for (const [width, domain] of [
      [390, 'phone.example.test'],
      [1366, 'desk.example.test'],
    ] as const) {
      const creator = await createUser(running.server.testApp.app, { password: 'secret123' });
      await setPlan(running.server.testApp.app, creator.user.id, 'business');
      const page = await signedIn(creator.user.username, 'secret123', width);
      const card = page.getByTestId('custom-domain-card');
      await card.scrollIntoViewIfNeeded();
      // Bad input is said beside the form, before anything is sent.
      await card.getByLabel('Domain', { exact: true }).fill('https://nope');
      await card.getByRole('button', { name: 'Add domain' }).click();
      await expect.poll(() => card.getByRole('alert').textContent()).toContain('Enter a domain name');
      await card.getByLabel('Domain', { exact: true }).fill(domain);
      await card.getByRole('button', { name: 'Add domain' }).click();
      await expect.poll(() => card.getByText('Waiting for DNS').isVisible()).toBe(true);
      expect(await card.getByText(`_linkverse.${domain}`).isVisible()).toBe(true);
      expect(await axeViolationsOf(page)).toEqual([]);

      // The record the card shows, created at the DNS server; then checked.
      const value = (await card.locator('text=/^linkverse-verify=/').textContent())!;
      dns.setTxt(`_linkverse.${domain}`, [value]);
      await card.getByRole('button', { name: 'Check now' }).click();
      await expect.poll(() => card.getByText('Verified', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(`https://${domain}/`);
      // The toast that says so loads its library on first use: axe measures its colours once it is on screen.
      await page.getByText(customDomainMessages.verified(domain)).waitFor();
      expect(await axeViolationsOf(page)).toEqual([]);

      // Replacing a verified domain asks first; Cancel keeps it.
      await card.getByRole('button', { name: 'Change domain' }).click();
      await card.getByLabel('Domain', { exact: true }).fill(`other.${domain}`);
      await card.getByRole('button', { name: 'Add domain' }).click();
      const replace = page.getByRole('alertdialog');
      await expect.poll(() => replace.textContent()).toContain(`Your page stops being served at ${domain} at once`);
      await replace.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => card.getByText('Verified', { exact: true }).isVisible()).toBe(true);

      // Removing asks first, and says what happens.
      await card.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect.poll(() => dialog.textContent()).toContain(`Your page stops being served at ${domain}`);
      await dialog.getByRole('button', { name: 'Remove domain' }).click();
      await expect.poll(() => card.getByLabel('Domain', { exact: true }).isVisible()).toBe(true);
      await page.context().close();
    }
  });

  it('a Free account sees what unlocks them', async () => {
    const creator = await createUser(running.server.testApp.app, { password: 'secret123' });
    const page = await signedIn(creator.user.username, 'secret123', 390);
    const card = page.getByTestId('custom-domain-card');
    await expect.poll(() => card.textContent()).toContain('A custom domain comes with the Business plan');
    expect(await card.getByRole('link', { name: 'See Pricing' }).getAttribute('href')).toBe('/pricing');
    await page.context().close();
  });

  it('Caddy gets a certificate for a verified domain on its first visit and serves the profile; an unserved name gets none', async () => {
    const app = running.server.testApp.app;
    const creator = await createUser(app, { displayName: 'Caddy Creator' });
    await setPlan(app, creator.user.id, 'business');
    const headers = { cookie: creator.cookie };
    const set = (await app.inject({ method: 'PUT', url: '/api/me/domain', headers, payload: { domain: 'links.example.test' } })).json()
      .data;
    dns.setTxt(set.domain.record.name, [set.domain.record.value]);
    expect((await app.inject({ method: 'POST', url: '/api/me/domain/check', headers })).json().data.domain.status).toBe('verified');

    const folder = mkdtempSync(path.join(tmpdir(), 'linkverse-caddy-'));
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const appPort = new URL(running.server.baseUrl).port;
    writeFileSync(
      path.join(folder, 'Caddyfile'),
      `{
\tadmin off
\tskip_install_trust
\thttp_port ${httpPort}
\thttps_port ${httpsPort}
\ton_demand_tls {
\t\task http://127.0.0.1:${app.tlsAsk!.port}/tls-ask
\t}
}

https:// {
\ttls internal {
\t\ton_demand
\t}
\treverse_proxy 127.0.0.1:${appPort}
}
`,
    );
    const caddy = spawn('caddy', ['run', '--config', path.join(folder, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder, HOME: folder },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let caddyLog = '';
    caddy.stderr.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
    // Not spawnSync: the `ask` endpoint Caddy calls during the handshake runs in this very process.
    const curl = (name: string) =>
      new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const child = spawn('curl', [
          '-sk',
          '--max-time',
          '20',
          '--resolve',
          `${name}:${httpsPort}:127.0.0.1`,
          `https://${name}:${httpsPort}/`,
        ]);
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.once('close', (status) => resolve({ status, stdout }));
      });
    try {
      // Caddy is up once its HTTPS port accepts.
      await expect
        .poll(
          () =>
            new Promise<boolean>((resolve) =>
              net
                .connect(httpsPort, '127.0.0.1')
                .once('connect', function (this: net.Socket) {
                  this.destroy();
                  resolve(true);
                })
                .once('error', () => resolve(false)),
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
      const served = await curl('links.example.test');
      expect(served.status, caddyLog.slice(-2000)).toBe(0);
      expect(served.stdout).toContain('Caddy Creator');
      expect(served.stdout).toContain('<link rel="canonical" href="https://links.example.test/">');
      // Not verified anywhere: the ask endpoint says no, Caddy gets no certificate, and the handshake fails (curl 35).
      expect((await curl('stranger.example.test')).status).toBe(35);
    } finally {
      if (caddy.exitCode === null) {
        const exited = new Promise((resolve) => caddy.once('exit', resolve));
        caddy.kill();
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
