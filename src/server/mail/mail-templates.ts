import type { SignInChange } from '#shared/two-factor.ts';
import type { LinkCheckReason } from '#shared/link-check-labels.ts';
import type { AnalyticsReport } from '#shared/analytics.ts';
import { SITE_NAME } from '#shared/constants.ts';
import { type PageLanguage, directionOf, spokenLanguageOf } from '#shared/i18n/languages.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { escapeHtml } from '../http/html.ts';
import { translatorFor } from '../i18n/translators.ts';
import { mailWords as words } from './mail-words.ts';

// Every mail the site sends: a plain-text body and an HTML one saying the same,
// signed with the site's name and public address, in the recipient's language
// (issue 54): each template's first argument is its code (a person's
// `language`, a page's spoken language), null or unknown for English. Numbers,
// days and lists are written the language's way (Intl). User text is escaped
// in HTML and never translated.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface Block {
  /** Paragraphs of plain text. */
  lines: string[];
  /** A picture shown after the first paragraph (a report's chart, attached to the mail and named by its cid). */
  image?: { src: string; alt: string; width: number; height: number };
  /** The one thing to do, when there is one. */
  action?: { label: string; url: string };
  /** Said after the action, smaller. */
  footnote?: string;
}

/** A recipient's language with what writes in it: its messages, and its numbers, days and lists. */
export interface Voice {
  language: PageLanguage;
  t: Translate;
  number: (value: number) => string;
  /** A day, 'YYYY-MM-DD', written out ('Nov 3, 2026'; '3 nov 2026'). */
  day: (isoDay: string) => string;
  /** Items joined as the language joins a short list ('a, b, c'). */
  list: (items: string[]) => string;
  /** A change as a signed percentage ('+12%', '−5 %'). */
  signedPercent: (ratio: number) => string;
  percent: (ratio: number) => string;
}

const voices = new Map<string, Voice>();

export function voiceOf(code: string | null | undefined): Voice {
  const language = spokenLanguageOf(code);
  let voice = voices.get(language);
  if (!voice) {
    const numbers = new Intl.NumberFormat(language);
    const days = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const lists = new Intl.ListFormat(language, { type: 'unit', style: 'short' });
    const signed = new Intl.NumberFormat(language, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 });
    const percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    voice = {
      language,
      t: translatorFor(language),
      number: (value) => numbers.format(value),
      day: (isoDay) => {
        const at = Date.parse(`${isoDay}T00:00:00Z`);
        return Number.isNaN(at) ? isoDay : days.format(at);
      },
      list: (items) => lists.format(items),
      signedPercent: (ratio) => signed.format(ratio),
      percent: (ratio) => percents.format(ratio),
    };
    voices.set(language, voice);
  }
  return voice;
}

