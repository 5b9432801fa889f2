import type { MessageDescriptor } from '@lingui/core';
import { BarChart3, Home, KeyRound, Link2, Mail, Palette, Search, UserRound, UsersRound } from 'lucide-react';
import type { PageRole } from '#shared/page-roles.ts';
import { DASHBOARD_TABS, type DashboardTab } from '#web/lib/constants.ts';

/** Each tab's name in the sidebar, its title over the tab, and its icon. */
export const TAB_DETAILS: Record<DashboardTab, { label: MessageDescriptor; title: MessageDescriptor; icon: typeof Home }> = {
  overview: {
    label: /*i18n*/ { id: 'app.tab.overview', message: 'Overview' },
    title: /*i18n*/ { id: 'app.tab.overviewTitle', message: 'Dashboard' },
    icon: Home,
  },
  links: {
    label: /*i18n*/ { id: 'app.tab.links', message: 'Manage Links' },
    title: /*i18n*/ { id: 'app.tab.linksTitle', message: 'Manage Links' },
    icon: Link2,
  },
  profile: {
    label: /*i18n*/ { id: 'app.tab.profile', message: 'Profile Settings' },
    title: /*i18n*/ { id: 'app.tab.profileTitle', message: 'Profile Settings' },
    icon: UserRound,
  },
  analytics: {
    label: /*i18n*/ { id: 'app.tab.analytics', message: 'Analytics' },
    title: /*i18n*/ { id: 'app.tab.analyticsTitle', message: 'Analytics' },
    icon: BarChart3,
  },
  customize: {
    label: /*i18n*/ { id: 'app.tab.customize', message: 'Customize Profile' },
    title: /*i18n*/ { id: 'app.tab.customizeTitle', message: 'Complete Profile Customization' },
    icon: Palette,
  },
  seo: {
    label: /*i18n*/ { id: 'app.tab.seo', message: 'SEO' },
    title: /*i18n*/ { id: 'app.tab.seoTitle', message: 'Search and Sharing' },
    icon: Search,
  },
  subscribers: {
    label: /*i18n*/ { id: 'app.tab.subscribers', message: 'Subscribers' },
    title: /*i18n*/ { id: 'app.tab.subscribersTitle', message: 'Subscribers' },
    icon: Mail,
  },
  page: {
    label: /*i18n*/ { id: 'app.tab.page', message: 'Page & Team' },
    title: /*i18n*/ { id: 'app.tab.pageTitle', message: 'Page and Team' },
    icon: UsersRound,
  },
  account: {
    label: /*i18n*/ { id: 'app.tab.account', message: 'Account' },
    title: /*i18n*/ { id: 'app.tab.accountTitle', message: 'Account' },
    icon: KeyRound,
  },
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
