import { BarChart3, Home, KeyRound, Link2, Mail, Palette, Search, UserRound, UsersRound } from 'lucide-react';
import type { PageRole } from '#shared/page-roles.ts';
import { DASHBOARD_TABS, type DashboardTab } from '#web/lib/constants.ts';

export const TAB_DETAILS: Record<DashboardTab, { label: string; title: string; icon: typeof Home }> = {
  overview: { label: 'Overview', title: 'Dashboard', icon: Home },
  links: { label: 'Manage Links', title: 'Manage Links', icon: Link2 },
  profile: { label: 'Profile Settings', title: 'Profile Settings', icon: UserRound },
  analytics: { label: 'Analytics', title: 'Analytics', icon: BarChart3 },
  customize: { label: 'Customize Profile', title: 'Complete Profile Customization', icon: Palette },
  seo: { label: 'SEO', title: 'Search and Sharing', icon: Search },
  subscribers: { label: 'Subscribers', title: 'Subscribers', icon: Mail },
  page: { label: 'Page & Team', title: 'Page and Team', icon: UsersRound },
  account: { label: 'Account', title: 'Account', icon: KeyRound },
};

/** The tabs an analyst of a page sees (issue 53): what they may read of it, and their own account. */
const ANALYST_TABS: readonly DashboardTab[] = ['analytics', 'subscribers', 'page', 'account'];

/** The tabs of the dashboard for the person's role on the page: all of them, but for an analyst. */
export function tabsFor(role: PageRole): readonly DashboardTab[] {
  return role === 'analyst' ? ANALYST_TABS : DASHBOARD_TABS;
}

/**
 * Only the tab names are accepted (spec 000 §2's five, SEO, Subscribers, Page & Team and Account), and only those
 * the role shows; anything else is the role's first tab (the overview, but for an analyst).
 */
export function parseTab(value: string | null, role: PageRole = 'owner'): DashboardTab {
  const tabs = tabsFor(role);
  return (tabs as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : tabs[0]!;
}
