import { DAY_MS, type Plan, type SummaryCadence } from '#shared/constants.ts';
import type { PlanLimits } from '#shared/plans.ts';
import { addDays, dayCount, formatDay, localDayOf } from '#shared/time-zone.ts';
import { REPORT_CHART_SIZE, type ReportChartJob } from '../media/report-chart-drawing.ts';
import type { Db } from '../db/database.ts';
import { linkNamesOf, rollupsBetween } from './analytics.repository.ts';
import { DELETED_LINK, FULL_DEPTH, reportOfPeriod } from './analytics.service.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import { type BrokenLink, type WeeklyFigures, analyticsReportMail, weeklySummaryMail } from '../mail/mail-templates.ts';
import { summaryRecipientsOf, updateUser, weeklySummaryCandidates } from '../users/users.repository.ts';

/** Accounts looked at per query of the hourly job. */
const BATCH = 200;
/** A summary not sent within three days of its Monday is not worth sending. */
const SUMMARY_VALID_MS = 3 * DAY_MS;
const TOP_LINKS = 3;

const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

/** The week that ended before `today` (Monday to Sunday, in the profile's days) and the one before it, from the daily rollups. */
async function weeklyFigures(db: Db, userId: number, today: string): Promise<Omit<WeeklyFigures, 'brokenLinks'>> {
  const from = addDays(today, -7);
  const to = addDays(today, -1);
  const [rows, links] = await Promise.all([rollupsBetween(db, userId, addDays(today, -14), to), linkNamesOf(db, userId)]);
  const sum = (kind: 'view' | 'click', first: string, last: string, field: 'visits' | 'uniques') =>
    rows
      .filter((row) => row.kind === kind && row.dimension === 'total' && row.day >= first && row.day <= last)
      .reduce((total, row) => total + Number(row[field]), 0);
  const clicksByLink = new Map<string, number>();
  for (const row of rows) {
    if (row.kind !== 'click' || row.dimension !== 'link' || row.day < from) continue;
    clicksByLink.set(row.value, (clicksByLink.get(row.value) ?? 0) + Number(row.visits));
  }
  const titles = new Map(links.map((link) => [String(link.id), link.title]));
  const topLinks = [...clicksByLink]
    .filter(([, clicks]) => clicks > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_LINKS)
    .map(([id, clicks]) => ({ title: titles.get(id) ?? DELETED_LINK, clicks }));
  const weekBefore = { first: addDays(today, -14), last: addDays(today, -8) };
  return {
    from,
    to,
    views: sum('view', from, to, 'visits'),
    visitors: sum('view', from, to, 'uniques'),
    clicks: sum('click', from, to, 'visits'),
    previous: {
      views: sum('view', weekBefore.first, weekBefore.last, 'visits'),
      clicks: sum('click', weekBefore.first, weekBefore.last, 'visits'),
    },
    topLinks,
  };
}

/** A line for each of a profile's links the daily checks found broken, in its time zone's days (the link checks lend it, when on). */
export type BrokenLinkLines = (db: Db, userId: number, timeZone: string) => Promise<BrokenLink[]>;

/** The report's chart as a PNG, drawn by the media worker; undefined when it could not be (the mail goes without it). */
export type DrawReportChart = (userId: number, bars: ReportChartJob['bars']) => Promise<Buffer | undefined>;

export interface SummaryOptions {
  origin: string;
  brokenLinkLines: BrokenLinkLines | undefined;
  planLimits: Record<Plan, PlanLimits>;
  drawChart: DrawReportChart;
}

const CHART_CID = 'analytics-chart@linkverse';

/** The day before `today`, and the first day of the week or month that ended with it. */
function reportPeriodOf(today: string, every: SummaryCadence): { first: string; last: string } {
  const last = addDays(today, -1);
  return { first: every === 'week' ? addDays(today, -7) : `${last.slice(0, 7)}-01`, last };
}

