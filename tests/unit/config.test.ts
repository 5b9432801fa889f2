import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'linkverse-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: dir, trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('generates SESSION_SECRET once into DATA_DIR and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['PUBLIC_URL', 'not a url'],
    ['SESSION_SECRET', 'short'],
    ['PLAN_LIMITS', '{not json'],
    ['PLAN_LIMITS', '{"gold":{"links":3}}'],
    ['PLAN_LIMITS', '{"free":{"links":-1}}'],
  ])('refuses a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(name);
  });

  it('merges PLAN_LIMITS over the pricing page limits', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PLAN_LIMITS: '{"free":{"links":10},"pro":{"uploadBytes":1000}}' });
    expect(config.planLimits.free).toEqual({ links: 10, uploadBytes: 10 * 1024 * 1024 });
    expect(config.planLimits.pro).toEqual({ links: null, uploadBytes: 1000 });
    expect(config.planLimits.business).toEqual({ links: null, uploadBytes: 1024 * 1024 * 1024 });
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });
});
