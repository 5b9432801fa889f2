import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsMessages } from '#shared/analytics.ts';
import { WriterMemory, type Visit, storeVisits } from '#server/analytics/analytics-store.ts';
import { pruneAnalytics } from '#server/analytics/analytics-writes.repository.ts';
import { analyticsOf } from '#server/analytics/analytics.service.ts';
import { IPHONE, DESKTOP, IPAD } from '../helpers/user-agents.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createLink, createUser, uniqueUsername, setPlan } from '../helpers/factories.ts';
import { countVisits, visitOf } from '../helpers/events.ts';

// What counts as a view or a click, and the figures the dashboard reads from
// the daily rollups, on the real database of this run.

const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0 A',
  'TelegramBot (like TwitterBot)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
  'curl/8.5.0',
  'python-requests/2.31.0',
  'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  'Iframely/1.3.1 (+https://iframely.com/docs/about)',
];

let t: TestApp;
let creator: SignedInUser;
let shop: { id: number };
let blog: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.app, { username: uniqueUsername('stats') });
  // On Pro: devices, browsers and each link's click-through rate are advanced analytics (issue 52 §2).
  await setPlan(t.app, creator.user.id, 'pro');
  shop = await createLink(t.app, creator, { title: 'Shop', url: 'https://shop.example/' });
  blog = await createLink(t.app, creator, { title: 'Blog', url: 'https://blog.example/' });
});
afterAll(() => t.close());

const visit = (url: string, ip: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, remoteAddress: ip, headers });

