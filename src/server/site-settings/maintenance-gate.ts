import type { App } from '../http/app-types.ts';
import { DEFAULT_MAINTENANCE_MESSAGE } from '#shared/admin.ts';
import { pageTitle } from '#shared/constants.ts';
import { DEFAULT_LANGUAGE, type PageLanguage, directionOf, spokenLanguageOf } from '#shared/i18n/languages.ts';
import { pageNoticeWords as noticeWords } from '#profile/profile-words.ts';
import { translatorFor } from '../i18n/translators.ts';
import { fontFamilyOf } from '#shared/customization.ts';
import { fontAssetsFor } from '../page-drawing/profile-assets.ts';
import { SITE_LOGO_SVG } from '../page-drawing/render-page.tsx';
import { errorBody } from '../http/errors.ts';
import { escapeHtml } from '../http/html.ts';
import type { SiteSettingsCache } from './site-settings.cache.ts';

const RETRY_AFTER_SECONDS = '300';

/**
 * The coming-soon page (spec 001 §2 "Maintenance page"); the bypass link is for admins only. A visitor of a creator's
 * page reads it in that page's language (issue 54): its words, and the default message; an admin's own message
 * stays as written.
 */
export function renderComingSoonPage(message: string, isAdmin: boolean, language: PageLanguage = DEFAULT_LANGUAGE): string {
  const t = translatorFor(language);
  const ownMessage = message !== '' && message !== DEFAULT_MAINTENANCE_MESSAGE;
  const shown = ownMessage
    ? `<p class="message" dir="auto">${escapeHtml(message)}</p>`
    : `<p class="message">${escapeHtml(t(noticeWords.comingSoonMessage))}</p>`;
  const bypass = isAdmin
    ? '<p><a class="bypass" href="/dashboard">Admin Access - Bypass Maintenance Mode</a></p>'
    : `<p><a class="login" href="/login">${escapeHtml(t(noticeWords.adminLogin))}</a></p>`;
  const heading = t(noticeWords.comingSoon);
  // The site's font (served while closed) and its logo, drawn inline.
  const inter = fontAssetsFor('Inter');
  return `<!doctype html><html lang="${language}"${directionOf(language) === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(pageTitle(heading))}</title>${inter.preload}<style>${inter.fontFace}
html,body{margin:0;min-height:100%;background:#09090f;color:#f4f4f5;font-family:${fontFamilyOf('Inter')}}
main{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:32px 20px;text-align:center;box-sizing:border-box;background:radial-gradient(50rem 30rem at 50% 0%,rgb(139 92 246/.35),transparent 70%)}
.logo{display:inline-flex;align-items:center;gap:10px;font-weight:700;font-size:22px}.logo svg{width:48px;height:48px}
h1{margin:28px 0 0;font-size:clamp(32px,6vw,56px);font-weight:900;letter-spacing:-.02em;background:linear-gradient(90deg,#8b5cf6,#ec4899,#f97316);-webkit-background-clip:text;background-clip:text;color:transparent}
.message{margin:18px 0 0;max-width:560px;font-size:18px;line-height:1.6;color:#d4d4d8;white-space:pre-line;overflow-wrap:anywhere}
a{color:#a78bfa;font-size:14px}a.bypass{display:inline-block;margin-top:28px;padding:12px 22px;border-radius:12px;background:linear-gradient(90deg,#8b5cf6,#ec4899);color:#fff;font-weight:700;text-decoration:none}
a.login{display:inline-block;margin-top:28px;color:#71717a}
</style></head><body><main><div class="logo">${SITE_LOGO_SVG}<span>Linkverse</span></div><h1>${escapeHtml(heading)}</h1>${shown}${bypass}</main></body></html>`;
}

/**
 * Coming-soon mode, enforced by the server: while it is on, everyone but a
 * signed-in admin gets the coming-soon page (503), or the message as JSON on
 * the API (503), except the routes that declare OPEN_WHILE_CLOSED.
 */
export function registerMaintenanceGate(app: App, settings: SiteSettingsCache, languageOfPage: LanguageOfPage): void {
  app.addHook('onRequest', async (request, reply) => {
    const { maintenanceMode, maintenanceMessage } = await settings.get();
    if (!maintenanceMode || request.account?.role === 'admin' || request.routeOptions.config.openWhileClosed) return;
    reply.status(503).header('Retry-After', RETRY_AFTER_SECONDS).header('Cache-Control', 'no-store');
    if (request.url.startsWith('/api/')) return reply.send(errorBody('maintenance', maintenanceMessage || DEFAULT_MAINTENANCE_MESSAGE));
    // A creator's page (its address's first segment) says it in its own language; the rest of the site in English.
    const [segment = ''] = request.url.slice(1).split(/[/?#]/, 1);
    // (A username is never percent-encoded: an encoded segment is no page, and is looked up as it came.)
    const language = spokenLanguageOf(segment ? await languageOfPage(segment) : null);
    return reply.type('text/html; charset=utf-8').send(renderComingSoonPage(maintenanceMessage, false, language));
  });
}

/** The language the page at this address segment speaks, or null/undefined when it is no live page. */
export type LanguageOfPage = (segment: string) => Promise<string | null | undefined>;
