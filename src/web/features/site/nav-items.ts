import { BarChart3, BookOpen, Briefcase, LifeBuoy, MessagesSquare, Newspaper, Palette } from 'lucide-react';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';

// Navigation entries of spec 001 §2 ("Navigation bar").

export const SERVICES_MENU = [
  { to: '/services/profile-creation', label: 'Profile Creation', description: 'Custom profile design that looks like you.', icon: Palette },
  { to: '/services/analytics', label: 'Analytics & Insights', description: 'See who visits and what they click.', icon: BarChart3 },
  {
    to: '/services/business-solutions',
    label: 'Business Solutions',
    description: 'Verified pages and room for brands.',
    icon: Briefcase,
  },
] as const;

export const RESOURCES_MENU = [
  { to: '/blog', label: 'Blog', description: 'News, stories and creator tips.', icon: Newspaper, external: false },
  { to: '/guides', label: 'Guides', description: 'Step-by-step help to grow your page.', icon: BookOpen, external: false },
  { to: '/support', label: 'Support', description: 'Answers to common questions.', icon: LifeBuoy, external: false },
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
    {
      to: communityUrl,
      label: 'Community',
      description: 'Chat with other creators.',
      icon: MessagesSquare,
      external: true,
      community: true,
    },
  ];
}

/** The Community entry's mark and visibility (see useResourcesMenu). */
export function communityLinkProps(item: NavMenuItem): { 'data-community-link'?: ''; hidden?: boolean } {
  return item.community ? { 'data-community-link': '', hidden: !item.to } : {};
}

export interface NavMenuItem {
  to: string;
  label: string;
  description: string;
  icon: typeof Palette;
  external?: boolean;
  /** The site's Community link (COMMUNITY_URL). */
  community?: boolean;
}
