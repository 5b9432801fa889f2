import type { SignInChange } from '#shared/two-factor.ts';
import { countOf } from '#shared/counts.ts';
import type { AnalyticsReport } from '#shared/analytics.ts';
import { SITE_NAME } from '#shared/constants.ts';
import { escapeHtml } from '../http/html.ts';

// Every mail the site sends: a plain-text body and an HTML one saying the same,
// signed with the site's name and public address. User text is escaped in HTML.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Block {
  /** Paragraphs of plain text. */
  lines: string[];
  /** A picture shown after the first paragraph (a report's chart, attached to the mail and named by its cid). */
  image?: { src: string; alt: string; width: number; height: number };
  /** The one thing to do, when there is one. */
  action?: { label: string; url: string };
  /** Said after the action, smaller. */
  footnote?: string;
}

/** One layout for all of them: a heading, the paragraphs, a button, a footnote, the site's name and address. */
function compose(subject: string, origin: string, { lines, image, action, footnote }: Block): MailContent {
  const text = [
    ...lines,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footnote ? [footnote] : []),
    `— ${SITE_NAME}, ${origin}`,
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const picture = ({ src, alt, width, height }: NonNullable<Block['image']>) =>
    `<p style="margin:0 0 16px"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" style="display:block;width:100%;max-width:${width}px;height:auto;border-radius:12px"></p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
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

export function emailConfirmationMail(origin: string, username: string, url: string, hours: number): MailContent {
  return compose(`Confirm your email for ${SITE_NAME}`, origin, {
    lines: [`Hi ${username}, confirm that this address is yours to use it for password resets and the weekly summary.`],
    action: { label: 'Confirm email', url },
    footnote: `The link works once, for ${hours} hours. If you did not ask for it, ignore this mail: the address stays unconfirmed.`,
  });
}

export function emailChangedNotice(origin: string, username: string, newAddress: string | null): MailContent {
  return compose(`Your ${SITE_NAME} email was changed`, origin, {
    lines: [
      newAddress
        ? `The email of the account ${username} was changed to ${newAddress}. This address will get no more mail from us.`
        : `The email of the account ${username} was removed. This address will get no more mail from us.`,
      'If you did not do this, sign in and change your password, then sign out the other sessions in Account.',
    ],
  });
}

export function passwordResetMail(origin: string, username: string, url: string, minutes: number): MailContent {
  return compose(`Reset your ${SITE_NAME} password`, origin, {
    lines: [`Someone asked to reset the password of the account ${username}. If it was you, set a new one here.`],
    action: { label: 'Set a new password', url },
    footnote: `The link works once, for ${minutes} minutes, and signs out every session. If you did not ask for it, ignore this mail: your password stays as it is.`,
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
  /** Links that failed their last daily checks: 'Shop: Looks broken (404 since 2026-11-03)'. */
  brokenLinks: string[];
}

/**
 * A figure's change on the period before, as a summary or report says it: '+12% on the week before',
 * 'no change' or new this week when there was nothing before; `period` names the one before ('30 days').
 */
function change(now: number, before: number, period = 'week', current = 'week'): string {
  if (before === 0) return now === 0 ? 'no change' : `new this ${current}`;
  const percent = Math.round(((now - before) / before) * 100);
  return percent === 0 ? `no change on the ${period} before` : `${percent > 0 ? '+' : ''}${percent}% on the ${period} before`;
}

export function weeklySummaryMail(origin: string, username: string, figures: WeeklyFigures): MailContent {
  return compose(`Your week on ${SITE_NAME}: ${countOf(figures.views, 'view')}, ${countOf(figures.clicks, 'click')}`, origin, {
    lines: [
      `Here is how ${origin}/${username} did from ${figures.from} to ${figures.to}.`,
      `Views: ${figures.views.toLocaleString('en-US')} (${change(figures.views, figures.previous.views)}), from ${countOf(figures.visitors, 'unique visitor')}.`,
      `Link clicks: ${figures.clicks.toLocaleString('en-US')} (${change(figures.clicks, figures.previous.clicks)}).`,
      figures.topLinks.length > 0
        ? `Most clicked: ${figures.topLinks.map((link) => `${link.title} (${link.clicks})`).join(', ')}.`
        : 'No link was clicked this week.',
      ...(figures.brokenLinks.length > 0
        ? [`${figures.brokenLinks.length === 1 ? 'A link looks' : 'Some links look'} broken: ${figures.brokenLinks.join('; ')}.`]
        : []),
    ],
    action: { label: 'Open your analytics', url: `${origin}/dashboard?tab=analytics` },
    footnote: 'You get this because you turned on the weekly summary. Turn it off in Account.',
  });
}

/** What the report by mail (premium analytics, issue 52 §2) says, besides the analytics report itself. */
export interface ReportMailParts {
  every: 'week' | 'month';
  brokenLinks: string[];
  /** The chart, attached to the mail; undefined when it could not be drawn (the mail goes without it). */
  chart?: { cid: string; width: number; height: number };
}

const WEEKDAY_NAMES = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** Business's report: the week's or month's figures beside the period before, the top links, sources and campaigns, the busiest hour, a chart. */
export function analyticsReportMail(origin: string, username: string, report: AnalyticsReport, parts: ReportMailParts): MailContent {
  const named = parts.every === 'week' ? 'week' : 'month';
  const before = parts.every === 'week' ? 'week' : `${report.days} days`;
  const compared = report.comparison;
  const top = <T>(items: T[], say: (item: T) => string, count = 3) => items.slice(0, count).map(say).join(', ');
  const busiest = busiestHourOf(report.heatMap);
  const campaignName = (campaign: NonNullable<AnalyticsReport['campaigns']>[number]) =>
    [campaign.source, campaign.medium, campaign.campaign].filter(Boolean).join(' / ');
  return compose(`Your ${named} on ${SITE_NAME}: ${countOf(report.profileViews, 'view')}, ${countOf(report.linkClicks, 'click')}`, origin, {
    lines: [
      `Here is how ${origin}/${username} did from ${report.from} to ${report.to} (${report.timeZone} time).`,
      `Views: ${report.profileViews.toLocaleString('en-US')} (${change(report.profileViews, compared?.profileViews.previous ?? 0, before, named)}), from ${countOf(report.uniqueVisitors, 'unique visitor')}.`,
      `Link clicks: ${report.linkClicks.toLocaleString('en-US')} (${change(report.linkClicks, compared?.linkClicks.previous ?? 0, before, named)}). ${report.conversionRate}% of visitors clicked a link.`,
      report.topLinks.length > 0
        ? `Most clicked: ${top(report.topLinks, (link) => `${link.name} (${link.clicks})`)}.`
        : `No link was clicked this ${named}.`,
      ...(report.sources.length > 0
        ? [`Where visitors came from: ${top(report.sources, (source) => `${source.name} ${source.percentage}%`)}.`]
        : []),
      ...(report.campaigns?.length
        ? [
            `Campaigns: ${top(report.campaigns, (campaign) => `${campaignName(campaign)} (${countOf(campaign.views, 'view')}, ${countOf(campaign.clicks, 'click')})`)}.`,
          ]
        : []),
      ...(busiest
        ? [
            `Busiest hour: ${WEEKDAY_NAMES[busiest.weekday]} ${busiest.hour}:00 to ${busiest.hour + 1}:00 (${countOf(busiest.views, 'view')}).`,
          ]
        : []),
      ...(parts.brokenLinks.length > 0
        ? [`${parts.brokenLinks.length === 1 ? 'A link looks' : 'Some links look'} broken: ${parts.brokenLinks.join('; ')}.`]
        : []),
    ],
    image: parts.chart && {
      src: `cid:${parts.chart.cid}`,
      alt: `Views and clicks each day from ${report.from} to ${report.to}`,
      width: parts.chart.width,
      height: parts.chart.height,
    },
    action: { label: 'Open your analytics', url: `${origin}/dashboard?tab=analytics` },
    footnote: `You get this because you turned on the ${parts.every === 'week' ? 'weekly' : 'monthly'} report. Change it or turn it off in Account.`,
  });
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

/** Double opt-in (issue 31): the visitor's own address, asked whether it meant to sign up to a creator's page. */
export function subscriptionConfirmMail(
  origin: string,
  creator: { username: string; name: string },
  links: { confirm: string; unsubscribe: string },
  consent: string,
  days: number,
): MailContent {
  return compose(`Confirm your sign-up to ${creator.name}`, origin, {
    lines: [
      `Someone, hopefully you, gave this address to the sign-up form on ${origin}/${creator.username}.`,
      `What you agree to, in ${creator.name}'s words: "${consent}"`,
      `Confirm within ${countOf(days, 'day')} and ${creator.name} will see your address as confirmed. Until then, and if you never do, it is removed.`,
    ],
    action: { label: 'Confirm my sign-up', url: links.confirm },
    footnote: `Not you, or changed your mind? Ignore this mail, or remove your address now: ${links.unsubscribe}`,
  });
}

