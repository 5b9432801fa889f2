// How an account becomes the public page ProfileView draws (the types are in
// profile.types.ts). Apart from them because the mapping sanitizes the custom
// CSS (css-tree): a page that only draws ProfileView (/examples) does not
// download the sanitizer with it.
import { spokenLanguageOf } from './i18n/languages.ts';
import { DAY_MS, NEW_LINK_DAYS, type Plan } from './constants.ts';
import { sanitizeCustomCss } from './custom-css.ts';
import type { ContentWarning } from './content-warning.ts';
import { CUSTOMIZATION_DEFAULTS, type Customization } from './customization.ts';
import { DEFAULT_PLAN_LIMITS, type PlanLimits } from './plans.ts';
import { lookShownOn } from './plan-look.ts';
import type { PublicBlock, PublicItem, PublicLink, PublicPage } from './profile.types.ts';
import { type LinkWindow, isLinkLive, nextScheduleChange } from './links.ts';
import { type Audience, type PageAudience, type Viewer, pageAudienceOf, reaches } from './audience.ts';

/** The account fields a public profile is made of, as the server's row and the owner's API shape both carry them. */
export interface PublicProfileSource {
  id: number;
  username: string;
  displayName: string;
  bio: string;
  profileImage: string | null;
  plan: Plan;
  /** The badge an admin granted. */
  verified: boolean;
  /** Say the day the page last changed. */
  showUpdated: boolean;
  /** Put a "New" pill on links added in the last NEW_LINK_DAYS days. */
  markNewLinks: boolean;
  showViews: boolean;
  /** The email sign-up form, with the consent line under it (off without one). */
  subscribeForm: boolean;
  subscribeConsent: string;
  /** The whole page's warning (issue 30), or null. */
  contentWarning: ContentWarning | null;
  /** The language the page speaks (issue 54); absent or unknown: the site's default. */
  pageLanguage?: string | null;
  /** The total view count, when known (the server reads it from the rollups when the owner shows views). */
  views?: number;
  updatedAt: string;
  /**
   * What the plan allows on this site (PLAN_LIMITS applied; absent: the default table's): links past its limit are
   * kept and left off the page, and the look it does not include is drawn in the default (issue 33).
   */
  planLimits?: PlanLimits;
}

