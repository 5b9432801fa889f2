import type { ActivityItem } from '#shared/activity.ts';
import { csvDocument } from '../http/csv.ts';
import {
  type AnalyticsDepth,
  type AnalyticsReport,
  DEVICES,
  LIVE_MINUTES,
  PREMIUM_ROWS_SHOWN,
  WEEKDAYS,
  campaignPartsOf,
  type LiveVisitors,
  NAMED_OTHER_HOSTS,
  conversionRateOf,
  percentOf,
  trendOf,
} from '#shared/analytics.ts';
import { type AnalyticsPeriod } from '#shared/constants.ts';
import { formatCount } from '#shared/counts.ts';
import { addDays, dayCount, daysBetween, localDayOf } from '#shared/time-zone.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import {
  type RollupRow,
  dailyViewsFrom,
  firstDayOf,
  linkNamesOf,
  liveVisitorsOf,
  reportRowsOf,
  rollupsBetween,
  totalViewsOf,
} from './analytics.repository.ts';

// The Analytics tab's figures and the CSV export, from the daily rollups only
// (never the raw events). Pure functions over rows, so that the arithmetic is
// tested without a database; analyticsOf reads the rows.

export const DELETED_LINK = 'Deleted link';

interface LinkName {
  id: number;
  title: string;
  url: string;
}

export interface Period {
  /** Days up to today, or all time (a report by mail's month has the month's days). */
  days: number | 'all';
  /** Today in the profile's time zone: the period's last day. */
  today: string;
  timeZone: string;
  /** All time's first day: the profile's first day with figures (today when it has none). */
  firstDay?: string;
}

/** The period's days, and those of the period of the same length before it (all time has none before it). */
export function periodBounds({ days, today, firstDay }: Period) {
  const length = days === 'all' ? dayCount(firstDay ?? today, today) : days;
  const from = addDays(today, -(length - 1));
  return { from, to: today, length, previousFrom: addDays(from, -length), previousTo: addDays(from, -1) };
}

function sum(rows: RollupRow[], field: 'visits' | 'uniques'): number {
  return rows.reduce((total, row) => total + Number(row[field]), 0);
}

/** Visits by value of one dimension of views, largest first. */
function sharesOf(rows: RollupRow[], dimension: RollupRow['dimension'], whole: number) {
  const visits = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'view' && row.dimension === dimension) visits.set(row.value, (visits.get(row.value) ?? 0) + Number(row.visits));
  }
  return [...visits]
    .filter(([, count]) => count > 0)
    .sort(([nameA, a], [nameB, b]) => b - a || (nameA < nameB ? -1 : 1))
    .map(([name, count]) => ({ name, visits: count, percentage: percentOf(count, whole) }));
}

/**
 * Sources as shown: networks, search engines, campaigns and Direct by name;
 * other referrers by host, the largest few named and the rest as 'Other'.
 */
function sourcesOf(rows: RollupRow[], whole: number) {
  const shares = sharesOf(rows, 'source', whole);
  const isHost = (name: string) => name.includes('.') && !name.includes(' ');
  const hosts = shares.filter((share) => isHost(share.name));
  const rest = hosts.slice(NAMED_OTHER_HOSTS);
  if (rest.length === 0) return shares;
  const other = rest.reduce((total, share) => total + share.visits, 0);
  const kept = shares.filter((share) => !rest.includes(share));
  const existing = kept.find((share) => share.name === 'Other');
  if (existing) existing.visits += other;
  else kept.push({ name: 'Other', visits: other, percentage: 0 });
  return kept
    .map((share) => ({ ...share, percentage: percentOf(share.visits, whole) }))
    .sort((a, b) => b.visits - a.visits || (a.name < b.name ? -1 : 1));
}

/** Campaigns by their UTM values: views and visitors of the views that came through each, clicks of their visitors. */
function campaignsOf(rows: RollupRow[]): NonNullable<AnalyticsReport['campaigns']> {
  const byValue = new Map<string, { views: number; visitors: number; clicks: number }>();
  for (const row of rows) {
    if (row.dimension !== 'campaign') continue;
    const entry = byValue.get(row.value) ?? { views: 0, visitors: 0, clicks: 0 };
    if (row.kind === 'view') {
      entry.views += Number(row.visits);
      entry.visitors += Number(row.uniques);
    } else entry.clicks += Number(row.visits);
    byValue.set(row.value, entry);
  }
  return [...byValue]
    .filter(([, entry]) => entry.views + entry.clicks > 0)
    .sort(([valueA, a], [valueB, b]) => b.views - a.views || b.clicks - a.clicks || (valueA < valueB ? -1 : 1))
    .slice(0, PREMIUM_ROWS_SHOWN)
    .map(([value, entry]) => ({ ...campaignPartsOf(value), ...entry }));
}