const SIGN_IN_CHANGES: Record<SignInChange, string> = {
  totp_on: 'Two-factor sign-in was turned on: signing in now asks for a code from an authenticator app.',
  totp_off: 'Two-factor sign-in was turned off: signing in now asks for the password alone.',
  recovery_codes: 'New recovery codes were made: the earlier ones no longer work.',
  passkey_added: 'A passkey was added: it signs in to the account.',
  passkey_removed: 'A passkey was removed: it no longer signs in.',
  sso_linked: 'A single sign-on provider was linked: signing in through it opens the account.',
  sso_unlinked: 'A single sign-on provider was unlinked: it no longer signs in to the account.',
  factors_removed:
    "An administrator removed the account's authenticator app, recovery codes and passkeys: the password alone signs in until they are set up again.",
};

/** A change to how the account signs in, told to its confirmed address. */
export function signInChangedNotice(origin: string, username: string, change: SignInChange): MailContent {
  return compose(`How you sign in to ${SITE_NAME} changed`, origin, {
    lines: [
      `For the account ${username}: ${SIGN_IN_CHANGES[change]}`,
      'If you did not do this, sign in and change your password at once, then check Account: its sessions, two-factor sign-in and passkeys.',
    ],
  });
}

/** A page's team (issue 53): who invites, to which page, as what. */
interface TeamMailPage {
  username: string;
  displayName: string;
}