/** When an item is on the page, and when it was made and last changed. */
interface ItemWindow {
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A link or block of the page, as the server's rows and the owner's API shape (PageItem) both carry it; a link may name its audience. */
export type PublicItemSource = ((Omit<PublicLink, 'isNew'> & Partial<Audience>) | PublicBlock) & ItemWindow;

const audienceOf = (link: Partial<Audience>): Audience => ({ device: link.device ?? 'any', countries: link.countries ?? [] });

/**
 * The links a plan's limit leaves off the page: past the first `limit` links
 * on it now, in the creator's order (a downgrade, or a lower PLAN_LIMITS, keeps
 * them; moving one up shows it instead). Blocks do not count.
 */
export function linksPastPlan(
  items: readonly (LinkWindow & { id: number; type: string })[],
  limit: number | null | undefined,
  now = Date.now(),
): Set<number> {
  const past = new Set<number>();
  if (limit === null || limit === undefined) return past;
  let shown = 0;
  for (const item of items) {
    if (item.type !== 'link' || !isLinkLive(item, now)) continue;
    if (shown < limit) shown += 1;
    else past.add(item.id);
  }
  return past;
}

/** What the drawing of a page with these items depends on (issue 30), now: undefined when it is the same for every visitor. */
export function pageAudienceOfItems(items: readonly PublicItemSource[], now = Date.now()): PageAudience | undefined {
  return pageAudienceOf(items.flatMap((item) => (item.type === 'link' && isLinkLive(item, now) ? [audienceOf(item)] : [])));
}

/** A page showing its view count is drawn again at most this often (the cache sweeps expired pages once a minute). */
export const VIEW_COUNT_REFRESH_MS = 60_000;

/**
 * When a page drawn now stops being right (`expiresAt`: the first moment a
 * link's 'New' mark runs out or a scheduled link appears or goes; the page is
 * never answered from then on) and when it is worth drawing again (`refreshAt`:
 * a minute on when it shows its view count, which the cache's sweep honours).
 * Infinity when neither.
 */
export function pageExpiresAt(
  links: readonly PublicItemSource[],
  { markNewLinks, showViews }: { markNewLinks: boolean; showViews: boolean },
  now = Date.now(),
): { expiresAt: number; refreshAt: number } {
  const ends = markNewLinks
    ? links.filter((link) => link.isActive && link.type === 'link').map((link) => Date.parse(link.createdAt) + NEW_LINK_DAYS * DAY_MS)
    : [];
  // A scheduled link appearing or going (issue 30): the page is drawn again at that moment, with no timer of its own.
  ends.push(nextScheduleChange(links, now));
  return {
    expiresAt: Math.min(Infinity, ...ends.filter((end) => end > now)),
    refreshAt: showViews ? now + VIEW_COUNT_REFRESH_MS : Infinity,
  };
}

/**
 * The one mapping from an account to what ProfileView shows: the server's
 * render, `GET /api/public/{username}` and the dashboard's live preview all
 * call it, so the page and the preview cannot differ. Business includes the
 * verified badge (spec 001 §9); on other plans an admin grants it. With a
 * `viewer`, the links whose audience leaves them out are not shown (issue 30);
 * without one (the owner's preview), every link is.
 */
export function toPublicProfile(
  user: PublicProfileSource,
  items: readonly PublicItemSource[],
  customization: Customization = CUSTOMIZATION_DEFAULTS,
  now = Date.now(),
  viewer?: Viewer,
): PublicPage {
  const limits = user.planLimits ?? DEFAULT_PLAN_LIMITS[user.plan];
  const pastPlan = linksPastPlan(items, limits.links, now);
  const active = items.filter(
    (item) => isLinkLive(item, now) && !pastPlan.has(item.id) && (item.type !== 'link' || reaches(audienceOf(item), viewer)),
  );
  const newSince = now - NEW_LINK_DAYS * DAY_MS;
  const lastChange = [user.updatedAt, ...active.map((link) => link.updatedAt)].reduce((latest, at) => (at > latest ? at : latest));
  // Only what the page shows: a source may carry more (the owner's API shape).
  const shown = active.map((item): PublicItem => {
    switch (item.type) {
      case 'link': {
        const { id, type, title, url, icon, customIcon, thumbnail, color, showAsIcon, ownProfile, contentWarning, createdAt } = item;
        return {
          contentWarning,
          thumbnail,
          id,
          type,
          title,
          url,
          icon,
          customIcon,
          color,
          showAsIcon,
          ownProfile,
          isNew: user.markNewLinks && Date.parse(createdAt) > newSince,
        };
      }
      case 'header':
        return { id: item.id, type: item.type, title: item.title };
      case 'text':
        return { id: item.id, type: item.type, text: item.text };
      case 'divider':
        return { id: item.id, type: item.type };
      case 'embed':
        return { id: item.id, type: item.type, url: item.url, provider: item.provider, title: item.title, thumbnail: item.thumbnail };
    }
  });
  return {
    profile: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      bio: user.bio,
      profileImage: user.profileImage,
      verified: user.verified || limits.verifiedBadge,
      showBranding: !limits.removeBranding,
      updatedAt: user.showUpdated ? lastChange : null,
      views: user.showViews && user.views ? user.views : null,
      signup: user.subscribeForm && user.subscribeConsent ? { consent: user.subscribeConsent } : null,
      contentWarning: user.contentWarning,
      language: spokenLanguageOf(user.pageLanguage),
    },
    items: shown,
    links: shown.filter((item) => item.type === 'link'),
    // What the plan does not include is kept in the look, and drawn in the default until it does (issue 33).
    customization: lookShownOn(limits, customization),
    customCss: sanitizeCustomCss(customization.customCSS),
  };
}
