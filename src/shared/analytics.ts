import { z } from 'zod';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from './constants.ts';

// The Analytics tab's call (spec 000 §2 "Analytics tab", issue 10) and the
// rules of what counts, named once for the server, the dashboard and the docs.

/** A visitor's repeated views of a profile, or clicks of a link, within this window count once. */
export const REPEAT_WINDOW_MINUTES = 30;
/** Raw events older than this are deleted (ANALYTICS_RETENTION_DAYS overrides it); the daily figures stay. */
export const DEFAULT_RETENTION_DAYS = 90;
/** Other referrers are grouped by host; this many hosts are named, the rest are 'Other'. */
export const NAMED_OTHER_HOSTS = 5;

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export type Device = (typeof DEVICES)[number];

export const analyticsMessages = {
  invalidPeriod: 'Choose a period of 7, 30, 90 or 365 days, or all time',
  emptyTitle: 'No visits yet',
  emptyHint: 'Share your profile link: views and clicks show up here within a minute.',
} as const;

/** `?days=7|30|90|365|all`; anything else is refused. */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_PERIODS.map(String) as ['7', '30', '90', '365', 'all'], { error: analyticsMessages.invalidPeriod })
    .transform((days) => (days === 'all' ? days : Number(days)) as AnalyticsPeriod),
});

/** What a period is called: 'Last 30 days', 'All time'. */
export function periodName(period: AnalyticsPeriod): string {
  return period === 'all' ? 'All time' : `Last ${period} days`;
}

// Campaigns (premium analytics, issue 52 §2): the utm_source, utm_medium and
// utm_campaign a visit came with, kept as one rollup value.

/** Each UTM value is kept to this many characters. */
export const UTM_VALUE_MAX = 100;
/** Campaigns and referring addresses shown in a report: the most visited. */
export const PREMIUM_ROWS_SHOWN = 50;
/** A referring address is kept to this many characters. */
export const REFERRER_ADDRESS_MAX = 200;
/** Between a campaign's three values in its rollup value: a control character, which cleaning removes from the values. */
const CAMPAIGN_SEPARATOR = '\u001f';

/** A UTM value as kept: control characters out, spaces collapsed, at most UTM_VALUE_MAX characters. */
export function cleanUtmValue(value: string | null | undefined): string {
  if (!value) return '';
  const flat = value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(flat).slice(0, UTM_VALUE_MAX).join('').trimEnd();
}

/** The rollup value of a visit's campaign: '' when it came with no UTM value. */
export function campaignValueOf(source: string | null | undefined, medium: string | null | undefined, campaign: string | null | undefined) {
  const parts = [cleanUtmValue(source), cleanUtmValue(medium), cleanUtmValue(campaign)];
  return parts.every((part) => part === '') ? '' : parts.join(CAMPAIGN_SEPARATOR);
}

/** A campaign's three values from its rollup value. */
export function campaignPartsOf(value: string): { source: string; medium: string; campaign: string } {
  const [source = '', medium = '', campaign = ''] = value.split(CAMPAIGN_SEPARATOR);
  return { source, medium, campaign };
}

/** The days of the week as the heat map's rows: Monday first. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The rollup value of a visit's hour: its weekday (0 for Monday) and hour, in the profile's time zone ('4 18': Friday, 18:00 to 19:00). */
export function hourValueOf(day: string, hour: number): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `${weekday} ${String(hour).padStart(2, '0')}`;
}

const share = z.object({ name: z.string(), visits: z.number().int(), percentage: z.number() });
/** A figure of the period before: its value, and the change to now in percent (points for a rate); null when it was 0. */
const compared = z.object({ previous: z.number(), change: z.number().nullable() });

