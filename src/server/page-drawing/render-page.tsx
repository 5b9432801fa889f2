import { renderToStaticMarkup } from 'react-dom/server';
import { pageTitle } from '#shared/constants.ts';
import { profileMessages } from '#shared/profile.types.ts';
import { fontFamilyOf } from '#shared/customization.ts';
import { ProfileView, pageDataOf, warningLabelOf } from '#profile/profile-view.tsx';
import { pageNoticeWords as noticeWords } from '#profile/profile-words.ts';
import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_LANGUAGE, type PageLanguage, directionOf, spokenLanguageOf } from '#shared/i18n/languages.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { translatorFor } from '../i18n/translators.ts';
import type { PublicPage } from '#shared/profile.types.ts';
import { SOCIAL_ICONS } from '#shared/links.ts';
import { type SeoSettings, VERIFICATION_SERVICES, VERIFICATION_SERVICE_IDS, appearanceOf } from '#shared/seo.ts';
import { escapeHtml } from '../http/html.ts';
import type { InAppBrowser } from '../http/in-app-browser.ts';
import { EFFECTS_SCRIPT_TAG, effectsScriptFor, fontAssetsFor } from './profile-assets.ts';
import { PROFILE_BASE_CSS, optionCssFor } from './profile-stylesheet.ts';
import { SHARE_IMAGE_SIZE } from '#shared/share-image.ts';
import { AGREE_QUERY, type ContentWarning } from '#shared/content-warning.ts';
import { shareImageSceneOf, shareImageVersionOf } from './share-image.ts';

const BASE_CSS = 'html,body{margin:0;height:100%;background:#0b0b14}body{-webkit-font-smoothing:antialiased}';

/** A page: its head tags, and its style (the font face, the base rules, then the rules its look selects), in its language. */
function documentOf(head: string, body: string, style = '', language: PageLanguage = DEFAULT_LANGUAGE): string {
  const direction = directionOf(language) === 'rtl' ? ' dir="rtl"' : '';
  return `<!doctype html><html lang="${language}"${direction}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0b0b14"><link rel="icon" href="/favicon.svg" type="image/svg+xml">${head}<style>${BASE_CSS}${PROFILE_BASE_CSS}${style}</style></head><body>${body}</body></html>`;
}

const IN_APP_BAR_CSS =
  // The page fills what the bar leaves, so that a short page does not scroll by the bar's height.
  'body{display:flex;flex-direction:column}body>.lv-page{flex:1 0 auto;min-height:0}' +
  '.lv-inapp{position:sticky;top:0;z-index:20;display:grid;grid-template-columns:1fr auto;align-items:start;gap:8px 12px;padding-block:10px 12px;padding-inline:16px 8px;' +
  'background:#111118;color:#f4f4f5;border-bottom:1px solid #2e2e3a;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  '.lv-inapp p{margin:4px 0 0}.lv-inapp-actions{grid-column:1/-1;display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px}' +
  '.lv-inapp-actions:not(:has(a,button:not([hidden]),span:not(:empty))){display:none}' +
  '.lv-inapp-open,.lv-inapp-copy{font:inherit;font-weight:600;border:0;border-radius:999px;padding:7px 16px;background:#fff;color:#111118;text-decoration:none;cursor:pointer}' +
  '.lv-inapp-close{font:inherit;font-size:20px;line-height:1;border:0;border-radius:999px;padding:4px 10px;background:transparent;color:#d4d4d8;cursor:pointer}' +
  '.lv-inapp-status:empty{display:none}';

/**
 * The bar of a page opened in an app's own browser (issue 31), with the way out
 * its platform allows: on Android an intent address, which Android hands to the
 * visitor's browser (the app's own browser follows browser_fallback_url if
 * nothing takes it); on iOS, where no address leaves an app, the app's own menu
 * says how, and Copy link. Copy link and Close need the page's script; without
 * it the bar still says the way out.
 */