const roleWords = { editor: 'an editor', analyst: 'an analyst' } as const;
const roleMay = {
  editor: 'change everything on the page but its domain, its team and deleting it',
  analyst: 'read its analytics and subscribers',
} as const;

/** An invitation to a page's team, mailed to the invited address: the link works once, for `days` days, for that address only. */
export function pageInvitationMail(
  origin: string,
  page: TeamMailPage,
  invitedBy: string,
  role: keyof typeof roleWords,
  url: string,
  days: number,
): MailContent {
  return compose(`${invitedBy} invited you to ${page.displayName} on ${SITE_NAME}`, origin, {
    lines: [
      `${invitedBy} invited you to join the team of ${page.displayName} (${origin}/${page.username}) as ${roleWords[role]}: you will ${roleMay[role]}.`,
      `Accept while signed in with an account whose address is this one, or sign up with it.`,
    ],
    action: { label: 'See the invitation', url },
    footnote: `The link works once, for ${countOf(days, 'day')}, and only for this address. If you do not know ${invitedBy}, ignore this mail.`,
  });
}

/** A member's role on a page changed, told to them. */
export function pageRoleChangedNotice(origin: string, page: TeamMailPage, role: keyof typeof roleWords): MailContent {
  return compose(`Your role on ${page.displayName} changed`, origin, {
    lines: [`You are now ${roleWords[role]} of ${page.displayName} (${origin}/${page.username}): you may ${roleMay[role]}.`],
  });
}

/** A member was taken off a page's team, told to them. */
export function pageRemovalNotice(origin: string, page: TeamMailPage): MailContent {
  return compose(`You are no longer on the team of ${page.displayName}`, origin, {
    lines: [
      `The owner of ${page.displayName} (${origin}/${page.username}) removed you from its team. The page no longer shows in your dashboard; your own pages are as they were.`,
    ],
  });
}

/** The member offered the page accepted: the owner before is told, and where their account now is. */
export function pageOwnershipMovedNotice(origin: string, page: TeamMailPage, to: string, accountKeeps: string | null): MailContent {
  return compose(`${page.displayName} is now ${to}'s page`, origin, {
    lines: [
      `${to} accepted your offer: ${page.displayName} (${origin}/${page.username}) is theirs now, and you stay on its team as an editor.`,
      ...(accountKeeps
        ? [
            `Your account keeps ${origin}/${accountKeeps} as its first page. From now on you sign in with the username ${accountKeeps}, and the same password, passkeys and second factors; your sessions, purchases and other pages are as they were.`,
          ]
        : []),
    ],
  });
}

/** The owner offers the page to a member: it moves once they accept in their dashboard. */
export function pageOwnershipOfferMail(origin: string, page: TeamMailPage, from: string, url: string): MailContent {
  return compose(`${from} offers you the page ${page.displayName}`, origin, {
    lines: [
      `${from} offers to make you the owner of ${page.displayName} (${origin}/${page.username}). If you accept, the page counts toward your plan's pages and takes your plan; ${from} stays on its team as an editor.`,
    ],
    action: { label: 'Answer in your dashboard', url },
  });
}
