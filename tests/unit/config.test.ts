import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ConfigError, SETTING_NAMES, loadConfig, retiredSettingsIn, settingDefault } from '#server/config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'linkverse-config-'));

describe('configuration', () => {
  it("is the README's table: every variable the server reads is there, none else, each with its default", () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split(' | '));
    const documented = new Map(
      rows.flatMap(([names = '', , byDefault = '']) => [...names.matchAll(/`([A-Z0-9_]+)`/g)].map(([, name]) => [name!, byDefault])),
    );
    expect([...documented.keys()].sort()).toEqual([...SETTING_NAMES].sort());
    for (const name of SETTING_NAMES) {
      const value = settingDefault(name);
      if (value !== undefined) expect(documented.get(name), name).toContain(`\`${String(value)}\``);
    }
  });

  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: dir, trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('takes a retired SESSION_SECRET without failing, and names it to be removed', () => {
    const env = { DATA_DIR: dataDir(), SESSION_SECRET: 'short' };
    expect(() => loadConfig(env)).not.toThrow();
    expect(retiredSettingsIn(env)).toEqual([expect.stringContaining('SESSION_SECRET is no longer used')]);
    expect(retiredSettingsIn({ DATA_DIR: dataDir() })).toEqual([]);
  });

  it('has named PostgreSQL timeouts', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ databaseConnectTimeoutMs: 5000, databaseStatementTimeoutMs: 30_000 });
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_CONNECT_TIMEOUT_MS: '800', DATABASE_STATEMENT_TIMEOUT_MS: '2000' });
    expect(config).toMatchObject({ databaseConnectTimeoutMs: 800, databaseStatementTimeoutMs: 2000 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 'soon'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '-1'],
    ['PLAN_LIMITS', '{not json'],
    ['PLAN_LIMITS', '{"gold":{"links":3}}'],
    ['PLAN_LIMITS', '{"free":{"links":-1}}'],
    ['COMMUNITY_URL', 'javascript:alert(1)'],
    ['COMMUNITY_URL', 'discord'],
    ['SOCIAL_PROOF', 'x'.repeat(121)],
    ['LINK_CHECKS', 'off'],
    ['LINK_CHECKS_ALLOW_LOOPBACK', 'yes'],
  ])('refuses a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(name);
  });

  it('reads COMMUNITY_URL and SOCIAL_PROOF, and has neither unless told', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ communityUrl: undefined, socialProof: undefined });
    const config = loadConfig({ DATA_DIR: dataDir(), COMMUNITY_URL: 'https://discord.gg/abc', SOCIAL_PROOF: ' Made in Lisbon ' });
    expect(config).toMatchObject({ communityUrl: 'https://discord.gg/abc', socialProof: 'Made in Lisbon' });
  });

  it('checks links unless LINK_CHECKS=false, and never reaches loopback unless told', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).linkChecks).toEqual({ enabled: true, allowLoopback: false });
    const config = loadConfig({ DATA_DIR: dataDir(), LINK_CHECKS: 'false', LINK_CHECKS_ALLOW_LOOPBACK: 'true' });
    expect(config.linkChecks).toEqual({ enabled: false, allowLoopback: true });
  });

  it('merges PLAN_LIMITS over the pricing page limits', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PLAN_LIMITS: '{"free":{"links":10},"pro":{"uploadBytes":1000}}' });
    const page = (on: boolean) => ({ customFonts: on, allThemes: on, layouts: on ? 5 : 1, removeBranding: on });
    expect(config.planLimits.free).toEqual({
      links: 10,
      pages: 1,
      uploadBytes: 10 * 1024 * 1024,
      analyticsDays: [7, 30],
      analyticsExport: false,
      advancedAnalytics: false,
      premiumAnalytics: false,
      ...page(false),
      verifiedBadge: false,
      seoTools: false,
      customDomain: false,
    });
    expect(config.planLimits.pro).toEqual({
      links: null,
      pages: 3,
      uploadBytes: 1000,
      analyticsDays: [7, 30, 90],
      analyticsExport: true,
      advancedAnalytics: true,
      premiumAnalytics: false,
      ...page(true),
      verifiedBadge: false,
      seoTools: false,
      customDomain: false,
    });
    expect(config.planLimits.business).toMatchObject({
      links: null,
      uploadBytes: 1024 * 1024 * 1024,
      analyticsDays: [7, 30, 90, 365, 'all'],
      advancedAnalytics: true,
      premiumAnalytics: true,
      layouts: null,
      seoTools: true,
      customDomain: true,
    });
  });

  it("reads a plan's layouts as a count or null for every one, and the earlier allLayouts flag as 1 or every one", () => {
    const limits = (json: string) => loadConfig({ DATA_DIR: dataDir(), PLAN_LIMITS: json }).planLimits;
    expect(limits('{"free":{"layouts":3},"pro":{"layouts":null}}')).toMatchObject({
      free: { layouts: 3 },
      pro: { layouts: null },
      business: { layouts: null },
    });
    expect(limits('{"free":{"allLayouts":true},"pro":{"allLayouts":false}}')).toMatchObject({
      free: { layouts: null },
      pro: { layouts: 1 },
    });
    // Both given: the count wins.
    expect(limits('{"pro":{"allLayouts":false,"layouts":4}}').pro.layouts).toBe(4);
    expect(() => limits('{"free":{"layouts":0}}')).toThrow(/layouts must be at least 1/);
    expect(() => limits('{"free":{"layouts":"all"}}')).toThrow(/layouts must be a number of layouts/);
  });

  it("names the people behind a plan's support only when PLAN_SUPPORT gives them, as an email or an https address", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).planSupport).toEqual({ free: null, pro: null, business: null });
    const support = loadConfig({
      DATA_DIR: dataDir(),
      PLAN_SUPPORT: '{"pro":"help@links.example","business":"https://links.example/you"}',
    });
    expect(support.planSupport).toEqual({ free: null, pro: 'help@links.example', business: 'https://links.example/you' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLAN_SUPPORT: '{"pro":"call us"}' })).toThrow(
      /pro: must be an email address or an https/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLAN_SUPPORT: '{"pro":"http://links.example"}' })).toThrow(/PLAN_SUPPORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLAN_SUPPORT: '{"gold":"a@b.example"}' })).toThrow(/PLAN_SUPPORT/);
  });

  it('serves custom domains only with PUBLIC_URL, checking DNS_SERVERS and TLS_ASK_PORT', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).customDomains).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://links.example', DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353', TLS_ASK_PORT: '5555' })
        .customDomains,
    ).toEqual({ siteHost: 'links.example', dnsServers: ['1.1.1.1', '127.0.0.1:5353'], askPort: 5555 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DNS_SERVERS: 'dns.google' })).toThrow(/DNS_SERVERS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TLS_ASK_PORT: '70000' })).toThrow(/TLS_ASK_PORT/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });
});