/** Whether a summary is due today: every Monday, or on the 1st for the monthly report. */
const isDue = (today: string, every: SummaryCadence) => (every === 'week' ? isMonday(today) : today.endsWith('-01'));

/** Business's report by mail: the period's premium report, its chart attached. */
/** The report's mail for `user`'s page, in each recipient's language (`mailIn`): the figures and chart are made once. */
async function reportMail(db: Db, user: SummaryCandidate, today: string, every: SummaryCadence, options: SummaryOptions) {
  const timeZone = user.timeZone ?? 'UTC';
  const { first, last } = reportPeriodOf(today, every);
  const report = await reportOfPeriod(db, user.id, { days: dayCount(first, last), today: last, timeZone }, FULL_DEPTH);
  const chart = await options.drawChart(
    user.id,
    report.dailyVisits.map((day) => ({ label: formatDay(day.date), views: day.count, clicks: day.clicks })),
  );
  const brokenLinks = options.brokenLinkLines ? await options.brokenLinkLines(db, user.id, timeZone) : [];
  const size = { cid: CHART_CID, width: REPORT_CHART_SIZE.width / 2, height: REPORT_CHART_SIZE.height / 2 };
  const attachments = chart ? [{ filename: 'analytics.png', contentType: 'image/png', cid: CHART_CID, content: chart }] : [];
  return (language: string | null) => ({
    ...analyticsReportMail(language, options.origin, user.username, report, { every, brokenLinks, chart: chart && size }),
    attachments,
  });
}

/** The weekly summary's mail for `user`'s page, in each recipient's language: the figures are counted once. */
async function summaryMail(db: Db, user: SummaryCandidate, today: string, options: SummaryOptions) {
  const figures = {
    ...(await weeklyFigures(db, user.id, today)),
    brokenLinks: options.brokenLinkLines ? await options.brokenLinkLines(db, user.id, user.timeZone ?? 'UTC') : [],
  };
  return (language: string | null) => weeklySummaryMail(language, options.origin, user.username, figures);
}

type SummaryCandidate = Awaited<ReturnType<typeof weeklySummaryCandidates>>[number];

/**
 * The hourly job: on each profile's Monday (in its own time zone), last week's
 * views and clicks go to its confirmed address, once, with its broken links
 * when the link checks are on. On Business (premium analytics) it is the full
 * report, with a chart, every week or on the 1st of the month as its owner
 * chose; a monthly choice kept from Business goes weekly on another plan. How many were queued.
 */
export async function queueWeeklySummaries(db: Db, outbox: MailOutbox, options: SummaryOptions, now = Date.now()): Promise<number> {
  const sentBefore = new Date(now - 6 * DAY_MS).toISOString();
  let queued = 0;
  for (let afterId = 0; ;) {
    const candidates = await weeklySummaryCandidates(db, sentBefore, afterId, BATCH);
    for (const user of candidates) {
      const timeZone = user.timeZone ?? 'UTC';
      const today = localDayOf(now, timeZone);
      const premium = options.planLimits[user.plan].premiumAnalytics;
      const every = premium ? user.summaryEvery : 'week';
      if (!isDue(today, every)) continue;
      const mailIn = premium ? await reportMail(db, user, today, every, options) : await summaryMail(db, user, today, options);
      // The page's owner and the members who asked for it (issue 53), each at their confirmed address.
      const recipients = await summaryRecipientsOf(db, user.id);
      await db.transaction().execute(async (trx) => {
        for (const { address, language } of recipients) {
          await outbox.queue(trx, { recipient: address, ...mailIn(language), expiresAt: new Date(now + SUMMARY_VALID_MS).toISOString() });
        }
        await updateUser(trx, user.id, { weeklySummarySentAt: new Date(now).toISOString() });
      });
      queued += recipients.length;
    }
    if (candidates.length < BATCH) break;
    afterId = candidates[candidates.length - 1]!.id;
  }
  if (queued > 0) outbox.kick();
  return queued;
}
