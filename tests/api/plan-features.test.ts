import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '#shared/constants.ts';
import { CUSTOMIZATION_DEFAULTS } from '#shared/customization.ts';
import { ConfigError, loadConfig, mergePlanLimits } from '#server/config.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createLink, createUser, setPlan, setPlanAsAdmin } from '../helpers/factories.ts';
import { type Visit, storeVisits } from '#server/analytics/analytics-store.ts';
import { minutesAgo, visitOf } from '../helpers/events.ts';

// What each plan unlocks (issue 33: analytics depth, fonts, themes, layouts, and links past a downgrade),
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
  await setPlan(app, creator.user.id, plan);
  return creator;
}

const PLAN_TABLE: Record<Plan, { days: Record<'7' | '30' | '90' | '365' | 'all', number>; download: number }> = {
  free: { days: { 7: 200, 30: 200, 90: 403, 365: 403, all: 403 }, download: 403 },
  pro: { days: { 7: 200, 30: 200, 90: 200, 365: 403, all: 403 }, download: 200 },
  business: { days: { 7: 200, 30: 200, 90: 200, 365: 200, all: 200 }, download: 200 },
};
const PERIOD_REFUSED: Record<string, string> = {
  '90': 'The last 90 days of analytics come with Pro and Business. See Pricing for how to upgrade.',
  '365': 'The last 365 days of analytics come with Business. See Pricing for how to upgrade.',
  all: 'Analytics of all time come with Business. See Pricing for how to upgrade.',
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
          expect(answer.json()).toEqual({ code: 'plan_feature', message: PERIOD_REFUSED[days] });
        }
      }
      const download = await t.app.inject({ url: '/api/me/analytics/export?days=7', headers: { cookie: creator.cookie } });
      expect(download.statusCode, `${plan} download`).toBe(expected.download);
      if (expected.download === 403) {
        expect(download.json().message).toBe('Downloading your analytics comes with Pro and Business. See Pricing for how to upgrade.');
      }
    });
  }

  // Issue 52 §2: what each plan's report holds, from visits made here at known days. Written out, not read from the table.
  const DEPTH: Record<Plan, { advanced: boolean; premium: boolean }> = {
    free: { advanced: false, premium: false },
    pro: { advanced: true, premium: false },
    business: { advanced: true, premium: true },
  };
  for (const [plan, depth] of Object.entries(DEPTH) as [Plan, (typeof DEPTH)[Plan]][]) {
    it(`${plan}: ${depth.premium ? 'basic, advanced and premium' : depth.advanced ? 'basic and advanced' : 'basic'} analytics`, async () => {
      const creator = await creatorOn(t.app, plan);
      const link = await createLink(t.app, creator, { title: 'Shop', url: 'https://shop.example/' });
      const visit = (fields: Partial<Visit>) => visitOf({ userId: creator.user.id, ...fields });
      // This week: two visitors, one of whom clicked; the week before: one visitor who did not.
      await storeVisits(t.app.db, [
        visit({}),
        visit({ visitorHash: 'visitor-b', device: 'desktop', browser: 'Chrome', inApp: 'Instagram' }),
        visit({ kind: 'click', linkId: link.id }),
        visit({ visitorHash: 'visitor-c', at: minutesAgo(8 * 24 * 60) }),
      ]);
      const report = (await t.app.inject({ url: '/api/me/analytics?days=7', headers: { cookie: creator.cookie } })).json().data;
      expect(report).toMatchObject({ profileViews: 2, uniqueVisitors: 2, linkClicks: 1, uniqueClicks: 1, conversionRate: 50 });
      expect(report.topLinks[0]).toMatchObject({ id: link.id, clicks: 1, clickThroughRate: depth.advanced ? 50 : null });
      if (depth.advanced) {
        expect(report.devices).toEqual([
          { name: 'desktop', visits: 1, percentage: 50 },
          { name: 'mobile', visits: 1, percentage: 50 },
          { name: 'tablet', visits: 0, percentage: 0 },
        ]);
        expect(report.browsers.map((browser: { name: string }) => browser.name)).toEqual(['Chrome', 'Mobile Safari']);
        expect(report.inAppBrowsers).toEqual([{ name: 'Instagram', visits: 1, percentage: 50 }]);
      } else {
        expect(report).toMatchObject({ devices: null, browsers: null, inAppBrowsers: null });
      }
      // Campaigns, full referrers and the heat map (Business); their figures are checked in premium-analytics.test.ts.
      if (depth.premium) {
        expect(report.campaigns).toEqual([]);
        expect(report.referrers).toEqual([]);
        expect(report.heatMap).toHaveLength(7);
      } else {
        expect(report).toMatchObject({ campaigns: null, referrers: null, heatMap: null });
      }
      // Live visitors of the last 30 minutes (Business): visitor-one (who viewed and clicked) and visitor-b, once each.
      const live = await t.app.inject({ url: '/api/me/analytics/live', headers: { cookie: creator.cookie } });
      if (depth.premium) {
        expect(live.statusCode).toBe(200);
        expect(live.json().data.visitors).toBe(2);
      } else {
        expect(live.statusCode).toBe(403);
        expect(live.json()).toEqual({
          code: 'plan_feature',
          message: 'Live visitors come with Business. See Pricing for how to upgrade.',
        });
      }
      expect(report.comparison).toEqual(
        depth.premium
          ? {
              profileViews: { previous: 1, change: 100 },
              uniqueVisitors: { previous: 1, change: 100 },
              linkClicks: { previous: 0, change: null },
              uniqueClicks: { previous: 0, change: null },
              conversionRate: { previous: 0, change: 50 },
            }
          : null,
      );
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
    expect(features.planLimits.business).toMatchObject({ analyticsDays: [7, 30, 90, 365, 'all'], analyticsExport: true });

    const parsed = loadConfig({ PLAN_LIMITS: '{"free":{"analyticsDays":[90,7],"analyticsExport":true}}' });
    expect(parsed.planLimits.free).toMatchObject({ links: 5, analyticsDays: [7, 90], analyticsExport: true });
    expect(() => loadConfig({ PLAN_LIMITS: '{"free":{"analyticsDays":[30]}}' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLAN_LIMITS: '{"free":{"analyticsDays":[14]}}' })).toThrow(ConfigError);
    // All time is a period like the others: given to Pro here, in the table's order.
    const allTime = loadConfig({ PLAN_LIMITS: '{"pro":{"analyticsDays":["all",7,90]}}' });
    expect(allTime.planLimits.pro.analyticsDays).toEqual([7, 90, 'all']);
    expect(() => loadConfig({ PLAN_LIMITS: '{"pro":{"analyticsDays":[7,"forever"]}}' })).toThrow(ConfigError);
  });
});