/** Views by weekday (Monday first) and hour, from the rows of the 'hour' dimension ('4 18'). */
function heatMapOf(rows: RollupRow[]): number[][] {
  const cells = WEEKDAYS.map(() => Array.from({ length: 24 }, () => 0));
  for (const row of rows) {
    if (row.kind !== 'view' || row.dimension !== 'hour') continue;
    const [weekday, hour] = row.value.split(' ').map(Number);
    const line = cells[weekday!];
    if (line && hour! >= 0 && hour! < 24) line[hour!]! += Number(row.visits);
  }
  return cells;
}

/** Everything: what the tests of the arithmetic read, and Business's depth. */
export const FULL_DEPTH: AnalyticsDepth = { advanced: true, premium: true };

/**
 * The report of a period from the rows of it and of the period before it, as
 * deep as the plan's analytics go (issue 52 §2): basic for every plan, the
 * advanced parts (click-through rates, devices, browsers, in-app browsers) and
 * the premium comparison of every figure null where the plan has none.
 */
export function analyticsReport(
  rows: RollupRow[],
  links: LinkName[],
  period: Period,
  totalViews = 0,
  depth: AnalyticsDepth = FULL_DEPTH,
): AnalyticsReport {
  const { from, to, length, previousFrom, previousTo } = periodBounds(period);
  const allTime = period.days === 'all';
  const current = rows.filter((row) => row.day >= from && row.day <= to);
  const previous = rows.filter((row) => row.day >= previousFrom && row.day <= previousTo);
  const totals = (list: RollupRow[], kind: 'view' | 'click') => list.filter((row) => row.kind === kind && row.dimension === 'total');

  const views = totals(current, 'view');
  const clicks = totals(current, 'click');
  const profileViews = sum(views, 'visits');
  const linkClicks = sum(clicks, 'visits');
  const uniqueVisitors = sum(views, 'uniques');
  const uniqueClicks = sum(clicks, 'uniques');

  const viewsByDay = new Map(views.map((row) => [row.day, Number(row.visits)]));
  const clicksByDay = new Map(clicks.map((row) => [row.day, Number(row.visits)]));

  const byLink = new Map<number, { clicks: number; uniqueClicks: number }>();
  for (const row of current) {
    if (row.kind !== 'click' || row.dimension !== 'link') continue;
    const id = Number(row.value);
    const entry = byLink.get(id) ?? { clicks: 0, uniqueClicks: 0 };
    entry.clicks += Number(row.visits);
    entry.uniqueClicks += Number(row.uniques);
    byLink.set(id, entry);
  }
  const names = new Map(links.map((link) => [link.id, link]));
  const topLinks = [...byLink]
    .filter(([, entry]) => entry.clicks > 0)
    .map(([id, entry]) => {
      const link = names.get(id);
      return {
        id,
        name: link?.title ?? DELETED_LINK,
        url: link?.url ?? '',
        ...entry,
        share: percentOf(entry.clicks, linkClicks),
        clickThroughRate: depth.advanced ? percentOf(entry.clicks, profileViews) : null,
      };
    })
    .sort((a, b) => b.clicks - a.clicks || a.id - b.id);

  const devices = sharesOf(current, 'device', profileViews);
  for (const device of DEVICES) {
    if (!devices.some((share) => share.name === device)) devices.push({ name: device, visits: 0, percentage: 0 });
  }

  const before = {
    profileViews: sum(totals(previous, 'view'), 'visits'),
    uniqueVisitors: sum(totals(previous, 'view'), 'uniques'),
    linkClicks: sum(totals(previous, 'click'), 'visits'),
    uniqueClicks: sum(totals(previous, 'click'), 'uniques'),
  };
  const conversionRate = conversionRateOf(uniqueClicks, uniqueVisitors);
  const conversionBefore = conversionRateOf(before.uniqueClicks, before.uniqueVisitors);
  const versus = (now: number, then: number) => ({ previous: then, change: trendOf(now, then) });

  return {
    days: length,
    period: period.days,
    from,
    to,
    timeZone: period.timeZone,
    totalViews,
    profileViews,
    uniqueVisitors,
    linkClicks,
    uniqueClicks,
    conversionRate,
    // All time has no period before it to compare with.
    viewsTrend: allTime ? null : trendOf(profileViews, before.profileViews),
    clicksTrend: allTime ? null : trendOf(linkClicks, before.linkClicks),
    dailyVisits: daysBetween(from, to).map((date) => ({
      date,
      count: viewsByDay.get(date) ?? 0,
      clicks: clicksByDay.get(date) ?? 0,
    })),
    topLinks,
    sources: sourcesOf(current, profileViews),
    countries: sharesOf(current, 'country', profileViews),
    devices: depth.advanced ? devices : null,
    browsers: depth.advanced ? sharesOf(current, 'browser', profileViews) : null,
    inAppBrowsers: depth.advanced ? sharesOf(current, 'app', profileViews) : null,
    campaigns: depth.premium ? campaignsOf(current) : null,
    referrers: depth.premium
      ? sharesOf(current, 'referrer', profileViews)
          .slice(0, PREMIUM_ROWS_SHOWN)
          .map(({ name, visits, percentage }) => ({ address: name, visits, percentage }))
      : null,
    heatMap: depth.premium ? heatMapOf(current) : null,
    comparison:
      depth.premium && !allTime
        ? {
            profileViews: versus(profileViews, before.profileViews),
            uniqueVisitors: versus(uniqueVisitors, before.uniqueVisitors),
            linkClicks: versus(linkClicks, before.linkClicks),
            uniqueClicks: versus(uniqueClicks, before.uniqueClicks),
            // A rate changes by points, not by a percent of itself.
            conversionRate: {
              previous: conversionBefore,
              change: before.uniqueVisitors === 0 ? null : Math.round((conversionRate - conversionBefore) * 10) / 10,
            },
          }
        : null,
  };
}