function inAppBarOf(inApp: InAppBrowser, url: string, t: Translate): string {
  // The page's own address (PUBLIC_URL, or the origin the request named, which may not parse).
  const address = URL.parse(url);
  const way =
    inApp.platform === 'android' && address
      ? `<a class="lv-inapp-open" href="${escapeHtml(
          `intent://${address.host}${address.pathname}#Intent;scheme=${address.protocol.slice(0, -1)};S.browser_fallback_url=${encodeURIComponent(url)};end`,
        )}">${escapeHtml(t(noticeWords.inAppOpen))}</a>`
      : '';
  const how = inApp.platform === 'android' && address ? '' : ` ${t(noticeWords.inAppHow)}`;
  return (
    `<aside class="lv-inapp" aria-label="${escapeHtml(t(noticeWords.inAppOpen))}"><p>${escapeHtml(t(noticeWords.inAppYouAreIn, { app: inApp.app }) + how)}</p>` +
    `<button type="button" class="lv-inapp-close" aria-label="${escapeHtml(t(noticeWords.inAppClose))}" hidden>×</button>` +
    `<div class="lv-inapp-actions">${way}<button type="button" class="lv-inapp-copy" data-address="${escapeHtml(url)}"${copyStatuses(t, noticeWords.inAppCopied)} hidden>${escapeHtml(t(noticeWords.copyLink))}</button>` +
    '<span class="lv-inapp-status" role="status"></span></div></aside>'
  );
}

/** What the effects script says when Copy link worked, or did not: in the page's language. */
function copyStatuses(t: Translate, copied: MessageDescriptor): string {
  return ` data-copied="${escapeHtml(t(copied))}" data-copy-failed="${escapeHtml(t(noticeWords.copyFailed))}"`;
}

/** What a warned page's tags say instead of its bio: 'Content warning: 18+'. */
function warningDescription(warning: ContentWarning, t: Translate): string {
  return t(noticeWords.warningDescription, { label: warningLabelOf(warning, t) });
}

/**
 * The OpenGraph and Twitter tags: with the page, its share image; without it
 * (a page behind a warning), the name and the warning only.
 */
function socialTags(
  title: string,
  description: string,
  url: string,
  t: Translate,
  page?: PublicPage,
  seo?: SeoSettings,
  origin = '',
): string[] {
  const tags = [
    `<meta property="og:type" content="profile">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="${page ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
  ];
  if (!page) return tags;
  const name = page.profile.displayName || page.profile.username;
  // The page's own share image (SEO tools), else the one drawn from its look, whose version in the address
  // makes a chat's copy follow each change.
  const own = seo?.shareImage ? seo : undefined;
  const image = own ? `${origin}${own.shareImage}` : `${url}/og.png?v=${shareImageVersionOf(shareImageSceneOf(page))}`;
  const size = own ? { width: own.shareImageWidth, height: own.shareImageHeight } : SHARE_IMAGE_SIZE;
  const alt = own?.shareImageAlt || t(noticeWords.shareImageAlt, { name });
  return [
    ...tags,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="${size.width}">`,
    `<meta property="og:image:height" content="${size.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(alt)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(alt)}">`,
  ];
}

/** JSON inside a script element: nothing in it can close the element or start markup (<, >, & and the line separators escaped). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The page's structured data (issue 52 §3): a Person or an Organization with
 * its name, picture, description and address, and as sameAs the creator's own
 * profiles elsewhere (the social links), for search engines' knowledge panels.
 */