const report = async (owner: SignedInUser, days = 7) => {
  await t.app.events.flush();
  const response = await t.app.inject({ method: 'GET', url: `/api/me/analytics?days=${days}`, headers: { cookie: owner.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe(`what counts (${DIALECT})`, () => {
  it('counts people once per 30 minutes, never bots, HEAD, prefetches or the owner', async () => {
    const page = `/${creator.user.username}`;
    // Four people, each arriving from somewhere else: three referrers and a campaign.
    await visit(page, '81.2.69.142', { 'user-agent': IPHONE, referer: 'https://l.instagram.com/?u=x' });
    await visit(`${page}?utm_source=tiktok`, '8.8.8.8', { 'user-agent': DESKTOP });
    await visit(page, '10.0.0.3', { 'user-agent': IPAD, referer: 'https://news.example.org/story' });
    await visit(page, '8.8.4.4', { 'user-agent': DESKTOP, referer: 'https://www.google.com/' });
    // The first reloads 50 times: one view, 51 hits.
    for (let reload = 0; reload < 50; reload += 1) await visit(page, '81.2.69.142', { 'user-agent': IPHONE });
    // Not visits.
    for (const bot of BOTS) await visit(page, '66.249.66.1', { 'user-agent': bot });
    await visit(page, '66.249.66.2', {});
    await visit(page, '192.0.2.10', { 'user-agent': DESKTOP }, 'HEAD');
    await visit(page, '192.0.2.11', { 'user-agent': DESKTOP, 'sec-purpose': 'prefetch;prerender' });
    await visit(page, '192.0.2.12', { 'user-agent': DESKTOP, purpose: 'prefetch' });
    await visit(page, '192.0.2.13', { 'user-agent': DESKTOP, cookie: creator.cookie });
    // Clicks: the first person twice on the shop, the second on both links.
    await visit(`/go/${shop.id}`, '81.2.69.142', { 'user-agent': IPHONE });
    await visit(`/go/${shop.id}`, '81.2.69.142', { 'user-agent': IPHONE });
    await visit(`/go/${shop.id}`, '8.8.8.8', { 'user-agent': DESKTOP });
    await visit(`/go/${blog.id}`, '8.8.8.8', { 'user-agent': DESKTOP });
    await visit(`/go/${blog.id}`, '192.0.2.13', { 'user-agent': DESKTOP, cookie: creator.cookie });
    await visit(`/go/${blog.id}`, '66.249.66.1', { 'user-agent': BOTS[0]! });

    const data = await report(creator);
    expect(data).toMatchObject({
      days: 7,
      timeZone: 'UTC',
      totalViews: 4,
      profileViews: 4,
      uniqueVisitors: 4,
      linkClicks: 3,
      // Two of the four clicked (the second on both links): visitors who clicked, not link-visitor pairs.
      uniqueClicks: 2,
      conversionRate: 50,
      viewsTrend: null,
      clicksTrend: null,
    });
    expect(data.dailyVisits).toHaveLength(7);
    expect(data.dailyVisits.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 4, clicks: 3 });
    expect(data.dailyVisits.slice(0, 6).every((day: { count: number }) => day.count === 0)).toBe(true);
    expect(data.topLinks).toEqual([
      { id: shop.id, name: 'Shop', url: 'https://shop.example/', clicks: 2, uniqueClicks: 2, share: 66.7, clickThroughRate: 50 },
      { id: blog.id, name: 'Blog', url: 'https://blog.example/', clicks: 1, uniqueClicks: 1, share: 33.3, clickThroughRate: 25 },
    ]);
    expect(data.sources).toEqual([
      { name: 'Google', visits: 1, percentage: 25 },
      { name: 'Instagram', visits: 1, percentage: 25 },
      { name: 'TikTok', visits: 1, percentage: 25 },
      { name: 'news.example.org', visits: 1, percentage: 25 },
    ]);
    expect(data.countries).toEqual([
      { name: 'US', visits: 2, percentage: 50 },
      { name: '', visits: 1, percentage: 25 },
      { name: 'GB', visits: 1, percentage: 25 },
    ]);
    expect(data.devices).toEqual([
      { name: 'desktop', visits: 2, percentage: 50 },
      { name: 'mobile', visits: 1, percentage: 25 },
      { name: 'tablet', visits: 1, percentage: 25 },
    ]);
    // Every request of a person is kept as a hit; bots and the rest left no trace.
    expect(await countVisits(t.app, creator.user.id, 'view')).toBe(54);
    expect(await countVisits(t.app, creator.user.id, 'click')).toBe(4);
  });

  it('refuses any other period, and strangers', async () => {
    for (const days of ['8', '0', '-7', 'abc', '7.0', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/me/analytics?days=${days}`, headers: { cookie: creator.cookie } });
      expect(response.statusCode, days).toBe(400);
      expect(response.json().message).toBe(analyticsMessages.invalidPeriod);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/analytics', headers: { cookie: creator.cookie } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/analytics?days=7' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/analytics/export?days=30' })).statusCode).toBe(401);
  });

  it('gives a conversion rate of people who clicked, never over 100 %', async () => {
    const owner = await createUser(t.app);
    const links = await Promise.all(['A', 'B', 'C'].map((title) => createLink(t.app, owner, { title, url: `https://${title}.example/` })));
    // One visitor opens the page once and clicks all three links, twice over.
    await visit(`/${owner.user.username}`, '8.8.8.8', { 'user-agent': DESKTOP });
    for (const link of [...links, ...links]) await visit(`/go/${link.id}`, '8.8.8.8', { 'user-agent': DESKTOP });
    // Another keeps a link's address and clicks it without opening the page.
    await visit(`/go/${links[0]!.id}`, '8.8.4.4', { 'user-agent': DESKTOP });
    const data = await report(owner);
    expect(data).toMatchObject({ uniqueVisitors: 1, linkClicks: 4, uniqueClicks: 2, conversionRate: 100 });
    expect(data.topLinks.map((link: { uniqueClicks: number }) => link.uniqueClicks)).toEqual([2, 1, 1]);
  });

  it('shows a new profile zeros, not errors', async () => {
    const fresh = await createUser(t.app);
    // 90 days come with Pro and Business (tests/api/plan-features.test.ts).
    await setPlan(t.app, fresh.user.id, 'pro');
    const data = await report(fresh, 90);
    expect(data).toMatchObject({ profileViews: 0, linkClicks: 0, conversionRate: 0, viewsTrend: 0, clicksTrend: 0 });
    expect(data.dailyVisits).toHaveLength(90);
    expect(data.topLinks).toEqual([]);
    expect(data.sources).toEqual([]);
    expect(data.devices.map((device: { visits: number }) => device.visits)).toEqual([0, 0, 0]);
  });

  it('counts each person once when N arrive and the server stops gracefully', async () => {
    const second = await createTestApp({ shareDatabaseWith: t });
    const user = await createUser(second.app);
    const visits = 40;
    await Promise.all(
      Array.from({ length: visits }, (_, index) =>
        second.app.inject({
          method: 'GET',
          url: `/${user.user.username}`,
          remoteAddress: `10.1.0.${index}`,
          headers: { 'user-agent': IPHONE },
        }),
      ),
    );
    await second.close();
    const data = await report(user);
    expect(data.profileViews).toBe(visits);
    expect(data.uniqueVisitors).toBe(visits);
  });
});

describe(`days, windows and time zones (${DIALECT})`, () => {
  const at = (iso: string, fields: Partial<Visit> = {}): Visit => visitOf({ userId: 0, at: iso, ...fields });

  it('puts visits on the profile’s own days, repeats within 30 minutes once, and compares periods', async () => {
    const owner = await createUser(t.app);
    const userId = owner.user.id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: owner.cookie },
      payload: { timeZone: 'America/New_York' },
    });
    expect(patched.statusCode).toBe(200);
    // New York is UTC-4 in March (after the 8th): 03:30Z is 23:30 on the 9th, 04:10Z is 00:10 on the 10th.
    await storeVisits(t.app.db, [
      at('2026-03-10T03:30:00.000Z', { userId }),
      at('2026-03-10T03:50:00.000Z', { userId, hits: 4 }), // 20 minutes later: a repeat
    ]);
    await storeVisits(t.app.db, [at('2026-03-10T04:10:00.000Z', { userId })]); // 40 minutes after the counted one, and a new day
    await storeVisits(t.app.db, [at('2026-03-10T04:20:00.000Z', { userId })]); // 10 minutes later: a repeat
    await storeVisits(t.app.db, [at('2026-03-10T05:00:00.000Z', { userId, visitorHash: 'visitor-two', device: 'desktop' })]);
    // Seven days before the 10th (the 3rd) lies in the previous 7-day period.
    await storeVisits(t.app.db, [at('2026-03-03T15:00:00.000Z', { userId, visitorHash: 'visitor-three' })]);

    const owned = (await t.app.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow())!;
    const now = Date.parse('2026-03-10T16:00:00.000Z');
    const week = await analyticsOf(t.app.db, owned, 7, { advanced: true, premium: true }, now);
    expect(week).toMatchObject({ from: '2026-03-04', to: '2026-03-10', timeZone: 'America/New_York' });
    expect(week.dailyVisits.slice(-2)).toEqual([
      { date: '2026-03-09', count: 1, clicks: 0 },
      { date: '2026-03-10', count: 2, clicks: 0 },
    ]);
    expect(week.profileViews).toBe(3);
    // Unique visitors are counted per day: visitor-one on the 9th and the 10th, visitor-two on the 10th.
    expect(week.uniqueVisitors).toBe(3);
    expect(week.viewsTrend).toBe(200);
    expect(week.devices).toEqual([
      { name: 'mobile', visits: 2, percentage: 66.7 },
      { name: 'desktop', visits: 1, percentage: 33.3 },
      { name: 'tablet', visits: 0, percentage: 0 },
    ]);
    const month = await analyticsOf(t.app.db, owned, 30, { advanced: true, premium: true }, now);
    expect(month.profileViews).toBe(4);
    expect(month.viewsTrend).toBeNull();
    // Every request is still a hit in the raw events: 1 + 4 + 1 + 1 + 1 + 1.
    expect(await countVisits(t.app, userId, 'view')).toBe(9);
  });

  it('lets a writer skip the database for repeats inside a window it knows, with the same figures', async () => {
    const owner = await createUser(t.app);
    const userId = owner.user.id;
    const open = new WriterMemory(10);
    await storeVisits(t.app.db, [at('2026-05-01T10:00:00.000Z', { userId })], open);
    // Ten minutes on: a repeat by the writer's own memory; five hits, no new view.
    await storeVisits(t.app.db, [at('2026-05-01T10:10:00.000Z', { userId, hits: 5 })], open);
    // Forty minutes after the counted one: asked again, and counted.
    await storeVisits(t.app.db, [at('2026-05-01T10:40:00.000Z', { userId, hits: 2 })], open);
    const total = await t.app.db
      .selectFrom('analyticsDaily')
      .selectAll()
      .where('userId', '=', userId)
      .where('dimension', '=', 'total')
      .executeTakeFirstOrThrow();
    expect(total).toMatchObject({ day: '2026-05-01', visits: 2, uniques: 1 });
    expect(await countVisits(t.app, userId, 'view')).toBe(8);
    const devices = await t.app.db
      .selectFrom('analyticsDaily')
      .selectAll()
      .where('userId', '=', userId)
      .where('dimension', '=', 'device')
      .execute();
    expect(devices.map((row) => [row.value, row.visits])).toEqual([['mobile', 2]]);
    const window = await t.app.db.selectFrom('visitorWindows').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(window.countedAt).toBe('2026-05-01T10:40:00.000Z');
  });

  it('drops visits of a deleted profile without losing the others', async () => {
    const owner = await createUser(t.app);
    await storeVisits(t.app.db, [
      at('2026-03-10T03:30:00.000Z', { userId: 99_999_999 }),
      at('2026-03-10T03:30:00.000Z', { userId: owner.user.id }),
    ]);
    const rows = await t.app.db.selectFrom('analyticsDaily').selectAll().where('userId', '=', owner.user.id).execute();
    expect(rows.find((row) => row.dimension === 'total')).toMatchObject({ day: '2026-03-10', visits: 1, uniques: 1 });
  });

  it('deletes raw events past the retention, past days’ salts and old windows, and keeps the daily figures', async () => {
    // A database of its own: raw events are pruned by their order of arrival, which other tests here do not keep.
    const own = await createTestApp();
    const owner = await createUser(own.app);
    const userId = owner.user.id;
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 24 * 3600_000).toISOString();
    await storeVisits(own.app.db, [at(daysAgo(120), { userId, visitorHash: 'old' })]);
    await storeVisits(own.app.db, [at(daysAgo(91), { userId, visitorHash: 'older' })]);
    await storeVisits(own.app.db, [at(daysAgo(1), { userId, visitorHash: 'recent' })]);
    await own.app.db.insertInto('analyticsSalts').values({ day: '2020-01-01', salt: 'gone' }).execute();
    await pruneAnalytics(own.app.db, now, 90);
    const events = await own.app.db.selectFrom('events').select('createdAt').where('userId', '=', userId).execute();
    expect(events.map((event) => event.createdAt)).toEqual([daysAgo(1)]);
    expect(await own.app.db.selectFrom('analyticsSalts').selectAll().where('day', '=', '2020-01-01').execute()).toEqual([]);
    const windows = await own.app.db.selectFrom('visitorWindows').select('visitorHash').where('userId', '=', userId).execute();
    expect(windows.map((row) => row.visitorHash)).toEqual(['recent']);
    const views = await own.app.db
      .selectFrom('analyticsDaily')
      .select('visits')
      .where('userId', '=', userId)
      .where('dimension', '=', 'total')
      .execute();
    expect(views.map((row) => row.visits)).toEqual([1, 1, 1]);
    await own.close();
  });
});

describe(`the public view count (${DIALECT})`, () => {
  it('shows the total on the page when the owner shows views, drawn again at most once a minute', async () => {
    const owner = await createUser(t.app);
    const page = `/${owner.user.username}`;
    // Off on a new page (issue 51): a page nobody has seen does not say "1 view".
    const settings = async () => (await t.app.inject({ url: '/api/me/profile', headers: { cookie: owner.cookie } })).json().data;
    expect((await settings()).showViews).toBe(false);
    await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: owner.cookie }, payload: { showViews: true } });
    expect((await settings()).showViews).toBe(true);
    const first = await visit(page, '10.3.0.1', { 'user-agent': IPHONE });
    expect(first.body).not.toContain('class="lv-views"');
    for (let index = 2; index <= 12; index += 1) await visit(page, `10.3.0.${index}`, { 'user-agent': IPHONE });
    await t.app.events.flush();
    // Still the cached page: a view never un-caches it.
    expect((await visit(page, '10.3.0.1', { 'user-agent': IPHONE })).body).not.toContain('class="lv-views"');
    // The cache's once-a-minute sweep drops it; the next visit draws the count from the rollups.
    t.app.pageCache.dropExpired(Date.now() + 61_000);
    expect((await visit(page, '10.3.0.1', { 'user-agent': IPHONE })).body).toContain('<p class="lv-views">12 views</p>');
    const json = await t.app.inject({ method: 'GET', url: `/api/public/${owner.user.username}` });
    expect(json.json().data.profile.views).toBe(12);

    await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: owner.cookie }, payload: { showViews: false } });
    expect((await visit(page, '10.3.0.1', { 'user-agent': IPHONE })).body).not.toContain('class="lv-views"');
    expect((await t.app.inject({ method: 'GET', url: `/api/public/${owner.user.username}` })).json().data.profile.views).toBeNull();
  });

  it('takes the time zone as a known IANA name only, without marking the page updated', async () => {
    const owner = await createUser(t.app);
    const before = (await t.app.inject({ method: 'GET', url: `/api/public/${owner.user.username}` })).json().data.profile.updatedAt;
    for (const timeZone of ['Mars/Olympus', '', 'UTC; drop table users', 'a'.repeat(65), 42]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { cookie: owner.cookie },
        payload: { timeZone },
      });
      expect(response.statusCode, String(timeZone)).toBe(400);
      expect(response.json().message).toBe('Please choose a time zone from the list');
    }
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: owner.cookie },
      payload: { timeZone: 'Asia/Kolkata' },
    });
    expect(saved.json().data.timeZone).toBe('Asia/Kolkata');
    const after = (await t.app.inject({ method: 'GET', url: `/api/public/${owner.user.username}` })).json().data.profile.updatedAt;
    expect(after).toBe(before);
    expect((await report(owner)).timeZone).toBe('Asia/Kolkata');
  });
});

