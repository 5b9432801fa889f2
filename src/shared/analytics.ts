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
  invalidPeriod: 'Choose a period of 7, 30, 90 or 365 days',
  emptyTitle: 'No visits yet',
  emptyHint: 'Share your profile link: views and clicks show up here within a minute.',
} as const;

/** `?days=7|30|90`; anything else is refused. */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_PERIODS.map(String) as ['7', '30', '90', '365'], { error: analyticsMessages.invalidPeriod })
    .transform((days) => Number(days) as AnalyticsPeriod),
});

const share = z.object({ name: z.string(), visits: z.number().int(), percentage: z.number() });
/** A figure of the period before: its value, and the change to now in percent (points for a rate); null when it was 0. */
const compared = z.object({ previous: z.number(), change: z.number().nullable() });

export const analyticsReportSchema = z
  .object({
    days: z.number().int(),
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
    /** Change against the previous period of the same length, in percent (one decimal); null when that period had none. */
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
     * the change in percent (the conversion rate's in points); null on a plan without it.
     */
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
