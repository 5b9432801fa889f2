import type { Plan } from '#shared/constants.ts';
import { type PageLanguage, spokenLanguageOf } from '#shared/i18n/languages.ts';
import type { PageItem } from '#shared/blocks.ts';
import { DEFAULT_PLAN_LIMITS, type PlanLimits } from '#shared/plans.ts';
import type { PublicPage } from '#shared/profile.types.ts';
import { pageAudienceOfItems, pageExpiresAt, toPublicProfile } from '#shared/public-profile.ts';
import { type PageAudience, type Viewer, variantKeyOf } from '#shared/audience.ts';
import { isAppRouteName } from '#shared/reserved-names.ts';
import type { Db } from '../db/database.ts';
import { parseCustomizationDocument } from '#shared/customization.ts';
import { type CachedPage, type PageCache, audienceEntry, cachedOriginFor, preparePage, variantName } from '../http/page-cache.ts';
import { findPublicUser } from './public-page.repository.ts';
import { AppError } from '../http/errors.ts';
import { assertUsernameAvailable, isUsername } from '../users/users.service.ts';
import type { InAppBrowser } from '../http/in-app-browser.ts';
import { type SeoSettings, parseSeoDocument } from '#shared/seo.ts';
import { renderContentWarning, renderProfileGone, renderProfileNotFound, renderProfilePage } from '../page-drawing/render-page.tsx';
import { AGREE_QUERY } from '#shared/content-warning.ts';
import { frameSourcesOf } from '#shared/embeds.ts';
import { NOT_FOUND_PAGE } from '../page-drawing/not-found-page.ts';

/** The profile whose page an address segment names, when the segment is a username and the page is live. */
export async function publicProfileNamed(db: Db, segment: string, planLimits?: Record<Plan, PlanLimits>) {
  return isUsername(segment) ? findPublicUser(db, segment, planLimits) : undefined;
}

/** What drawing a page reads of the features that own it (services.pageReaders lends them): its items and its views. */
export interface PublicPageReaders {
  itemsOf(db: Db, userId: number, which: 'shown' | 'all'): Promise<PageItem[]>;
  viewsOf(db: Db, userId: number): Promise<number>;
}

/**
 * An active user's public profile and active links, through toPublicProfile,
 * with the moment the drawn page stops being right (a 'New' mark running out),
 * or undefined. When its links name their audience (issue 30), the page is
 * drawn for the visitor `viewer` names (asked only then), and `audience` says
 * what the drawing depends on.
 */
export async function loadPublicPageWithExpiry(
  db: Db,
  readers: PublicPageReaders,
  username: string,
  now = Date.now(),
  viewer?: () => Viewer,
  planLimits?: Record<Plan, PlanLimits>,
): Promise<
  | {
      data: PublicPage;
      expiresAt: number;
      refreshAt: number;
      openInBrowserBar: boolean;
      audience: PageAudience | undefined;
      /** The page's SEO settings when its plan draws them (issue 52 §3). */
      seo: SeoSettings | undefined;
    }
  | undefined
> {
  if (!isUsername(username)) return undefined;
  const user = await findPublicUser(db, username, planLimits);
  if (!user) return undefined;
  const links = await readers.itemsOf(db, user.id, 'shown');
  const audience = pageAudienceOfItems(links, now);
  const showUpdated = user.showUpdated === 1;
  const markNewLinks = user.markNewLinks === 1;
  const showViews = user.showViews === 1;
  const views = showViews ? await readers.viewsOf(db, user.id) : undefined;
  // The look counts as a change of the profile: the later of the account's and the document's times.
  const updatedAt =
    user.customizationUpdatedAt && user.customizationUpdatedAt > user.updatedAt ? user.customizationUpdatedAt : user.updatedAt;
  const data = toPublicProfile(
    {
      ...user,
      verified: user.verified === 1,
      showUpdated,
      markNewLinks,
      showViews,
      views,
      updatedAt,
      subscribeForm: user.subscribeForm === 1,
      planLimits: planLimits?.[user.plan],
    },
    links,
    parseCustomizationDocument(user.customization),
    now,
    audience && viewer?.(),
  );
  // SEO tools are Business's (issue 52 §3): on another plan the settings are kept, and the page is drawn without them.
  const seo = (planLimits ?? DEFAULT_PLAN_LIMITS)[user.plan].seoTools ? parseSeoDocument(user.seo) : undefined;
  return { data, ...pageExpiresAt(links, { markNewLinks, showViews }, now), openInBrowserBar: user.openInBrowserBar === 1, audience, seo };
}

/** An active user's public profile and active links (those in `viewer`'s audience), or undefined. */
export async function loadPublicPage(
  db: Db,
  readers: PublicPageReaders,
  username: string,
  now = Date.now(),
  viewer?: () => Viewer,
  planLimits?: Record<Plan, PlanLimits>,
): Promise<PublicPage | undefined> {
  return (await loadPublicPageWithExpiry(db, readers, username, now, viewer, planLimits))?.data;
}

