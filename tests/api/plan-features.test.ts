import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '#shared/constants.ts';
import { ConfigError, loadConfig, mergePlanLimits } from '#server/config.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createUser } from '../helpers/factories.ts';

// What each plan unlocks (issue 33, the part built so far: analytics depth),
// enforced by the server from the one table in src/shared/plans.ts and
// changed by the operator with PLAN_LIMITS. Expected answers are written out
// here, not read from that table, so that a change to it shows up.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function creatorOn(app: TestApp['app'], plan: Plan) {
  const creator = await createUser(app);
  await app.db.updateTable('users').set({ plan }).where('id', '=', creator.user.id).execute();
  return creator;
}

const PLAN_TABLE: Record<Plan, { days: Record<7 | 30 | 90, number>; download: number }> = {
  free: { days: { 7: 200, 30: 200, 90: 403 }, download: 403 },
  pro: { days: { 7: 200, 30: 200, 90: 200 }, download: 200 },
  business: { days: { 7: 200, 30: 200, 90: 200 }, download: 200 },
};

describe(`what each plan unlocks: analytics (${DIALECT})`, () => {
  for (const [plan, expected] of Object.entries(PLAN_TABLE) as [Plan, (typeof PLAN_TABLE)[Plan]][]) {
    it(`${plan}: periods ${Object.entries(expected.days)
      .filter(([, status]) => status === 200)
      .map(([days]) => days)
      .join(', ')}; download ${expected.download === 200 ? 'yes' : 'no'}`, async () => {
      const creator = await creatorOn(t.app, plan);
      for (const [days, status] of Object.entries(expected.days)) {
        const answer = await t.app.inject({ url: `/api/me/analytics?days=${days}`, headers: { cookie: creator.cookie } });
        expect(answer.statusCode, `${plan} ${days} days`).toBe(status);
        if (status === 403) {
          expect(answer.json()).toEqual({
            code: 'plan_feature',
            message: `The last ${days} days of analytics come with Pro and Business. See Pricing for how to upgrade.`,
          });
        }
      }
      const download = await t.app.inject({ url: '/api/me/analytics/export?days=7', headers: { cookie: creator.cookie } });
      expect(download.statusCode, `${plan} download`).toBe(expected.download);
      if (expected.download === 403) {
        expect(download.json().message).toBe('Downloading your analytics comes with Pro and Business. See Pricing for how to upgrade.');
      }
    });
  }

  it('follows the operator’s PLAN_LIMITS, and the site says what each plan shows', async () => {
    const generous = await createTestApp({
      config: { planLimits: mergePlanLimits({ free: { analyticsDays: [7, 30, 90], analyticsExport: true } }) },
    });
    try {
      const creator = await creatorOn(generous.app, 'free');
      expect((await generous.app.inject({ url: '/api/me/analytics?days=90', headers: { cookie: creator.cookie } })).statusCode).toBe(200);
      expect((await generous.app.inject({ url: '/api/me/analytics/export?days=90', headers: { cookie: creator.cookie } })).statusCode).toBe(
        200,
      );
    } finally {
      await generous.close();
    }
    const features = (await t.app.inject({ url: '/api/site/features' })).json().data;
    expect(features.planLimits.free).toMatchObject({ analyticsDays: [7, 30], analyticsExport: false });
    expect(features.planLimits.business).toMatchObject({ analyticsDays: [7, 30, 90], analyticsExport: true });

    const parsed = loadConfig({ PLAN_LIMITS: '{"free":{"analyticsDays":[90,7],"analyticsExport":true}}' });
    expect(parsed.planLimits.free).toMatchObject({ links: 5, analyticsDays: [7, 90], analyticsExport: true });
    expect(() => loadConfig({ PLAN_LIMITS: '{"free":{"analyticsDays":[30]}}' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLAN_LIMITS: '{"free":{"analyticsDays":[14]}}' })).toThrow(ConfigError);
  });
});