describe(`the CSV export (${DIALECT})`, () => {
  it('gives one row per day and per link with clicks, with formulas neutralised', async () => {
    const owner = await createUser(t.app);
    const evil = await createLink(t.app, owner, { title: '=HYPERLINK("https://evil.example","x")', url: 'https://shop.example/?a=1,2' });
    const plain = await createLink(t.app, owner, { title: '@handle, "quoted"', url: 'https://plain.example/' });
    await visit(`/go/${evil.id}`, '10.2.0.1', { 'user-agent': DESKTOP });
    await visit(`/go/${plain.id}`, '10.2.0.1', { 'user-agent': DESKTOP });
    await visit(`/${owner.user.username}`, '10.2.0.1', { 'user-agent': DESKTOP });
    await t.app.events.flush();
    // The download comes with Pro and Business (tests/api/plan-features.test.ts).
    await setPlan(t.app, owner.user.id, 'pro');
    const response = await t.app.inject({ method: 'GET', url: '/api/me/analytics/export?days=7', headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="linkverse-${owner.user.username}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'date,type,link_id,link_title,link_url,views,unique_visitors,clicks,unique_clicks,utm_source,utm_medium,utm_campaign',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(lines.slice(1, 8).map((line) => line.split(',')[1])).toEqual(Array(7).fill('profile'));
    // The profile's unique clicks are the visitors who clicked: one person, two links.
    expect(lines[7]).toBe(`${today},profile,,,,1,1,2,1,,,`);
    expect(lines[8]).toBe(`${today},link,${evil.id},"'=HYPERLINK(""https://evil.example"",""x"")","https://shop.example/?a=1,2",,,1,1,,,`);
    expect(lines[9]).toBe(`${today},link,${plain.id},"'@handle, ""quoted""",https://plain.example/,,,1,1,,,`);
    expect(lines).toHaveLength(11);
  });
});

describe(`recent activity (${DIALECT})`, () => {
  it('tells links added, edited and removed, profile, look and username changes and a first click, newest first', async () => {
    const owner = await createUser(t.app);
    const cookie = { cookie: owner.cookie };
    const activity = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/me/activity', headers: cookie }))
        .json()
        .data.map((item: { kind: string; subject: string }) => [item.kind, item.subject]);
    expect(await activity()).toEqual([]);
    const link = await createLink(t.app, owner, { title: 'Shop', url: 'https://shop.example/' });
    await t.app.inject({ method: 'PATCH', url: `/api/links/${link.id}`, headers: cookie, payload: { title: 'Store' } });
    await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: cookie, payload: { bio: 'One' } });
    // Saved again at once: still one entry.
    await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: cookie, payload: { bio: 'Two' } });
    // The time zone alone is no change of the page.
    await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: cookie, payload: { timeZone: 'Europe/Paris' } });
    await t.app.inject({ method: 'PUT', url: '/api/me/customization', headers: cookie, payload: { accentColor: '#112233' } });
    await visit(`/go/${link.id}`, '10.4.0.1', { 'user-agent': DESKTOP });
    await visit(`/go/${link.id}`, '10.4.0.2', { 'user-agent': DESKTOP });
    await t.app.events.flush();
    const other = await createLink(t.app, owner, { title: 'Old', url: 'https://old.example/' });
    await t.app.inject({ method: 'DELETE', url: `/api/links/${other.id}`, headers: cookie });
    const renamed = `${owner.user.username.slice(0, 14)}_new`;
    await t.app.inject({ method: 'PATCH', url: '/api/me/username', headers: cookie, payload: { username: renamed } });
    expect(await activity()).toEqual([
      ['username_changed', renamed],
      ['link_removed', 'Old'],
      ['link_added', 'Old'],
      ['first_click', 'Store'],
      ['look_updated', ''],
      ['profile_updated', ''],
      ['link_updated', 'Store'],
      ['link_added', 'Shop'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/activity' })).statusCode).toBe(401);
  });
});