/** Today in the owner's time zone (UTC until the dashboard sets one); all time starts at the profile's first day with figures. */
export async function periodOf(db: Db, owner: UserRow, days: AnalyticsPeriod, now = Date.now()): Promise<Period> {
  const timeZone = owner.timeZone ?? 'UTC';
  const today = localDayOf(now, timeZone);
  if (days !== 'all') return { days, today, timeZone };
  const first = await firstDayOf(db, owner.id);
  return { days, today, timeZone, firstDay: first !== undefined && first < today ? first : today };
}

/** The profile's visitors of the last LIVE_MINUTES minutes. */
export async function liveVisitorsNow(db: Db, userId: number, now = Date.now()): Promise<LiveVisitors> {
  const since = new Date(now - LIVE_MINUTES * 60_000).toISOString();
  return { visitors: await liveVisitorsOf(db, userId, since), since };
}

/** Every view a page has had (a page that shows its count). */
export function totalViewsOfPage(db: Db, userId: number): Promise<number> {
  return totalViewsOf(db, userId);
}

export async function analyticsOf(
  db: Db,
  owner: UserRow,
  days: AnalyticsPeriod,
  depth: AnalyticsDepth,
  now = Date.now(),
): Promise<AnalyticsReport> {
  return reportOfPeriod(db, owner.id, await periodOf(db, owner, days, now), depth);
}

/** The report of any period of the profile's days (the tab's, or a report by mail's week or month). */
export async function reportOfPeriod(db: Db, userId: number, period: Period, depth: AnalyticsDepth): Promise<AnalyticsReport> {
  const { from, to, previousFrom } = periodBounds(period);
  const [rows, links, totalViews] = await Promise.all([
    reportRowsOf(db, userId, period.days === 'all' ? from : previousFrom, from, to, depth.premium),
    linkNamesOf(db, userId),
    totalViewsOf(db, userId),
  ]);
  return analyticsReport(rows, links, period, totalViews, depth);
}

/**
 * The days whose views beat every day before them, newest first. The first
 * day with views is no record: there was nothing to beat.
 */
export function viewRecords(bestBefore: number, days: ReadonlyArray<{ day: string; visits: number }>) {
  const records: Array<{ day: string; visits: number }> = [];
  let best = bestBefore;
  for (const entry of days) {
    if (entry.visits > best && best > 0) records.push(entry);
    best = Math.max(best, entry.visits);
  }
  return records.reverse();
}