/**
 * The 404 page for a name that is no profile. A name free to register gets its
 * own, whose "Claim" carries it to the registration form; any other gets the
 * shared one.
 */
export async function notFoundPageFor(db: Db, username: string): Promise<CachedPage> {
  if (!isUsername(username)) return NOT_FOUND_PAGE;
  try {
    await assertUsernameAvailable(db, username);
  } catch (error) {
    if (error instanceof AppError) return NOT_FOUND_PAGE;
    throw error;
  }
  return preparePage(renderProfileNotFound(username), 0);
}

const gonePages = new Map<PageLanguage, CachedPage>();

/** The page of a deleted account (410), in the language it spoke: the same for every such name, made once per language. */
export function gonePageIn(pageLanguage: string | null): CachedPage {
  const language = spokenLanguageOf(pageLanguage);
  let page = gonePages.get(language);
  if (!page) {
    page = preparePage(renderProfileGone(language), 0);
    page.recompress();
    gonePages.set(language, page);
  }
  return page;
}

/** What a request for a public page names: whose page, for which origin and visitor. */
export interface PublicPageRequest {
  origin: string;
  username: string;
  /** The app whose own browser the visitor is in, if any. */
  inApp?: InAppBrowser;
  /** The time the page is drawn at (scheduled links). */
  now?: number;
  /** Past the page's content warning (`?agree`). */
  agreed?: boolean;
  /** The visitor's device and country, asked only for a page whose links name their audience. */
  viewerOf?: () => Viewer;
  planLimits?: Record<Plan, PlanLimits>;
  /** The page's address when it is not `{origin}/{username}`: a custom domain's root. */
  address?: string;
}

/**
 * The rendered page of a profile for an origin, and for a visitor in an app's
 * own browser, the page with that app's bar (unless its creator turned the bar
 * off): from the cache, else rendered from the database and cached, with its
 * links' redirect targets (the likely next requests). A page its creator marked
 * (issue 30) is its warning, and, with `agreed` (`?agree`), the page itself,
 * cached under `{name}?agree`, which is the address the fast path looks up for
 * that request. Undefined for a name that is no active profile.
 */
export async function publicPageFor(
  db: Db,
  readers: PublicPageReaders,
  cache: PageCache,
  {
    origin,
    username,
    inApp,
    now = Date.now(),
    agreed = false,
    viewerOf = () => ({ device: 'desktop', country: '' }),
    planLimits,
    address,
  }: PublicPageRequest,
): Promise<CachedPage | undefined> {
  const cachedOrigin = cachedOriginFor(origin, inApp);
  const key = agreed ? `${username}?${AGREE_QUERY}` : username;
  const cached = cache.page(cachedOrigin, key);
  // A page drawn per audience (issue 30): its entry names the drawing this visitor gets.
  const viewer = once(viewerOf);
  if (cached && !cached.audience) return cached;
  if (cached?.audience) {
    const variant = cache.page(cachedOrigin, variantName(key, variantKeyOf(cached.audience, viewer())));
    if (variant) return variant;
  }
  const readAt = cache.generation;
  const loaded = await loadPublicPageWithExpiry(db, readers, username, now, viewer, planLimits);
  if (!loaded) return undefined;
  const { data, expiresAt, refreshAt, openInBrowserBar } = loaded;
  const { profile } = data;
  const warned = profile.contentWarning !== null && !agreed;
  const html = warned
    ? renderContentWarning(profile.contentWarning!, 'page', { ...profile, pageLanguage: profile.language }, `/${profile.username}`, origin)
    : renderProfilePage(data, origin, openInBrowserBar ? inApp : undefined, address, loaded.seo);
  const shown = warned ? [] : data.items;
  const frameSources = frameSourcesOf(shown.flatMap((item) => (item.type === 'embed' ? [item.provider] : []))).join(' ');
  const page = preparePage(html, profile.id, expiresAt, refreshAt, frameSources);
  // The warning is the same for everyone; past it, a page whose links name their audience is kept per drawing.
  const audience = warned ? undefined : loaded.audience;
  // Never cached under an app route's name, so the fast path never mistakes a cached page for one.
  if (!isAppRouteName(username)) {
    if (audience) {
      cache.setPage(cachedOrigin, key, audienceEntry(profile.id, audience, expiresAt), readAt);
      cache.setPage(cachedOrigin, variantName(key, variantKeyOf(audience, viewer())), page, readAt);
    } else cache.setPage(cachedOrigin, key, page, readAt);
  }
  // A marked link's target is never cached: its warning comes first, through the route.
  for (const link of data.links) {
    if (!link.contentWarning) cache.setRedirect(link.id, { url: link.url, userId: profile.id, expiresAt }, readAt);
  }
  return page;
}

/** A function's answer, asked for at most once. */
function once<Value>(make: () => Value): () => Value {
  let made: { value: Value } | undefined;
  return () => (made ??= { value: make() }).value;
}
