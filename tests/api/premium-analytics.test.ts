import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Visit, storeVisits } from '#server/analytics/analytics-store.ts';
import { analyticsOf } from '#server/analytics/analytics.service.ts';
import { IPHONE, DESKTOP } from '../helpers/user-agents.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, setPlan } from '../helpers/factories.ts';
import { visitOf } from '../helpers/events.ts';

// Business's premium analytics (issue 52 §2): campaigns with their views,
// visitors and clicks, full referring addresses, the hour-by-weekday heat map
// in the creator's time zone, and all time; from visits made here with known
// UTM values, referrers, times and time zones, on the real database of this run.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function businessCreator(): Promise<SignedInUser> {
  const creator = await createUser(t.app);
  await setPlan(t.app, creator.user.id, 'business');
  return creator;
}

const visit = (url: string, ip: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, remoteAddress: ip, headers });

async function reportOf(owner: SignedInUser, days: string | number = 7) {
  await t.app.events.flush();
  const response = await t.app.inject({ url: `/api/me/analytics?days=${days}`, headers: { cookie: owner.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function setTimeZone(owner: SignedInUser, timeZone: string) {
  const patched = await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: owner.cookie }, payload: { timeZone } });
  expect(patched.statusCode).toBe(200);
}

describe(`campaigns and referring addresses (${DIALECT})`, () => {
  it('counts each campaign’s views, visitors and the clicks of its visitors, and keeps referrers without their query', async () => {
    const creator = await businessCreator();
    const shop = await createLink(t.app, creator, { title: 'Shop', url: 'https://shop.example/' });
    const blog = await createLink(t.app, creator, { title: 'Blog', url: 'https://blog.example/' });
    const page = `/${creator.user.username}`;
    const launch = `${page}?utm_source=newsletter&utm_medium=email&utm_campaign=launch`;

    // Two people come through the newsletter; the first clicks the shop once its view is written (its window holds the campaign).
    await visit(launch, '81.2.69.142', { 'user-agent': IPHONE });
    await visit(launch, '8.8.8.8', { 'user-agent': DESKTOP });
    await t.app.events.flush();
    await visit(`/go/${shop.id}`, '81.2.69.142', { 'user-agent': IPHONE });
    // A third comes from Instagram's campaign and clicks at once (view and click written in one batch).
    await visit(`${page}?utm_source=instagram&utm_medium=social&utm_campaign=bio`, '8.8.4.4', { 'user-agent': DESKTOP });
    await visit(`/go/${blog.id}`, '8.8.4.4', { 'user-agent': DESKTOP });
    // A click that carries its own campaign keeps it.
    await visit(`/go/${blog.id}?utm_campaign=qr-poster`, '9.9.9.9', { 'user-agent': IPHONE });
    // A click by someone who came without a campaign is no campaign's.
    await visit(page, '1.1.1.1', { 'user-agent': IPHONE, referer: 'https://news.example.org/story/42?token=secret#top' });
    await visit(`/go/${shop.id}`, '1.1.1.1', { 'user-agent': IPHONE });
    await visit(page, '1.0.0.1', { 'user-agent': DESKTOP, referer: 'https://www.google.com/' });
    // Hostile values: markup, control characters (the campaign's own separator among them) and 300 characters are kept
    // as bounded text (a NUL is refused for every query, with a 400).
    const hostile = `<img src=x onerror=alert(1)>\u001f\u0007${'x'.repeat(300)}`;
    const hostileVisit = await visit(`${page}?utm_campaign=${encodeURIComponent(hostile)}&utm_medium=%0D%0Aset-cookie`, '4.4.4.4', {
      'user-agent': DESKTOP,
    });
    expect(hostileVisit.statusCode, hostileVisit.body).toBe(200);

    const report = await reportOf(creator);
    const kept = `<img src=x onerror=alert(1)> ${'x'.repeat(300)}`.slice(0, 100);
    expect(report.campaigns).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'launch', views: 2, visitors: 2, clicks: 1 },
      { source: 'instagram', medium: 'social', campaign: 'bio', views: 1, visitors: 1, clicks: 1 },
      { source: '', medium: 'set-cookie', campaign: kept, views: 1, visitors: 1, clicks: 0 },
      { source: '', medium: '', campaign: 'qr-poster', views: 0, visitors: 0, clicks: 1 },
    ]);
    expect(report.referrers).toEqual([
      { address: 'news.example.org/story/42', visits: 1, percentage: 16.7 },
      { address: 'www.google.com', visits: 1, percentage: 16.7 },
    ]);
    expect(report.linkClicks).toBe(4);

    // The CSV has a row per campaign and day, its values as text (a formula-like one neutralised).
    const today = new Date().toISOString().slice(0, 10);
    const campaignLinesOf = async () => {
      const csv = await t.app.inject({ url: '/api/me/analytics/export?days=7', headers: { cookie: creator.cookie } });
      return csv.body.split('\r\n').filter((line) => line.includes(',campaign,'));
    };
    expect(await campaignLinesOf()).toEqual([
      `${today},campaign,,,,0,0,1,1,,,qr-poster`,
      `${today},campaign,,,,1,1,0,0,,set-cookie,${kept}`,
      `${today},campaign,,,,1,1,1,1,instagram,social,bio`,
      `${today},campaign,,,,2,2,1,1,newsletter,email,launch`,
    ]);
    const formula = await visit(`${page}?utm_source=%3D1%2B1&utm_campaign=%40SUM(A1)`, '5.5.5.5', { 'user-agent': DESKTOP });
    expect(formula.statusCode).toBe(200);
    await t.app.events.flush();
    expect(await campaignLinesOf()).toContain(`${today},campaign,,,,1,1,0,0,'=1+1,,'@SUM(A1)`);
  });
});