/** One layout for all of them (a feature's own mail uses it too): a heading, the paragraphs, a button, a footnote, the site's name and address. */
export function compose(voice: Voice, subject: string, origin: string, { lines, image, action, footnote }: Block): MailContent {
  const text = [
    ...lines,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footnote ? [footnote] : []),
    `— ${SITE_NAME}, ${origin}`,
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const picture = ({ src, alt, width, height }: NonNullable<Block['image']>) =>
    `<p style="margin:0 0 16px"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" style="display:block;width:100%;max-width:${width}px;height:auto;border-radius:12px"></p>`;
  const html = `<!doctype html><html lang="${voice.language}" dir="${directionOf(voice.language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#0b0b12;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#e7e7ee">
<div style="max-width:520px;margin:0 auto;background:#151522;border-radius:16px;padding:32px">
<h1 style="margin:0 0 20px;font-size:20px">${escapeHtml(subject)}</h1>
${lines.map((line, index) => (index === 1 && image ? `${picture(image)}\n` : '') + paragraph(line)).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#7c5cff;color:#fff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#a1a1b5;word-break:break-all">${escapeHtml(action.url)}</p>`
    : ''
}
${footnote ? `<p style="margin:0 0 16px;font-size:13px;color:#a1a1b5">${escapeHtml(footnote)}</p>` : ''}
<p style="margin:24px 0 0;font-size:13px;color:#a1a1b5">${escapeHtml(SITE_NAME)} · <a href="${escapeHtml(origin)}" style="color:#a1a1b5">${escapeHtml(origin)}</a></p>
</div></body></html>`;
  return { subject, text, html };
}

/** A person's language, or a page's (subscribers): a code of LANGUAGES, or null or unknown for English. */
export type LanguageCode = string | null | undefined;

export function emailConfirmationMail(language: LanguageCode, origin: string, username: string, url: string, hours: number): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.confirmSubject, { site: SITE_NAME }), origin, {
    lines: [t(words.confirmLine, { username })],
    action: { label: t(words.confirmAction), url },
    footnote: t(words.confirmFootnote, { hours }),
  });
}

export function emailChangedNotice(language: LanguageCode, origin: string, username: string, newAddress: string | null): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.emailChangedSubject, { site: SITE_NAME }), origin, {
    lines: [
      newAddress ? t(words.emailChangedTo, { username, address: newAddress }) : t(words.emailRemoved, { username }),
      t(words.emailChangedNotYou),
    ],
  });
}

export function passwordResetMail(language: LanguageCode, origin: string, username: string, url: string, minutes: number): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.resetSubject, { site: SITE_NAME }), origin, {
    lines: [t(words.resetLine, { username })],
    action: { label: t(words.resetAction), url },
    footnote: t(words.resetFootnote, { minutes }),
  });
}

export interface WeeklyFigures {
  /** The first and last day of the week, in the profile's time zone. */
  from: string;
  to: string;
  views: number;
  visitors: number;
  clicks: number;
  /** The same figures the week before, for the comparison. */
  previous: { views: number; clicks: number };
  topLinks: Array<{ title: string; clicks: number }>;
  brokenLinks: BrokenLink[];
}

/** A link that failed its last daily checks, written in the mail as 'Shop: Looks broken (404 since Nov 3, 2026)'. */
export interface BrokenLink {
  title: string;
  reason: LinkCheckReason;
  httpStatus: number | null;
  /** The day it began failing, in the page's time zone ('YYYY-MM-DD'). */
  since: string;
}

/**
 * A figure's change on the period before, as a summary or report says it: '+12% on the week before', 'no change'
 * or new this week when there was nothing before; `days` names the period before ('week', or its number of days).
 */
function change(voice: Voice, now: number, before: number, period: 'week' | 'month' = 'week', days: 'week' | number = 'week'): string {
  const { t } = voice;
  if (before === 0) return now === 0 ? t(words.noChange) : t(words.newThis, { period });
  const ratio = Math.round(((now - before) / before) * 100) / 100;
  const named = days === 'week' ? 'week' : voice.number(days);
  return ratio === 0
    ? t(words.noChangeOnBefore, { days: named })
    : t(words.changeOnBefore, { days: named, percent: voice.signedPercent(ratio) });
}

/** 'A link looks broken: …', or nothing without any. */
function brokenLinksLine(voice: Voice, brokenLinks: BrokenLink[]): string[] {
  const lines = brokenLinks.map(({ title, reason, httpStatus, since }) =>
    voice.t(words.brokenLink, { title, reason, status: String(httpStatus ?? 'error'), since: voice.day(since) }),
  );
  return lines.length > 0 ? [voice.t(words.brokenLinks, { count: lines.length, links: lines.join('; ') })] : [];
}

export function weeklySummaryMail(language: LanguageCode, origin: string, username: string, figures: WeeklyFigures): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  const topLinks = figures.topLinks.map((link) => `${link.title} (${voice.number(link.clicks)})`);
  return compose(
    voice,
    t(words.periodSubject, {
      period: 'week',
      site: SITE_NAME,
      figures: t(words.figures, { views: figures.views, clicks: figures.clicks }),
    }),
    origin,
    {
      lines: [
        t(words.periodIntro, { address: `${origin}/${username}`, from: voice.day(figures.from), to: voice.day(figures.to) }),
        t(words.viewsLine, {
          views: voice.number(figures.views),
          change: change(voice, figures.views, figures.previous.views),
          visitors: figures.visitors,
        }),
        t(words.clicksLine, { clicks: voice.number(figures.clicks), change: change(voice, figures.clicks, figures.previous.clicks) }),
        topLinks.length > 0 ? t(words.mostClicked, { links: voice.list(topLinks) }) : t(words.noClicks, { period: 'week' }),
        ...brokenLinksLine(voice, figures.brokenLinks),
      ],
      action: { label: t(words.analyticsAction), url: `${origin}/dashboard?tab=analytics` },
      footnote: t(words.summaryFootnote),
    },
  );
}

/** What the report by mail (premium analytics, issue 52 §2) says, besides the analytics report itself. */
export interface ReportMailParts {
  every: 'week' | 'month';
  brokenLinks: BrokenLink[];
  /** The chart, attached to the mail; undefined when it could not be drawn (the mail goes without it). */
  chart?: { cid: string; width: number; height: number };
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Business's report: the week's or month's figures beside the period before, the top links, sources and campaigns, the busiest hour, a chart. */
export function analyticsReportMail(
  language: LanguageCode,
  origin: string,
  username: string,
  report: AnalyticsReport,
  parts: ReportMailParts,
): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  const period = parts.every;
  const days = period === 'week' ? 'week' : report.days;
  const compared = report.comparison;
  const top = <T>(items: T[], say: (item: T) => string, count = 3) => voice.list(items.slice(0, count).map(say));
  const busiest = busiestHourOf(report.heatMap);
  const campaignName = (campaign: NonNullable<AnalyticsReport['campaigns']>[number]) =>
    [campaign.source, campaign.medium, campaign.campaign].filter(Boolean).join(' / ');
  const [from, to] = [voice.day(report.from), voice.day(report.to)];
  return compose(
    voice,
    t(words.periodSubject, {
      period,
      site: SITE_NAME,
      figures: t(words.figures, { views: report.profileViews, clicks: report.linkClicks }),
    }),
    origin,
    {
      lines: [
        t(words.periodIntroZone, { address: `${origin}/${username}`, from, to, zone: report.timeZone }),
        t(words.viewsLine, {
          views: voice.number(report.profileViews),
          change: change(voice, report.profileViews, compared?.profileViews.previous ?? 0, period, days),
          visitors: report.uniqueVisitors,
        }),
        `${t(words.clicksLine, {
          clicks: voice.number(report.linkClicks),
          change: change(voice, report.linkClicks, compared?.linkClicks.previous ?? 0, period, days),
        })} ${t(words.conversionLine, { rate: voice.percent(report.conversionRate / 100) })}`,
        report.topLinks.length > 0
          ? t(words.mostClicked, { links: top(report.topLinks, (link) => `${link.name} (${voice.number(link.clicks)})`) })
          : t(words.noClicks, { period }),
        ...(report.sources.length > 0
          ? [t(words.sources, { sources: top(report.sources, (source) => `${source.name} ${voice.percent(source.percentage / 100)}`) })]
          : []),
        ...(report.campaigns?.length
          ? [
              t(words.campaigns, {
                campaigns: top(
                  report.campaigns,
                  (campaign) => `${campaignName(campaign)} (${t(words.figures, { views: campaign.views, clicks: campaign.clicks })})`,
                ),
              }),
            ]
          : []),
        ...(busiest
          ? [
              t(words.busiestHour, {
                weekday: WEEKDAYS[busiest.weekday],
                from: `${busiest.hour}:00`,
                to: `${busiest.hour + 1}:00`,
                views: busiest.views,
              }),
            ]
          : []),
        ...brokenLinksLine(voice, parts.brokenLinks),
      ],
      image: parts.chart && {
        src: `cid:${parts.chart.cid}`,
        alt: t(words.chartAlt, { from, to }),
        width: parts.chart.width,
        height: parts.chart.height,
      },
      action: { label: t(words.analyticsAction), url: `${origin}/dashboard?tab=analytics` },
      footnote: t(words.reportFootnote, { period }),
    },
  );
}

/** The weekday and hour with the most views, and their views; undefined without any. */
function busiestHourOf(heatMap: number[][] | null): { weekday: number; hour: number; views: number } | undefined {
  let best: { weekday: number; hour: number; views: number } | undefined;
  heatMap?.forEach((line, weekday) =>
    line.forEach((views, hour) => {
      if (views > 0 && (!best || views > best.views)) best = { weekday, hour, views };
    }),
  );
  return best;
}

const SIGN_IN_CHANGES = {
  totp_on: words.totpOn,
  totp_off: words.totpOff,
  recovery_codes: words.recoveryCodes,
  passkey_added: words.passkeyAdded,
  passkey_removed: words.passkeyRemoved,
  sso_linked: words.ssoLinked,
  sso_unlinked: words.ssoUnlinked,
  factors_removed: words.factorsRemoved,
} as const satisfies Record<SignInChange, unknown>;

/** A change to how the account signs in, told to its confirmed address. */
export function signInChangedNotice(language: LanguageCode, origin: string, username: string, signIn: SignInChange): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.signInSubject, { site: SITE_NAME }), origin, {
    lines: [t(words.signInLine, { username, change: t(SIGN_IN_CHANGES[signIn]) }), t(words.signInNotYou)],
  });
}

/** A page's team (issue 53): who invites, to which page, as what. */
interface TeamMailPage {
  username: string;
  displayName: string;
}

type TeamRole = 'editor' | 'analyst';

/** An invitation to a page's team, mailed to the invited address: the link works once, for `days` days, for that address only. */
export function pageInvitationMail(
  language: LanguageCode,
  origin: string,
  page: TeamMailPage,
  inviter: string,
  role: TeamRole,
  url: string,
  days: number,
): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.inviteSubject, { inviter, page: page.displayName, site: SITE_NAME }), origin, {
    lines: [t(words.inviteLine, { role, inviter, page: page.displayName, address: `${origin}/${page.username}` }), t(words.inviteHow)],
    action: { label: t(words.inviteAction), url },
    footnote: t(words.inviteFootnote, { days, inviter }),
  });
}

/** A member's role on a page changed, told to them. */
export function pageRoleChangedNotice(language: LanguageCode, origin: string, page: TeamMailPage, role: TeamRole): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.roleSubject, { page: page.displayName }), origin, {
    lines: [t(words.roleLine, { role, page: page.displayName, address: `${origin}/${page.username}` })],
  });
}

/** A member was taken off a page's team, told to them. */
export function pageRemovalNotice(language: LanguageCode, origin: string, page: TeamMailPage): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.removalSubject, { page: page.displayName }), origin, {
    lines: [t(words.removalLine, { page: page.displayName, address: `${origin}/${page.username}` })],
  });
}

/** The member offered the page accepted: the owner before is told, and where their account now is. */
export function pageOwnershipMovedNotice(
  language: LanguageCode,
  origin: string,
  page: TeamMailPage,
  to: string,
  accountKeeps: string | null,
): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.movedSubject, { page: page.displayName, to }), origin, {
    lines: [
      t(words.movedLine, { to, page: page.displayName, address: `${origin}/${page.username}` }),
      ...(accountKeeps ? [t(words.movedAccountKeeps, { kept: `${origin}/${accountKeeps}`, username: accountKeeps })] : []),
    ],
  });
}

/** The owner offers the page to a member: it moves once they accept in their dashboard. */
export function pageOwnershipOfferMail(language: LanguageCode, origin: string, page: TeamMailPage, from: string, url: string): MailContent {
  const voice = voiceOf(language);
  const { t } = voice;
  return compose(voice, t(words.offerSubject, { from, page: page.displayName }), origin, {
    lines: [t(words.offerLine, { from, page: page.displayName, address: `${origin}/${page.username}` })],
    action: { label: t(words.offerAction), url },
  });
}