describe(`record days (${DIALECT})`, () => {
  it('tells a day whose views beat every day before it, not the first day with views', async () => {
    const owner = await createUser(t.app);
    const userId = owner.user.id;
    const now = Date.now();
    const dayAgo = (days: number, visitor: string) => ({
      kind: 'view' as const,
      userId,
      linkId: null,
      at: new Date(now - days * 24 * 3600_000).toISOString(),
      referrer: null,
      source: 'Direct',
      referrerAddress: '',
      campaign: '',
      country: '',
      device: 'mobile',
      browser: 'Chrome',
      inApp: '',
      visitorHash: visitor,
      hits: 1,
    });
    // Five days ago 2 views (the first day: nothing to beat), four days ago 1, three days ago 3 (a record), two days ago 3 (a tie).
    await storeVisits(t.app.db, [dayAgo(5, 'a'), dayAgo(5, 'b')]);
    await storeVisits(t.app.db, [dayAgo(4, 'c')]);
    await storeVisits(t.app.db, [dayAgo(3, 'd'), dayAgo(3, 'e'), dayAgo(3, 'f')]);
    await storeVisits(t.app.db, [dayAgo(2, 'g'), dayAgo(2, 'h'), dayAgo(2, 'i')]);
    const response = await t.app.inject({ method: 'GET', url: '/api/me/activity', headers: { cookie: owner.cookie } });
    const records = response.json().data.filter((item: { kind: string }) => item.kind === 'views_record');
    expect(records).toEqual([
      {
        id: expect.any(Number),
        kind: 'views_record',
        subject: '3',
        at: `${new Date(now - 3 * 24 * 3600_000).toISOString().slice(0, 10)}T23:59:59.000Z`,
        actor: null,
      },
    ]);
  });
});
