import { describe, expect, it } from 'vitest';
import {
  campaignPartsOf,
  campaignValueOf,
  cleanUtmValue,
  conversionRateOf,
  hourValueOf,
  percentOf,
  periodName,
  trendOf,
} from '#shared/analytics.ts';
import { countOf } from '#shared/counts.ts';
import { analyticsReport, viewRecords } from '#server/analytics/analytics.service.ts';
import { csvCell } from '#server/http/csv.ts';
import type { RollupRow } from '#server/analytics/analytics.repository.ts';
import { isPrefetch, referrerAddressOf, sourceOf } from '#server/analytics/visitor.ts';
import { agentOf } from '#server/http/client-details.ts';

// The arithmetic of the Analytics tab, and how a visit's source is named.

const period = { days: 7 as const, today: '2026-11-23', timeZone: 'UTC' };
const row = (fields: Partial<RollupRow>): RollupRow => ({
  day: '2026-11-23',
  kind: 'view',
  dimension: 'total',
  value: '',
  visits: 1,
  uniques: 1,
  ...fields,
});

describe('trend and conversion arithmetic', () => {
  it('compares with the previous period, with nothing to compare as null', () => {
    expect(trendOf(150, 100)).toBe(50);
    expect(trendOf(50, 100)).toBe(-50);
    expect(trendOf(1, 3)).toBe(-66.7);
    expect(trendOf(0, 0)).toBe(0);
    expect(trendOf(5, 0)).toBeNull();
    expect(trendOf(0, 5)).toBe(-100);
  });

  it('gives visitors who clicked per 100 visitors, 0 without visitors and never over 100', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBe(0);
    const report = analyticsReport([row({ kind: 'click', visits: 4, uniques: 2 })], [], period);
    expect(report.conversionRate).toBe(0);
    expect(report.linkClicks).toBe(4);
    // Three visitors, one of whom clicked four times: a third converted, whatever the clicks.
    const views = row({ visits: 3, uniques: 3 });
    expect(analyticsReport([views, row({ kind: 'click', visits: 4, uniques: 1 })], [], period).conversionRate).toBe(33.3);
    // Clickers without a counted view that day (a kept link address) never take it past 100.
    expect(analyticsReport([views, row({ kind: 'click', visits: 9, uniques: 5 })], [], period).conversionRate).toBe(100);
    expect(conversionRateOf(7, 2)).toBe(100);
  });

  it('reads the previous period from the days just before, and only those', () => {
    const rows = [
      row({ day: '2026-11-23', visits: 6 }),
      row({ day: '2026-11-17', visits: 2 }), // first day of this period
      row({ day: '2026-11-16', visits: 4 }), // last day of the previous one
      row({ day: '2026-11-10', visits: 4 }), // its first day
      row({ day: '2026-11-09', visits: 100 }), // before both
    ];
    const report = analyticsReport(rows, [], period);
    expect(report.profileViews).toBe(8);
    expect(report.viewsTrend).toBe(0);
    expect(report.dailyVisits.map((day) => day.count)).toEqual([2, 0, 0, 0, 0, 0, 6]);
  });

  it('names the largest other hosts and groups the rest as Other', () => {
    const hosts = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example', 'f.example', 'g.example'];
    const rows = [
      row({ visits: 10 }),
      row({ dimension: 'source', value: 'Instagram', visits: 3 }),
      ...hosts.map((host) => row({ dimension: 'source', value: host, visits: 1 })),
    ];
    const sources = analyticsReport(rows, [], period).sources;
    expect(sources[0]).toEqual({ name: 'Instagram', visits: 3, percentage: 30 });
    expect(sources.filter((share) => share.name.includes('.'))).toHaveLength(5);
    expect(sources.find((share) => share.name === 'Other')).toEqual({ name: 'Other', visits: 2, percentage: 20 });
  });

  it('keeps the clicks of a deleted link under its own row', () => {
    const rows = [row({ kind: 'click', visits: 2 }), row({ kind: 'click', dimension: 'link', value: '41', visits: 2, uniques: 1 })];
    expect(analyticsReport(rows, [], period).topLinks).toEqual([
      // No views in the period: a click-through rate of 0, not a division by zero.
      { id: 41, name: 'Deleted link', url: '', clicks: 2, uniqueClicks: 1, share: 100, clickThroughRate: 0 },
    ]);
  });
});

describe('CSV cells', () => {
  it('neutralises formulas and quotes what needs it', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('Été ✓')).toBe('Été ✓');
    expect(csvCell(12)).toBe('12');
  });
});