describe(`what each plan unlocks: fonts (${DIALECT})`, () => {
  const putLook = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie }, payload });
  /** The font the page's own look sets (after the stylesheet's default). */
  const fontOfPage = async (username: string) =>
    [...(await t.app.inject({ url: `/${username}` })).body.matchAll(/--lv-font:(.{0,40})/g)].at(-1)?.[1] ?? '';

  it('Free keeps the default font: another is refused with the plans that have it', async () => {
    const creator = await creatorOn(t.app, 'free');
    const refused = await putLook(creator.cookie, { font: 'Lora', accentColor: '#123456' });
    expect(refused.statusCode).toBe(403);
    const message = 'Fonts other than the default (Inter) come with Pro and Business. See Pricing for how to upgrade.';
    expect(refused.json()).toEqual({ code: 'plan_feature', message, fieldErrors: { font: message } });
    // Nothing of the refused save was kept.
    expect((await t.app.inject({ url: '/api/me/customization', headers: { cookie: creator.cookie } })).json().data.accentColor).toBe(
      '#F97316',
    );
    expect((await putLook(creator.cookie, { font: 'Inter', accentColor: '#123456' })).statusCode).toBe(200);
  });

  // Issue 52: Free draws 1 layout, Pro 5, Business all 12. Written out, not read from the plan table.
  const LAYOUTS_BY_PLAN: Array<[layout: string, name: string, free: string | null, pro: string | null]> = [
    // The plans named when refused, on Free and on Pro (null: drawn).
    ['centered', 'Classic', null, null],
    ['left', 'Left aligned', 'Pro and Business', null],
    ['card', 'Card', 'Pro and Business', null],
    ['tiles', 'Tiles', 'Pro and Business', null],
    ['minimal', 'Minimal', 'Pro and Business', null],
    ['split', 'Split', 'Business', 'Business'],
    ['cover', 'Cover', 'Business', 'Business'],
    ['magazine', 'Magazine', 'Business', 'Business'],
    ['bento', 'Bento', 'Business', 'Business'],
    ['big-cards', 'Big cards', 'Business', 'Business'],
    ['carousel', 'Carousel', 'Business', 'Business'],
    ['columns', 'Two columns', 'Business', 'Business'],
  ];
  for (const plan of ['free', 'pro', 'business'] as const) {
    it(`${plan}: ${{ free: 'the Classic layout alone', pro: 'the first 5 layouts', business: 'all 12 layouts' }[plan]}`, async () => {
      const creator = await creatorOn(t.app, plan);
      for (const [layout, name, onFree, onPro] of LAYOUTS_BY_PLAN) {
        const refusedBy = { free: onFree, pro: onPro, business: null }[plan];
        const answer = await putLook(creator.cookie, { profileLayout: layout });
        if (refusedBy === null) {
          expect(answer.statusCode, layout).toBe(200);
          const html = (await t.app.inject({ url: `/${creator.user.username}` })).body;
          expect(html, layout).toContain(`data-layout="${layout}"`);
        } else {
          expect(answer.statusCode, layout).toBe(403);
          const message = `The ${name} layout comes with ${refusedBy}. See Pricing for how to upgrade.`;
          expect(answer.json(), layout).toEqual({ code: 'plan_feature', message, fieldErrors: { profileLayout: message } });
        }
      }
    });
  }

  it('a layout kept from a higher plan is drawn as Classic, kept, and drawn again with the plan', async () => {
    const creator = await creatorOn(t.app, 'business');
    expect((await putLook(creator.cookie, { profileLayout: 'bento' })).statusCode).toBe(200);
    const drawnLayout = async () =>
      (await t.app.inject({ url: `/api/public/${creator.user.username}` })).json().data.customization.profileLayout;
    const savedLayout = async () =>
      (await t.app.inject({ url: '/api/me/customization', headers: { cookie: creator.cookie } })).json().data.profileLayout;
    await setPlan(t.app, creator.user.id, 'pro');
    // The public API reads the account afresh (the page's own cache is emptied by the admin's change, tested below).
    expect(await drawnLayout()).toBe('centered');
    expect(await savedLayout()).toBe('bento');
    // Another save on Pro leaves the kept layout alone, and going back to the default is never refused.
    expect((await putLook(creator.cookie, { accentColor: '#123456' })).statusCode).toBe(200);
    expect(await savedLayout()).toBe('bento');
    await setPlan(t.app, creator.user.id, 'business');
    expect(await drawnLayout()).toBe('bento');
    await setPlan(t.app, creator.user.id, 'free');
    expect(await drawnLayout()).toBe('centered');
    expect((await putLook(creator.cookie, { profileLayout: 'centered' })).statusCode).toBe(200);
  });

  for (const plan of ['pro', 'business'] as const) {
    it(`${plan} chooses any font, and the page draws it`, async () => {
      const creator = await creatorOn(t.app, plan);
      expect((await putLook(creator.cookie, { font: 'Lora' })).statusCode).toBe(200);
      expect(await fontOfPage(creator.user.username)).toContain('Lora');
    });
  }

  it('a downgrade keeps the chosen font, draws the default until the plan has it again, and other saves still work', async () => {
    const creator = await creatorOn(t.app, 'pro');
    expect((await putLook(creator.cookie, { font: 'Lora' })).statusCode).toBe(200);
    expect(await setPlanAsAdmin(t.app, creator.user.id, 'free')).toBe(200);
    expect(await fontOfPage(creator.user.username)).not.toContain('Lora');
    expect(await fontOfPage(creator.user.username)).toContain('Inter');
    // The kept font does not block the rest of the look, and is still the document's.
    expect((await putLook(creator.cookie, { font: 'Lora', accentColor: '#654321' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me/customization', headers: { cookie: creator.cookie } })).json().data.font).toBe('Lora');
    const publicApi = (await t.app.inject({ url: `/api/public/${creator.user.username}` })).json().data;
    expect(publicApi.customization.font).toBe('Inter');
    expect(await setPlanAsAdmin(t.app, creator.user.id, 'pro')).toBe(200);
    expect(await fontOfPage(creator.user.username)).toContain('Lora');
  });
});

describe(`what each plan unlocks: themes (${DIALECT})`, () => {
  const putLook = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie }, payload });
  const drawn = async (username: string) => (await t.app.inject({ url: `/api/public/${username}` })).json().data.customization;
  const saved = async (cookie: string) => (await t.app.inject({ url: '/api/me/customization', headers: { cookie } })).json().data;
  // Written out, not read from QUICK_THEMES: Ocean is one of the eight basic themes, Cyber is not. These are Ocean's
  // colours before issue 51 darkened them: a page that chose them keeps them on Free (OCEAN_NOW is today's).
  const OCEAN = {
    primaryColor: '#0EA5E9',
    secondaryColor: '#22D3EE',
    profileImageBorderColor: '#0EA5E9',
    profileRingColor: '#0EA5E9',
    backgroundType: 'gradient',
    backgroundGradient: 'custom',
    customGradient: '#082F49,#0C4A6E',
  };
  const OCEAN_NOW = {
    ...OCEAN,
    primaryColor: '#0369A1',
    secondaryColor: '#0E7490',
    profileImageBorderColor: '#0369A1',
    profileRingColor: '#0369A1',
  };
  const CYBER = {
    ...OCEAN,
    primaryColor: '#22D3EE',
    secondaryColor: '#E879F9',
    profileImageBorderColor: '#22D3EE',
    profileRingColor: '#22D3EE',
    customGradient: '#030712,#1E1B4B',
  };
  const message =
    'Your own colours and backgrounds, and themes beyond the 8 basic ones, come with Pro and Business. See Pricing for how to upgrade.';

  // Each save on Free, and whether it is kept to the basic themes; Pro and Business take every one.
  const SAVES: [string, Record<string, unknown>, 'allowed' | 'locked'][] = [
    ['a basic quick theme (Ocean)', OCEAN_NOW, 'allowed'],
    ['a basic quick theme in its earlier colours', OCEAN, 'allowed'],
    ['the default look in its earlier colours', { primaryColor: '#8B5CF6', secondaryColor: '#EC4899' }, 'allowed'],
    [
      'a basic theme in lower case',
      { ...OCEAN, primaryColor: '#0ea5e9', profileImageBorderColor: '#0ea5e9', profileRingColor: '#0ea5e9' },
      'allowed',
    ],
    ['another quick theme (Cyber)', CYBER, 'locked'],
    ['a colour of its own', { primaryColor: '#123456' }, 'locked'],
    ['a named gradient', { backgroundGradient: 'sunset' }, 'locked'],
    ['a solid background', { backgroundType: 'solid' }, 'locked'],
    ['a ring colour of its own', { profileRingColor: '#00FF00' }, 'locked'],
    ['colours outside the theme', { accentColor: '#123456', textColor: '#FAFAFA', iconColor: '#EEEEEE' }, 'allowed'],
  ];
  for (const plan of ['free', 'pro', 'business'] as const) {
    it(`${plan}: ${plan === 'free' ? 'the default and the 8 basic themes' : 'every theme, colour and background'}`, async () => {
      for (const [what, payload, onFree] of SAVES) {
        const creator = await creatorOn(t.app, plan);
        const answer = await putLook(creator.cookie, payload);
        if (plan === 'free' && onFree === 'locked') {
          expect(answer.statusCode, what).toBe(403);
          const field = Object.keys(payload)[0]!;
          expect(answer.json(), what).toEqual({ code: 'plan_feature', message, fieldErrors: { [field]: message } });
          expect(await saved(creator.cookie), what).toMatchObject({
            primaryColor: CUSTOMIZATION_DEFAULTS.primaryColor,
            backgroundGradient: 'purple-to-blue',
            backgroundType: 'gradient',
          });
        } else {
          expect(answer.statusCode, what).toBe(200);
          expect(await drawn(creator.user.username), what).toMatchObject(payload);
        }
      }
    });
  }

  it('a downgrade keeps the theme, draws the default until the plan has it again, and going back to a default is never refused', async () => {
    const creator = await creatorOn(t.app, 'pro');
    expect((await putLook(creator.cookie, { ...CYBER, backgroundGradient: 'custom', accentColor: '#ABCDEF' })).statusCode).toBe(200);
    await setPlan(t.app, creator.user.id, 'free');
    expect(await drawn(creator.user.username)).toMatchObject({
      primaryColor: CUSTOMIZATION_DEFAULTS.primaryColor,
      secondaryColor: CUSTOMIZATION_DEFAULTS.secondaryColor,
      backgroundGradient: 'purple-to-blue',
      accentColor: '#ABCDEF',
    });
    expect(await saved(creator.cookie)).toMatchObject(CYBER);
    // Listed to the creator.
    const keptOffPage = async () =>
      (await t.app.inject({ url: '/api/me/limits', headers: { cookie: creator.cookie } })).json().data.keptOffPage;
    expect(await keptOffPage()).toEqual({ links: 0, look: ['Your own theme colours and background: your page shows the default theme.'] });
    // The rest of the look saves; another colour of its own does not; the default background type does.
    expect((await putLook(creator.cookie, { cardPadding: 30, ...CYBER })).statusCode).toBe(200);
    expect((await putLook(creator.cookie, { secondaryColor: '#111111' })).statusCode).toBe(403);
    expect(
      (await putLook(creator.cookie, { backgroundType: 'gradient', primaryColor: CUSTOMIZATION_DEFAULTS.primaryColor })).statusCode,
    ).toBe(200);
    // A basic theme is drawn at once.
    expect((await putLook(creator.cookie, OCEAN)).statusCode).toBe(200);
    expect(await drawn(creator.user.username)).toMatchObject(OCEAN);
    expect(await keptOffPage()).toEqual({ links: 0, look: [] });
    await setPlan(t.app, creator.user.id, 'pro');
    expect((await putLook(creator.cookie, CYBER)).statusCode).toBe(200);
    expect(await drawn(creator.user.username)).toMatchObject(CYBER);
    // The page itself, not only its API: the stylesheet carries the drawn primary colour.
    expect((await t.app.inject({ url: `/${creator.user.username}` })).body).toContain('#22D3EE');
    // Changed by an admin, as a downgrade is: the cached page follows.
    expect(await setPlanAsAdmin(t.app, creator.user.id, 'free')).toBe(200);
    expect((await t.app.inject({ url: `/${creator.user.username}` })).body).not.toContain('#22D3EE');
  });
});