function structuredDataOf(page: PublicPage, seo: SeoSettings, url: string, origin: string, description: string): string {
  if (seo.structuredData === 'none') return '';
  const { profile } = page;
  const sameAs = [...new Set(page.links.filter((link) => link.ownProfile || SOCIAL_ICONS.has(link.icon)).map((link) => link.url))].filter(
    (address) => address.startsWith('https://') || address.startsWith('http://'),
  );
  const data = {
    '@context': 'https://schema.org',
    '@type': seo.structuredData === 'organization' ? 'Organization' : 'Person',
    name: profile.displayName || profile.username,
    alternateName: `@${profile.username}`,
    url,
    description,
    ...(profile.profileImage ? { image: new URL(profile.profileImage, origin).href } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

/** The search consoles' verification tags (issue 52 §3), each code checked against its console's format when saved. */
function verificationTags(seo: SeoSettings): string[] {
  return VERIFICATION_SERVICE_IDS.flatMap((service) => {
    const code = seo.verifications[service];
    return code ? [`<meta name="${VERIFICATION_SERVICES[service].meta}" content="${escapeHtml(code)}">`] : [];
  });
}

/**
 * The whole public page: content, title, description, canonical and
 * OpenGraph/Twitter tags; with `inApp`, the in-app browser's bar above it.
 * With `seo` (a plan with SEO tools, issue 52 §3): its titles and
 * descriptions, noindex, structured data and verification tags.
 */
export function renderProfilePage(page: PublicPage, origin: string, inApp?: InAppBrowser, address?: string, seo?: SeoSettings): string {
  const { profile } = page;
  const t = translatorFor(profile.language);
  const font = fontAssetsFor(page.customization.font);
  // The page's address: on the site, or the root of the creator's own domain (issue 33).
  const url = address ?? `${origin}/${profile.username}`;
  // A page behind a warning (issue 30), reached past it: not indexed, and its tags carry no bio and no picture.
  const warned = profile.contentWarning !== null;
  const shown = appearanceOf(page, seo);
  const description = warned ? warningDescription(profile.contentWarning!, t) : shown.description;
  const meta = [
    `<title>${escapeHtml(shown.title)}</title>`,
    font.preload,
    effectsScriptFor(page, inApp !== undefined),
    warned || seo?.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...(warned
      ? socialTags(shown.title, description, url, t)
      : socialTags(shown.shareTitle, shown.shareDescription, url, t, page, seo, origin)),
    ...(seo && !warned ? [structuredDataOf(page, seo, url, origin, description), ...verificationTags(seo)] : []),
    // The creator's own profiles elsewhere, by their own address (the buttons go through /go/{id}):
    // Mastodon and IndieWeb sites read rel="me" on <link> as on <a> to verify that both are theirs.
    ...page.links.filter((link) => link.ownProfile).map((link) => `<link rel="me" href="${escapeHtml(link.url)}">`),
  ].join('');
  const body = renderToStaticMarkup(
    <ProfileView
      page={page}
      hrefOf={({ id, part }) => (part === undefined ? `/go/${id}` : `/go/${id}?to=${part}`)}
      shareHref={`/${profile.username}?share`}
      signupAction={`/${profile.username}/subscribe`}
      t={t}
    />,
  );
  return documentOf(
    meta,
    inApp ? `${inAppBarOf(inApp, url, t)}${body}` : body,
    `${font.fontFace}${optionCssFor(pageDataOf(page))}${inApp ? IN_APP_BAR_CSS : ''}`,
    profile.language,
  );
}

/** The site's mark (public/favicon.svg), drawn inline so that a notice page needs no other request. */
export const SITE_LOGO_SVG =
  '<svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true"><defs><linearGradient id="lv-logo" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8B5CF6"/><stop offset=".6" stop-color="#EC4899"/><stop offset="1" stop-color="#F97316"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#lv-logo)"/><path d="M22 16h8v26h14v7H22z" fill="#fff"/></svg>';

const NOTICE_CSS =
  `.lv-notice{font-family:${fontFamilyOf('Inter')};display:flex;align-items:center;justify-content:center;min-height:100%;padding:24px;box-sizing:border-box}` +
  '.lv-notice main{text-align:center;max-width:28rem}' +
  '.lv-notice-logo{display:inline-flex;align-items:center;gap:10px;color:#fff;font-weight:700;font-size:20px;text-decoration:none;margin-bottom:40px}' +
  '.lv-notice h1{font-size:28px;font-weight:800;margin:0 0 8px}.lv-notice p{margin:0;color:#d4d4d8}' +
  '.lv-notice .lv-link{--lv-link:linear-gradient(135deg,#8B5CF6,#EC4899);display:inline-flex;padding:12px 28px;margin-top:28px}' +
  '.lv-notice form{margin:0}.lv-notice button.lv-link{border:0;font:inherit;font-weight:600;color:#fff;cursor:pointer}' +
  '.lv-notice-back{display:block;margin-top:24px;color:#d4d4d8}';

/** The one thing a notice page offers: a link on, or a button that posts a form (a visitor's confirm or unsubscribe). */
export type NoticeAction = { href: string; label: string } | { post: string; fields: Record<string, string>; label: string };

/**
 * A page that says why there is no profile here (unknown, deleted, a hidden
 * link), or what became of a visitor's request: the site's font and logo,
 * centred, with one way on and perhaps a way back, in `language` (a page's
 * notices speak its language). Every text and address is given as text and
 * escaped here.
 */
export function renderNotice(
  heading: string,
  lead: string,
  action: NoticeAction,
  back?: { href: string; label: string },
  language: PageLanguage = DEFAULT_LANGUAGE,
): string {
  const inter = fontAssetsFor('Inter');
  const way =
    'post' in action
      ? `<form method="post" action="${escapeHtml(action.post)}">${Object.entries(action.fields)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('')}<button class="lv-link" type="submit">${escapeHtml(action.label)}</button></form>`
      : `<a class="lv-link" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>`;
  const backLink = back ? `<a class="lv-notice-back" href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a>` : '';
  const body = `<div class="lv-page lv-notice"><main><a class="lv-notice-logo" href="/">${SITE_LOGO_SVG}<span>Linkverse</span></a><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(lead)}</p>${way}${backLink}</main></div>`;
  return documentOf(
    `<title>${escapeHtml(pageTitle(heading))}</title><meta name="robots" content="noindex">${inter.preload}`,
    body,
    `${inter.fontFace}${NOTICE_CSS}`,
    language,
  );
}

const SHARE_CSS =
  '.lv-notice p.lv-share-address{margin-top:8px;color:#fff;font-weight:600;overflow-wrap:anywhere}' +
  '.lv-share-actions{display:flex;flex-wrap:wrap;justify-content:center;gap:12px}.lv-share-actions [hidden]{display:none}' +
  '.lv-share-actions:has(button:not([hidden])){margin-top:28px}' +
  '.lv-notice .lv-share-actions .lv-link{margin:0;border:0;font:inherit;font-weight:600;color:#fff;cursor:pointer}' +
  '.lv-notice p.lv-share-status{margin-top:12px}.lv-share-status:empty{display:none}' +
  '.lv-share-targets{list-style:none;margin:32px 0 0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:10px}' +
  '.lv-share-targets a{display:inline-flex;padding:8px 16px;border-radius:9999px;border:1px solid rgb(255 255 255 / .25);color:#fff;text-decoration:none;font-weight:500}' +
  '.lv-share-targets a:hover{background:rgb(255 255 255 / .1)}' +
  '.lv-share-back{display:inline-block;margin-top:32px;color:#d4d4d8}';

/** Where a page can be shared without script: each service's own share address, in a new tab. */
const SHARE_TARGETS: ReadonlyArray<readonly [string | MessageDescriptor, (url: string, title: string) => string]> = [
  ['WhatsApp', (url, title) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`],
  ['X', (url, title) => `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`],
  ['Facebook', (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`],
  ['LinkedIn', (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`],
  ['Telegram', (url, title) => `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`],
  [noticeWords.emailTarget, (url, title) => `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`],
];

/**
 * A profile's share page (issue 31), where its share button leads, in the page's language: the address,
 * Share… (the system's share sheet, where the browser has one) and Copy link, both shown by the page's script,
 * and each service's share address, which need none. Not indexed: the profile is the page to find.
 */
export function renderSharePage(profile: { username: string; displayName: string; pageLanguage?: string | null }, origin: string): string {
  const language = spokenLanguageOf(profile.pageLanguage);
  const t = translatorFor(language);
  const name = profile.displayName || profile.username;
  const url = `${origin}/${profile.username}`;
  const title = t(noticeWords.onSite, { name });
  const heading = t(noticeWords.shareTitle, { name });
  const inter = fontAssetsFor('Inter');
  const targets = SHARE_TARGETS.map(
    ([label, to]) =>
      `<li><a href="${escapeHtml(to(url, title))}" target="_blank" rel="noopener noreferrer">${escapeHtml(typeof label === 'string' ? label : t(label))}</a></li>`,
  ).join('');
  const body =
    `<div class="lv-page lv-notice"><main><a class="lv-notice-logo" href="/">${SITE_LOGO_SVG}<span>Linkverse</span></a>` +
    `<h1>${escapeHtml(heading)}</h1><p class="lv-share-address" dir="ltr">${escapeHtml(url.replace(/^https?:\/\//, ''))}</p>` +
    `<div class="lv-share-actions"><button type="button" class="lv-link lv-share-native" data-address="${escapeHtml(url)}" data-title="${escapeHtml(title)}" hidden>${escapeHtml(t(noticeWords.shareNative))}</button>` +
    `<button type="button" class="lv-link lv-share-copy" data-address="${escapeHtml(url)}"${copyStatuses(t, noticeWords.linkCopied)} hidden>${escapeHtml(t(noticeWords.copyLink))}</button></div>` +
    `<p class="lv-share-status" role="status"></p><ul class="lv-share-targets" aria-label="${escapeHtml(t(noticeWords.shareOn))}">${targets}</ul>` +
    `<a class="lv-share-back" href="/${escapeHtml(profile.username)}">${escapeHtml(t(noticeWords.backTo, { name }))}</a></main></div>`;
  return documentOf(
    `<title>${escapeHtml(pageTitle(heading))}</title><meta name="robots" content="noindex"><link rel="canonical" href="${escapeHtml(url)}">${inter.preload}${EFFECTS_SCRIPT_TAG}`,
    body,
    `${inter.fontFace}${NOTICE_CSS}${SHARE_CSS}`,
    language,
  );
}

/**
 * A link that is not live (hidden by its owner): not an unknown user, and the profile is one tap away; in the
 * language of the page it is on.
 */
export function renderLinkUnavailable(owner: { username: string; pageLanguage: string | null }): string {
  const language = spokenLanguageOf(owner.pageLanguage);
  const t = translatorFor(language);
  const { username } = owner;
  return renderNotice(
    t(noticeWords.linkHidden),
    t(noticeWords.linkHiddenLead),
    { href: `/${username}`, label: t(noticeWords.seePage, { username }) },
    undefined,
    language,
  );
}

/** A deleted account's page, in the language it spoke: gone, and its name not to be claimed for a while. */
export function renderProfileGone(language: PageLanguage = DEFAULT_LANGUAGE): string {
  const t = translatorFor(language);
  return renderNotice(
    t(noticeWords.goneHeading),
    t(noticeWords.goneLead),
    { href: '/', label: t(noticeWords.goHome) },
    undefined,
    language,
  );
}

/**
 * The 404 page of an unknown or deactivated username. Given a name that is
 * free to register, "Claim this name" carries it to the registration form.
 */
export function renderProfileNotFound(claimable?: string): string {
  const href = claimable ? `/register?username=${encodeURIComponent(claimable)}` : '/register';
  return renderNotice(profileMessages.notFound, "This page doesn't exist, or it has been taken down.", {
    href,
    label: claimable ? `Claim @${claimable} on Linkverse` : 'Claim this name on Linkverse',
  });
}

const WARNING_CSS =
  '.lv-notice .lv-warning-badge{display:table;margin:0 auto 16px;padding:4px 14px;border-radius:999px;border:1px solid #f59e0b;color:#fcd34d;font-weight:700;font-size:14px}';

/**
 * What a visitor sees before a page or a link its creator marked (issue 30),
 * drawn by the server in the page's language: the warning, Continue (the same
 * address with `?agree`, which no crawler is asked to follow) and a way back.
 * Nothing is remembered without script; with it, the page's script keeps the
 * choice for the tab (`data-agree`) and goes on by itself next time. Crawlers
 * and link previews read the name and the warning only: no bio, no picture, no links.
 */
export function renderContentWarning(
  warning: ContentWarning,
  what: 'page' | 'link',
  profile: { username: string; displayName: string; pageLanguage?: string | null },
  continueTo: string,
  origin: string,
): string {
  const language = spokenLanguageOf(profile.pageLanguage);
  const t = translatorFor(language);
  const name = profile.displayName || profile.username;
  const values = { what, name, age: warning };
  const heading = t(warning === 'sensitive' ? noticeWords.warningSensitiveHeading : noticeWords.warningAgeHeading, values);
  const lead = t(warning === 'sensitive' ? noticeWords.warningSensitiveLead : noticeWords.warningAgeLead, values);
  const title = pageTitle(`${name} (@${profile.username})`);
  const url = `${origin}/${profile.username}`;
  const description = warningDescription(warning, t);
  const inter = fontAssetsFor('Inter');
  const separator = continueTo.includes('?') ? '&' : '?';
  const body =
    `<div class="lv-page lv-notice"><main><a class="lv-notice-logo" href="/">${SITE_LOGO_SVG}<span>Linkverse</span></a>` +
    `<p class="lv-warning-badge"><bdi>${escapeHtml(warningLabelOf(warning, t))}</bdi></p><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(lead)}</p>` +
    `<a class="lv-link" href="${escapeHtml(`${continueTo}${separator}${AGREE_QUERY}`)}" rel="nofollow" data-agree="${escapeHtml(`${profile.username}:${warning}`)}">${escapeHtml(t(noticeWords.continue))}</a>` +
    (what === 'link'
      ? `<a class="lv-notice-back" href="/${escapeHtml(profile.username)}">${escapeHtml(t(noticeWords.backTo, { name }))}</a>`
      : `<a class="lv-notice-back" href="/">${escapeHtml(t(noticeWords.leave))}</a>`) +
    '</main></div>';
  const head = [
    `<title>${escapeHtml(what === 'page' ? title : pageTitle(heading))}</title>`,
    inter.preload,
    EFFECTS_SCRIPT_TAG,
    `<meta name="description" content="${escapeHtml(description)}">`,
    what === 'page' ? `<link rel="canonical" href="${escapeHtml(url)}">` : '<meta name="robots" content="noindex">',
    ...(what === 'page' ? socialTags(title, description, url, t) : []),
  ].join('');
  return documentOf(head, body, `${inter.fontFace}${NOTICE_CSS}${WARNING_CSS}`, language);
}