export const analyticsReportSchema = z
  .object({
    /** How many days the period has (all time: since the first day with figures). */
    days: z.number().int(),
    /** The period asked for: its days, or 'all'. */
    period: z.union([z.number().int(), z.literal('all')]),
    /** The period's first and last day, in the profile's time zone. */
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    /** Every counted view since the profile began (what the page shows with show views on). */
    totalViews: z.number().int(),
    profileViews: z.number().int(),
    uniqueVisitors: z.number().int(),
    linkClicks: z.number().int(),
    /** Visitors who clicked a link, each once a day whatever they clicked. */
    uniqueClicks: z.number().int(),
    /** Visitors who clicked ÷ visitors, in percent with one decimal: 0 without visitors, never over 100. */
    conversionRate: z.number(),
    /** Change against the previous period of the same length, in percent (one decimal); null when that period had none, and for all time. */
    viewsTrend: z.number().nullable(),
    clicksTrend: z.number().nullable(),
    dailyVisits: z.array(z.object({ date: z.string(), count: z.number().int(), clicks: z.number().int() })),
    topLinks: z.array(
      z.object({
        id: z.number().int(),
        /** The link's title, or 'Deleted link' when it is gone (its clicks stay in the history). */
        name: z.string(),
        url: z.string(),
        clicks: z.number().int(),
        uniqueClicks: z.number().int(),
        share: z.number(),
        /** Clicks ÷ profile views, in percent with one decimal (advanced analytics, issue 52 §2); null on a plan without them. */
        clickThroughRate: z.number().nullable(),
      }),
    ),
    sources: z.array(share),
    /** Country codes (ISO 3166-1 alpha-2), '' when unknown. */
    countries: z.array(share),
    /** Devices, browsers and in-app browsers are advanced analytics (Pro and Business, issue 52 §2): null on a plan without them. */
    devices: z.array(share).nullable(),
    browsers: z.array(share).nullable(),
    /** Views opened inside an app's own browser (Instagram, TikTok…), by app, as a share of all views. */
    inAppBrowsers: z.array(share).nullable(),
    /**
     * Every figure beside the previous period of the same length (premium analytics, Business): its value then, and
     * the change in percent (the conversion rate's in points); null on a plan without it, and for all time (nothing before it).
     */
    /** Campaigns by their UTM values, most viewed first (premium analytics, Business); null on a plan without them. */
    campaigns: z
      .array(
        z.object({
          source: z.string(),
          medium: z.string(),
          campaign: z.string(),
          views: z.number().int(),
          /** Visitors whose first view of the day came through the campaign. */
          visitors: z.number().int(),
          /** Clicks of visitors who came through the campaign that day. */
          clicks: z.number().int(),
        }),
      )
      .nullable(),
    /** Full referring addresses (host and path, without the query), most views first (premium); null without. */
    referrers: z.array(z.object({ address: z.string(), visits: z.number().int(), percentage: z.number() })).nullable(),
    /** Views by weekday (rows, Monday first) and hour (24 columns) in the profile's time zone (premium); null without. */
    heatMap: z.array(z.array(z.number().int())).nullable(),
    comparison: z
      .object({
        profileViews: compared,
        uniqueVisitors: compared,
        linkClicks: compared,
        uniqueClicks: compared,
        conversionRate: compared,
      })
      .nullable(),
  })
  .meta({ id: 'AnalyticsReport' });
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
/** What an analytics report holds on a plan (issue 52 §2): basic, advanced (Pro) and premium (Business). */
export interface AnalyticsDepth {
  advanced: boolean;
  premium: boolean;
}

/** Live visitors (premium analytics, issue 52 §2): the window they are counted in, in minutes. */
export const LIVE_MINUTES = 30;

export const liveVisitorsSchema = z
  .object({
    /** Visitors whose latest counted visit began in the last LIVE_MINUTES minutes (the repeat window's start). */
    visitors: z.number().int(),
    since: z.string(),
  })
  .meta({ id: 'LiveVisitors' });
export type LiveVisitors = z.infer<typeof liveVisitorsSchema>;

/** Percent change from `previous` to `current`, one decimal; null when there is nothing to compare with. */
export function trendOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** What the Analytics tab says the conversion rate is. */
export const CONVERSION_RATE_DEFINITION = 'Visitors who clicked a link';

/**
 * Visitors who clicked ÷ visitors, in percent. Capped at 100: a person can
 * click a link whose address they kept without a counted view that day.
 */
export function conversionRateOf(clickers: number, visitors: number): number {
  return Math.min(100, percentOf(clickers, visitors));
}

/** `part` as a percentage of `whole`, one decimal; 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