describe(`the heat map, in the creator's time zone (${DIALECT})`, () => {
  const at = (userId: number, iso: string, visitorHash: string): Visit => visitOf({ userId, at: iso, visitorHash });
  // Monday 23 November 2026, 23:30 UTC.
  const instant = '2026-11-23T23:30:00.000Z';
  const now = Date.parse('2026-11-25T12:00:00.000Z');

  for (const [timeZone, weekday, hour, why] of [
    ['Asia/Kolkata', 1, 5, 'UTC+5:30: Tuesday 05:00'],
    ['Asia/Kathmandu', 1, 5, 'UTC+5:45: Tuesday 05:15'],
    ['America/New_York', 0, 18, 'UTC-5: Monday 18:30'],
    ['UTC', 0, 23, 'Monday 23:30'],
  ] as const) {
    it(`puts a visit in its hour and weekday in ${timeZone} (${why})`, async () => {
      const creator = await businessCreator();
      await setTimeZone(creator, timeZone);
      const userId = creator.user.id;
      await storeVisits(t.app.db, [at(userId, instant, 'a'), at(userId, instant, 'b')]);
      // Three hours later, another visitor.
      await storeVisits(t.app.db, [at(userId, '2026-11-24T02:30:00.000Z', 'c')]);
      const owner = await t.app.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      const report = await analyticsOf(t.app.db, owner, 7, { advanced: true, premium: true }, now);
      const expected = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
      expected[weekday]![hour] = 2;
      const later = (weekday * 24 + hour + 3) % (7 * 24);
      expected[Math.floor(later / 24)]![later % 24] = 1;
      expect(report.heatMap).toEqual(expected);
    });
  }
});

describe(`all time (${DIALECT})`, () => {
  it('reads from the first day with figures, without a period before it', async () => {
    const creator = await businessCreator();
    const userId = creator.user.id;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await storeVisits(t.app.db, [visitOf({ userId, at: daysAgo(400), visitorHash: 'early' })]);
    await storeVisits(t.app.db, [visitOf({ userId, at: daysAgo(0), visitorHash: 'late' })]);
    const allTime = await reportOf(creator, 'all');
    expect(allTime).toMatchObject({
      period: 'all',
      days: 401,
      from: daysAgo(400).slice(0, 10),
      profileViews: 2,
      viewsTrend: null,
      clicksTrend: null,
      comparison: null,
    });
    expect(allTime.dailyVisits).toHaveLength(401);
    expect((await reportOf(creator, 365)).profileViews).toBe(1);

    // A new profile's all time is today.
    const fresh = await businessCreator();
    expect(await reportOf(fresh, 'all')).toMatchObject({ days: 1, profileViews: 0 });

    // Pro has no all time.
    const pro = await createUser(t.app);
    await setPlan(t.app, pro.user.id, 'pro');
    const refused = await t.app.inject({ url: '/api/me/analytics?days=all', headers: { cookie: pro.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'plan_feature',
      message: 'Analytics of all time come with Business. See Pricing for how to upgrade.',
    });
  });
});
