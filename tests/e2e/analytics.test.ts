import { describe, expect, it } from 'vitest';
import { createLink, createUser, setPlan } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { axeViolationsOf, signInPage } from '../helpers/pages.ts';
import { type Visit, storeVisits } from '#server/analytics/analytics-store.ts';
import { minutesAgo, visitOf } from '../helpers/events.ts';
import { campaignValueOf } from '#shared/analytics.ts';

// A visitor's views and clicks, from a browser of their own, reach the owner's
// dashboard: the Analytics tab, the sidebar stats card and each link's card.

const running = useServerAndBrowser();

/** Chromium as a person runs it: the headless browser's own user agent is (rightly) not counted. */
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** The owner's dashboard in a browser context of its own, signed in through the login form. */
async function dashboardOf(username: string, viewport: { width: number; height: number }) {
  const page = await signInPage(running.browser, running.server.baseUrl, { username, password: 'secret123' }, viewport);
  return { context: page.context(), page };
}

describe('analytics in the dashboard', () => {
  it('shows a visit and two clicks from a fresh browser in the analytics tab, the sidebar and the link cards', async () => {
    const { app } = running.server.testApp;
    const owner = await createUser(app, { password: 'secret123' });
    // On Pro: the download comes with it (issue 33; Free's locks are the next test's).
    await setPlan(app, owner.user.id, 'pro');
    const target = `${running.server.baseUrl}/healthz`;
    const shop = await createLink(app, owner, { title: 'Shop', url: target });
    await createLink(app, owner, { title: 'Blog', url: `${target}?blog` });

    // A visitor, in a context of their own, arriving from Instagram.
    const visitor = await running.browser.newContext({ baseURL: running.server.baseUrl, userAgent: PERSON });
    const page = await visitor.newPage();
    await page.goto(`/${owner.user.username}`, { referer: 'https://l.instagram.com/' });
    // Links open in a new tab, through /go/{id}.
    for (const [name, landing] of [
      [/Shop/, '**/healthz'],
      [/Blog/, '**/healthz?blog'],
    ] as const) {
      const [tab] = await Promise.all([visitor.waitForEvent('page'), page.getByRole('link', { name }).click()]);
      await tab.waitForURL(landing);
      await tab.close();
    }
    await visitor.close();
    await app.events.flush();

    const { context, page: dashboard } = await dashboardOf(owner.user.username, { width: 1280, height: 900 });

    // Recent Activity on the overview: the links added, and their first clicks.
    const recent = dashboard.getByTestId('recent-activity');
    await expect.poll(() => recent.textContent()).toContain('First click on “Blog”');
    expect(await recent.textContent()).toContain('First click on “Shop”');
    expect(await recent.textContent()).toContain('Added the link “Shop”');

    // The sidebar's last 7 days: one view, two clicks, and the one visitor clicked: 100 % engagement, never 200 %.
    const stats = dashboard.getByTestId('sidebar-stats');
    await expect.poll(() => stats.textContent()).toContain('Views1');
    expect(await stats.textContent()).toContain('Clicks2');
    expect(await stats.textContent()).toContain('Engagement100%');

    await dashboard.goto('/dashboard?tab=analytics');
    await expect.poll(() => dashboard.getByTestId('stat-profile-views').textContent()).toBe('1');
    expect(await dashboard.getByTestId('stat-link-clicks').textContent()).toBe('2');
    expect(await dashboard.getByTestId('stat-conversion-rate').textContent()).toBe('100%');
    const main = dashboard.getByRole('main');
    expect(await main.getByText('Visitors who clicked a link').isVisible()).toBe(true);
    expect(await main.getByText('1 visitor clicked').isVisible()).toBe(true);
    await expect.poll(() => main.getByText('Instagram').isVisible()).toBe(true);
    expect(await main.getByText('1 unique visitor').isVisible()).toBe(true);
    // One bar per day: the chart's text alternative lists seven days, the last with the visit.
    await expect.poll(() => main.getByRole('img', { name: /Daily profile visits, 7 days: 0, 0, 0, 0, 0, 0, 1/ }).count()).toBe(1);
    await main.getByRole('button', { name: 'Last 30 days' }).click();
    await expect.poll(() => main.getByRole('img', { name: /Daily profile visits, 30 days/ }).count()).toBe(1);
    // The export is the same period as a file.
    const download = dashboard.waitForEvent('download');
    await main.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^linkverse-${owner.user.username}-.*\\.csv$`));

    // Each link card counts its clicks of the last 30 days.
    await dashboard.goto('/dashboard?tab=links');
    const shopCard = dashboard.locator(`[data-link-id="${shop.id}"]`);
    await expect.poll(() => shopCard.getByTestId('link-clicks').textContent()).toBe('1 click · 30 days');
    await context.close();
  });

  it('shows each plan its depth: Free the basics with the rest locked, Business every figure beside the period before', async () => {
    const { app } = running.server.testApp;
    for (const plan of ['free', 'business'] as const) {
      const owner = await createUser(app, { password: 'secret123' });
      await setPlan(app, owner.user.id, plan);
      const shop = await createLink(app, owner, { title: 'Shop', url: 'https://shop.example/' });
      const visit = (fields: Partial<Visit>) => visitOf({ userId: owner.user.id, ...fields });
      // This week two visitors, one of whom clicked; the week before, one who did not.
      await storeVisits(app.db, [
        visit({}),
        // visitor-b came through a newsletter's campaign, from a story's page (premium analytics).
        visit({
          visitorHash: 'visitor-b',
          device: 'desktop',
          browser: 'Chrome',
          campaign: campaignValueOf('newsletter', 'email', '<b>launch</b>'),
          referrerAddress: 'news.example.org/story/42',
        }),
        visit({ kind: 'click', linkId: shop.id }),
        visit({ visitorHash: 'visitor-c', at: minutesAgo(8 * 24 * 60) }),
      ]);
      const { context, page } = await dashboardOf(owner.user.username, { width: plan === 'free' ? 390 : 1366, height: 900 });
      await page.goto('/dashboard?tab=analytics');
      const main = page.getByRole('main');
      await expect.poll(() => page.getByTestId('stat-profile-views').textContent()).toBe('2');
      if (plan === 'free') {
        await expect
          .poll(() => main.getByText('Devices, browsers and the apps visitors open your page in come with Pro and Business.').isVisible())
          .toBe(true);
        expect(await main.getByText('% of views').count()).toBe(0);
        expect(await page.getByTestId('compared').count()).toBe(0);
        expect(await page.getByTestId('live-visitors').count()).toBe(0);
        expect(await main.getByText(/^Campaigns \(utm_source, utm_medium and utm_campaign\).* come with Business\./).isVisible()).toBe(
          true,
        );
        expect(await page.getByTestId('campaigns').count()).toBe(0);
      } else {
        await expect
          .poll(() => page.getByTestId('compared').allTextContents())
          .toEqual(['1 unique visitor before, +100%', '0 visitors clicked before, new', '0% before, +50 points']);
        expect(await main.getByText('1 unique · 100% of total · 50% of views').isVisible()).toBe(true);
        // Live visitors of the last 30 minutes, updating without a reload.
        await expect.poll(() => page.getByTestId('live-visitors').textContent()).toBe('2 visitors in the last 30 minutes');
        await storeVisits(app.db, [visit({ visitorHash: 'visitor-d', at: minutesAgo(0) })]);
        await expect
          .poll(() => page.getByTestId('live-visitors').textContent(), { timeout: 20_000 })
          .toBe('3 visitors in the last 30 minutes');
        expect(await main.getByText('Desktop').isVisible()).toBe(true);
        // Campaigns, as text (the markup a visitor sent is shown, never run), the referring page, and the busiest hours.
        const campaigns = page.getByTestId('campaigns');
        expect(await campaigns.getByRole('row').nth(1).allInnerTexts()).toEqual([
          expect.stringMatching(/newsletter\s+email\s+<b>launch<\/b>\s+1\s+1\s+0/),
        ]);
        expect(await page.getByTestId('referrers').textContent()).toContain('news.example.org/story/42');
        // The heat map's cells say their views (the two of this week's report, in whichever hours they fell).
        const cells = await page.getByTestId('heat-map').locator('td .sr-only').allTextContents();
        expect(cells).toHaveLength(7 * 24);
        expect(cells.reduce((total, cell) => total + Number.parseInt(cell, 10), 0)).toBe(2);
        // A year, from the daily figures, a bar a week; and all time: from the first day with figures, without a trend.
        await main.getByRole('button', { name: 'Last 365 days' }).click();
        await expect.poll(() => main.getByRole('img', { name: /Weekly profile visits, 53 weeks/ }).count()).toBe(1);
        await main.getByRole('button', { name: 'All time' }).click();
        await expect.poll(() => main.getByRole('img', { name: /Daily profile visits, 9 days/ }).count()).toBe(1);
        expect(await page.getByTestId('compared').count()).toBe(0);
      }
      expect(await axeViolationsOf(page)).toEqual([]);
      await context.close();
    }
  });

  it('gives a new profile an honest empty state', async () => {
    const owner = await createUser(running.server.testApp.app, { password: 'secret123' });
    const { context, page } = await dashboardOf(owner.user.username, { width: 390, height: 844 });
    await page.goto('/dashboard?tab=analytics');
    await expect.poll(() => page.getByText('No visits yet').isVisible()).toBe(true);
    expect(await page.getByTestId('stat-profile-views').textContent()).toBe('0');
    // The dashboard took the browser's time zone for the profile's days.
    await expect.poll(() => page.getByLabel('Days are counted in').inputValue()).not.toBe('');
    // Free shows 7 and 30 days: 90 days and the download say which plans have them, and lead to Pricing.
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /Last 90 days/ }).click();
    const note = main.getByRole('status').filter({ hasText: 'come with Pro and Business' });
    await expect.poll(() => note.textContent()).toContain('The last 90 days of analytics come with Pro and Business.');
    expect(await axeViolationsOf(page)).toEqual([]);
    await main.getByRole('button', { name: /Export CSV/ }).click();
    await expect.poll(() => main.getByRole('status').filter({ hasText: 'Downloading your analytics' }).count()).toBe(1);
    await main.getByRole('link', { name: 'See Pricing' }).click();
    await page.waitForURL('**/pricing');
    expect(await page.getByTestId('plan-free').textContent()).toContain('Analytics for the last 7 and 30 days');
    expect(await page.getByTestId('plan-pro').textContent()).toContain('Analytics for the last 7, 30 and 90 days');
    await context.close();
  });
});