describe(`the operator turns a plan's page parts on and off (${DIALECT})`, () => {
  it('PLAN_LIMITS gives Free every font and no footer, and gives Pro 3 layouts; the server, the page and the site follow', async () => {
    const custom = await createTestApp({
      config: {
        planLimits: mergePlanLimits({
          free: { customFonts: true, allThemes: true, removeBranding: true },
          pro: { layouts: 3, verifiedBadge: true },
        }),
      },
    });
    try {
      const free = await creatorOn(custom.app, 'free');
      const put = (cookie: string, payload: Record<string, unknown>) =>
        custom.app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie }, payload });
      expect((await put(free.cookie, { font: 'Lora', primaryColor: '#123456' })).statusCode).toBe(200);
      const page = (await custom.app.inject({ url: `/api/public/${free.user.username}` })).json().data;
      expect(page.customization).toMatchObject({ font: 'Lora', primaryColor: '#123456' });
      expect(page.profile.showBranding).toBe(false);
      expect((await custom.app.inject({ url: `/${free.user.username}` })).body).not.toContain('Powered by');

      const pro = await creatorOn(custom.app, 'pro');
      expect((await put(pro.cookie, { profileLayout: 'card' })).statusCode).toBe(200);
      const refused = await put(pro.cookie, { profileLayout: 'tiles' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'plan_feature',
        message: 'The Tiles layout comes with Business. See Pricing for how to upgrade.',
      });
      expect((await custom.app.inject({ url: `/api/public/${pro.user.username}` })).json().data.profile.verified).toBe(true);
      const features = (await custom.app.inject({ url: '/api/site/features' })).json().data;
      expect(features.planLimits.free).toMatchObject({ customFonts: true, allThemes: true, layouts: 1, removeBranding: true });
      expect(features.planLimits.pro).toMatchObject({ customFonts: true, layouts: 3, removeBranding: true });
    } finally {
      await custom.close();
    }
    // The default table: Free shows the footer; only Business shows the badge without buying it.
    for (const [plan, footer, badge] of [
      ['free', true, false],
      ['pro', false, false],
      ['business', false, true],
    ] as const) {
      const creator = await creatorOn(t.app, plan);
      const { profile } = (await t.app.inject({ url: `/api/public/${creator.user.username}` })).json().data;
      expect([plan, profile.showBranding, profile.verified]).toEqual([plan, footer, badge]);
    }
    expect(() => loadConfig({ PLAN_LIMITS: '{"free":{"customFonts":"yes"}}' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLAN_LIMITS: '{"free":{"allThemes":1}}' })).toThrow(ConfigError);
    expect(loadConfig({ PLAN_LIMITS: '{"free":{"allThemes":true}}' }).planLimits.free.allThemes).toBe(true);
  });
});