/** Records of the last 90 days of the owner's days, as activity entries (dated at the end of their day, or now for today). */
export async function viewRecordsOf(db: Db, owner: UserRow, now = Date.now()): Promise<ActivityItem[]> {
  const today = localDayOf(now, owner.timeZone ?? 'UTC');
  const { bestBefore, days } = await dailyViewsFrom(db, owner.id, addDays(today, -89));
  return viewRecords(bestBefore, days).map(({ day, visits }) => ({
    id: -Number(day.replaceAll('-', '')),
    kind: 'views_record',
    actor: null,
    subject: formatCount(visits),
    at: day === today ? new Date(now).toISOString() : `${day}T23:59:59.000Z`,
  }));
}

// CSV export (RFC 4180, UTF-8).

export const CSV_HEADER = [
  'date',
  'type',
  'link_id',
  'link_title',
  'link_url',
  'views',
  'unique_visitors',
  'clicks',
  'unique_clicks',
  'utm_source',
  'utm_medium',
  'utm_campaign',
];

/**
 * One row per day of the period (the profile's figures), then one per link and
 * day with clicks, then with premium analytics one per campaign and day (its
 * views, the visitors whose first view it brought, and its visitors' clicks).
 */
export function analyticsCsv(rows: RollupRow[], links: LinkName[], period: Period, premium = false): string {
  const { from, to } = periodBounds(period);
  const current = rows.filter((row) => row.day >= from && row.day <= to);
  const totals = new Map(current.filter((row) => row.dimension === 'total').map((row) => [`${row.day} ${row.kind}`, row]));
  const figure = (day: string, kind: 'view' | 'click') => {
    const row = totals.get(`${day} ${kind}`);
    return { visits: Number(row?.visits ?? 0), uniques: Number(row?.uniques ?? 0) };
  };
  const names = new Map(links.map((link) => [link.id, link]));
  const lines = [CSV_HEADER];
  for (const day of daysBetween(from, to)) {
    const views = figure(day, 'view');
    const clicks = figure(day, 'click');
    lines.push([day, 'profile', '', '', '', views.visits, views.uniques, clicks.visits, clicks.uniques, '', '', ''].map(String));
  }
  const linkRows = current
    .filter((row) => row.kind === 'click' && row.dimension === 'link' && Number(row.visits) > 0)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : Number(a.value) - Number(b.value)));
  for (const row of linkRows) {
    const link = names.get(Number(row.value));
    lines.push([
      row.day,
      'link',
      row.value,
      link?.title ?? DELETED_LINK,
      link?.url ?? '',
      '',
      '',
      String(row.visits),
      String(row.uniques),
      '',
      '',
      '',
    ]);
  }
  if (premium) lines.push(...campaignLines(current));
  return csvDocument(lines);
}

/** A campaign's rows of the CSV, by day and then by its values: views and visitors from its views, clicks from its clicks. */
function campaignLines(rows: RollupRow[]): string[][] {
  const byDay = new Map<string, { day: string; value: string; views: number; visitors: number; clicks: number; clickers: number }>();
  for (const row of rows) {
    if (row.dimension !== 'campaign') continue;
    const key = `${row.day}\n${row.value}`;
    const entry = byDay.get(key) ?? { day: row.day, value: row.value, views: 0, visitors: 0, clicks: 0, clickers: 0 };
    if (row.kind === 'view') {
      entry.views += Number(row.visits);
      entry.visitors += Number(row.uniques);
    } else {
      entry.clicks += Number(row.visits);
      entry.clickers += Number(row.uniques);
    }
    byDay.set(key, entry);
  }
  return [...byDay.values()]
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .map((entry) => {
      const { source, medium, campaign } = campaignPartsOf(entry.value);
      return [entry.day, 'campaign', '', '', '', entry.views, entry.visitors, entry.clicks, entry.clickers, source, medium, campaign].map(
        String,
      );
    });
}

export async function analyticsCsvOf(db: Db, owner: UserRow, days: AnalyticsPeriod, premium: boolean, now = Date.now()) {
  const period = await periodOf(db, owner, days, now);
  const { from, to } = periodBounds(period);
  const [rows, links] = await Promise.all([rollupsBetween(db, owner.id, from, to), linkNamesOf(db, owner.id)]);
  return { csv: analyticsCsv(rows, links, period, premium), from, to };
}
