import type { MessageDescriptor } from '@lingui/core';
import { BarChart3, BookOpen, Briefcase, LifeBuoy, MessagesSquare, Newspaper, Palette } from 'lucide-react';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { chromeWords as words } from './chrome-words.ts';

// Navigation entries of spec 001 §2 ("Navigation bar").

export const SERVICES_MENU = [
  { to: '/services/profile-creation', label: words.profileCreation, description: words.profileCreationText, icon: Palette },
  { to: '/services/analytics', label: words.analyticsInsights, description: words.analyticsInsightsText, icon: BarChart3 },
  { to: '/services/business-solutions', label: words.businessSolutions, description: words.businessSolutionsText, icon: Briefcase },
] as const;

export const RESOURCES_MENU = [
  { to: '/blog', label: words.blog, description: words.blogText, icon: Newspaper, external: false },
  { to: '/guides', label: words.guides, description: words.guidesText, icon: BookOpen, external: false },
  { to: '/support', label: words.support, description: words.supportText, icon: LifeBuoy, external: false },
] as const;

/**
 * Resources, with the site's Community link when its operator set one (COMMUNITY_URL); none is made up.
 * The entry is always drawn, hidden until the site's features say where it leads: a static page,
 * drawn at build time, fills it in (showSiteFeatures in site-page-behaviour.ts).
 */
export function useResourcesMenu(): readonly NavMenuItem[] {
  const communityUrl = useSiteFeatures()?.communityUrl ?? '';
  return [
    ...RESOURCES_MENU,
    { to: communityUrl, label: words.community, description: words.communityText, icon: MessagesSquare, external: true, community: true },
  ];
}

/** The Community entry's mark and visibility (see useResourcesMenu). */
export function communityLinkProps(item: NavMenuItem): { 'data-community-link'?: ''; hidden?: boolean } {
  return item.community ? { 'data-community-link': '', hidden: !item.to } : {};
}

export interface NavMenuItem {
  /** The page's English address: shown in the language of the page on screen where it has one (useSiteAddress). */
  to: string;
  label: MessageDescriptor;
  description: MessageDescriptor;
  icon: typeof Palette;
  external?: boolean;
  /** The site's Community link (COMMUNITY_URL). */
  community?: boolean;
}