describe(`a downgrade keeps every link (${DIALECT})`, () => {
  it('leaves the links past the plan’s limit off the page, in the creator’s order, and keeps them', async () => {
    const creator = await creatorOn(t.app, 'pro');
    const links = [];
    for (let index = 1; index <= 7; index++)
      links.push(await createLink(t.app, creator, { title: `Link ${index}`, url: `https://l${index}.example/` }));
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/links/blocks',
      headers: { cookie: creator.cookie },
      payload: { type: 'header', title: 'More' },
    });
    expect(block.statusCode).toBe(201);
    const titlesOnPage = async () => {
      const data = (await t.app.inject({ url: `/api/public/${creator.user.username}` })).json().data;
      return data.items.map((item: { title?: string; type: string }) => item.title ?? item.type);
    };
    expect(await titlesOnPage()).toHaveLength(8);

    expect(await setPlanAsAdmin(t.app, creator.user.id, 'free')).toBe(200);
    expect(await titlesOnPage()).toEqual(['Link 1', 'Link 2', 'Link 3', 'Link 4', 'Link 5', 'More']);
    const limits = (await t.app.inject({ url: '/api/me/limits', headers: { cookie: creator.cookie } })).json().data;
    expect(limits.keptOffPage).toEqual({ links: 2, look: [] });
    const page = (await t.app.inject({ url: `/${creator.user.username}` })).body;
    expect(page).toContain('Link 5');
    expect(page).not.toContain('Link 6');
    // Kept: the owner still has all seven, and a hidden link's address still leads on.
    expect(
      (await t.app.inject({ url: `/api/users/${creator.user.id}/links`, headers: { cookie: creator.cookie } })).json().data,
    ).toHaveLength(8);
    expect((await t.app.inject({ url: `/go/${links[6].id}` })).statusCode).toBe(302);

    // Moving a link up shows it instead of the last one shown.
    const order = [links[6].id, ...links.slice(0, 6).map((link) => link.id)];
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/links/order', headers: { cookie: creator.cookie }, payload: { ids: order } }))
        .statusCode,
    ).toBe(200);
    expect(await titlesOnPage()).toEqual(['Link 7', 'Link 1', 'Link 2', 'Link 3', 'Link 4', 'More']);
  });
});