describe('sources and prefetches', () => {
  it('names networks, search engines and campaigns, and keeps other hosts', () => {
    expect(sourceOf(undefined, 'lv.test')).toBe('Direct');
    expect(sourceOf('https://lv.test/other', 'lv.test:3000')).toBe('Direct');
    expect(sourceOf('not a url', 'lv.test')).toBe('Direct');
    expect(sourceOf('https://l.instagram.com/?u=1', 'lv.test')).toBe('Instagram');
    expect(sourceOf('https://t.co/abc', 'lv.test')).toBe('X/Twitter');
    expect(sourceOf('https://www.google.co.uk/', 'lv.test')).toBe('Google');
    expect(sourceOf('https://duckduckgo.com/', 'lv.test')).toBe('DuckDuckGo');
    expect(sourceOf('https://www.news.example.org/a', 'lv.test')).toBe('news.example.org');
    expect(sourceOf('https://www.google.com/', 'lv.test', 'ig')).toBe('Instagram');
    expect(sourceOf(undefined, 'lv.test', 'Newsletter <script>')).toBe('newsletter script');
  });

  it('knows a prefetch or prerender by its headers', () => {
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({})).toBe(false);
  });
});

describe('devices and browsers', () => {
  it('reads them with ua-parser-js', () => {
    expect(
      agentOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toEqual({
      device: 'mobile',
      browser: 'Mobile Safari',
    });
    expect(
      agentOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1').device,
    ).toBe('tablet');
    expect(
      agentOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'),
    ).toEqual({
      device: 'desktop',
      browser: 'Chrome',
    });
    expect(agentOf('something else').browser).toBe('Other');
  });
});

describe('record days', () => {
  it('are the days that beat every day before them, newest first', () => {
    const days = [
      { day: '2026-11-01', visits: 2 },
      { day: '2026-11-02', visits: 5 },
      { day: '2026-11-03', visits: 5 },
      { day: '2026-11-04', visits: 9 },
    ];
    expect(viewRecords(0, days).map((entry) => entry.day)).toEqual(['2026-11-04', '2026-11-02']);
    expect(viewRecords(6, days).map((entry) => entry.day)).toEqual(['2026-11-04']);
    expect(viewRecords(0, [])).toEqual([]);
  });
});

describe('counts in words', () => {
  it('say one thing in the singular and every other count in the plural, with thousands separated', () => {
    expect(countOf(1, 'visit')).toBe('1 visit');
    expect(countOf(0, 'link')).toBe('0 links');
    expect(countOf(12_345, 'unique visitor')).toBe('12,345 unique visitors');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});

describe('campaigns, referring addresses and hours (premium analytics)', () => {
  it('keeps UTM values as bounded text and the three of a campaign apart', () => {
    expect(cleanUtmValue('  Spring\tSale \u0000 ')).toBe('Spring Sale');
    expect(cleanUtmValue(undefined)).toBe('');
    expect(Array.from(cleanUtmValue('é'.repeat(150)))).toHaveLength(100);
    expect(campaignValueOf(null, null, '')).toBe('');
    // The separator itself cannot be sent: it is a control character, and cleaned away.
    const value = campaignValueOf('news\u001fletter', 'email', 'launch');
    expect(campaignPartsOf(value)).toEqual({ source: 'news letter', medium: 'email', campaign: 'launch' });
    expect(campaignPartsOf(campaignValueOf(undefined, undefined, 'only'))).toEqual({ source: '', medium: '', campaign: 'only' });
  });

  it('keeps a referrer’s host and path, never its query, fragment or our own site', () => {
    expect(referrerAddressOf('https://News.Example.org/story/42?token=secret#top', 'lv.test')).toBe('news.example.org/story/42');
    expect(referrerAddressOf('https://www.google.com/', 'lv.test')).toBe('www.google.com');
    expect(referrerAddressOf('https://example.org/caf%C3%A9', 'lv.test')).toBe('example.org/café');
    expect(referrerAddressOf('https://example.org/%E0%A4%A', 'lv.test')).toBe('example.org/%E0%A4%A');
    expect(referrerAddressOf(`https://example.org/${'a'.repeat(500)}`, 'lv.test')).toHaveLength(200);
    expect(referrerAddressOf('https://lv.test/other', 'lv.test:3000')).toBe('');
    expect(referrerAddressOf('android-app://com.google.android.gm/', 'lv.test')).toBe('');
    expect(referrerAddressOf('not a url', 'lv.test')).toBe('');
    expect(referrerAddressOf(undefined, 'lv.test')).toBe('');
  });

  it('names an hour by its weekday from Monday and its hour', () => {
    expect(hourValueOf('2026-11-23', 0)).toBe('0 00'); // a Monday
    expect(hourValueOf('2026-11-29', 23)).toBe('6 23'); // a Sunday
    expect(periodName('all')).toBe('All time');
    expect(periodName(30)).toBe('Last 30 days');
  });
});
