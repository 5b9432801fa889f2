import { renderToStaticMarkup } from 'react-dom/server';
import { pageTitle } from '#shared/constants.ts';
import { profileMessages } from '#shared/profile.types.ts';
import { ProfileView, pageDataOf } from '#profile/profile-view.tsx';
import type { PublicPage } from '#shared/profile.types.ts';
import { escapeHtml } from '../http/html.ts';
import { effectsScriptFor, fontAssetsFor } from './profile-assets.ts';
import { PROFILE_BASE_CSS, optionCssFor } from './profile-stylesheet.ts';

const BASE_CSS = 'html,body{margin:0;height:100%;background:#0b0b14}body{-webkit-font-smoothing:antialiased}';

/** A page: its head tags, and its style (the font face, the base rules, then the rules its look selects). */
function documentOf(head: string, body: string, style = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0b0b14"><link rel="icon" href="/favicon.svg" type="image/svg+xml">${head}<style>${BASE_CSS}${PROFILE_BASE_CSS}${style}</style></head><body>${body}</body></html>`;
}

/** The whole public page: content, title, description, canonical and OpenGraph/Twitter tags. */
export function renderProfilePage(page: PublicPage, origin: string): string {
  const { profile } = page;
  const name = profile.displayName || profile.username;
  const title = pageTitle(`${name} (@${profile.username})`);
  const description = page.customization.description || profile.bio || `${name}'s links on Linkverse`;
  const font = fontAssetsFor(page.customization.font);
  const url = `${origin}/${profile.username}`;
  const image = profile.profileImage ? new URL(profile.profileImage, origin).href : undefined;
  const meta = [
    `<title>${escapeHtml(title)}</title>`,
    font.preload,
    effectsScriptFor(page),
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="profile">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="Linkverse">`,
    `<meta property="profile:username" content="${escapeHtml(profile.username)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
  ].join('');
  const body = renderToStaticMarkup(<ProfileView page={page} hrefOf={(link) => `/go/${link.id}`} />);
  return documentOf(meta, body, `${font.fontFace}${optionCssFor(pageDataOf(page))}`);
}

/** The 404 page of an unknown or deactivated username. */
/** A link that is not live (hidden by its owner): not an unknown user, and the profile is one tap away. */
export function renderLinkUnavailable(username: string): string {
  const name = escapeHtml(username);
  const body = `<div class="lv-page"><main class="lv-card" style="text-align:center;padding-top:15vh"><h1 class="lv-name">This link is not available</h1><p class="lv-username">Its owner has hidden it for now.</p><p style="margin-top:28px"><a class="lv-link" style="--lv-link:linear-gradient(135deg,#8B5CF6,#EC4899);display:inline-flex;padding:12px 28px" href="/${name}">See @${name}'s page</a></p></main></div>`;
  return documentOf(`<title>${pageTitle('This link is not available')}</title><meta name="robots" content="noindex">`, body);
}

/** A deleted account's page: gone, and its name not to be claimed for a while. */
export function renderProfileGone(): string {
  const body = `<div class="lv-page"><main class="lv-card" style="text-align:center;padding-top:15vh"><h1 class="lv-name">${profileMessages.gone}</h1><p class="lv-username">The account behind this page was deleted by its owner.</p><p style="margin-top:28px"><a class="lv-link" style="--lv-link:linear-gradient(135deg,#8B5CF6,#EC4899);display:inline-flex;padding:12px 28px" href="/">Go to Linkverse</a></p></main></div>`;
  return documentOf(`<title>${pageTitle(profileMessages.gone)}</title><meta name="robots" content="noindex">`, body);
}

export function renderProfileNotFound(): string {
  const body = `<div class="lv-page"><main class="lv-card" style="text-align:center;padding-top:15vh"><h1 class="lv-name">${profileMessages.notFound}</h1><p class="lv-username">This page doesn't exist, or it has been taken down.</p><p style="margin-top:28px"><a class="lv-link" style="--lv-link:linear-gradient(135deg,#8B5CF6,#EC4899);display:inline-flex;padding:12px 28px" href="/register">Claim this name on Linkverse</a></p></main></div>`;
  return documentOf(`<title>${pageTitle(profileMessages.notFound)}</title><meta name="robots" content="noindex">`, body);
}
