import { BarChart3, Home, KeyRound, Link2, Mail, Palette, Search, UserRound } from 'lucide-react';
import { DASHBOARD_TABS, type DashboardTab } from '#web/lib/constants.ts';

export const TAB_DETAILS: Record<DashboardTab, { label: string; title: string; icon: typeof Home }> = {
  overview: { label: 'Overview', title: 'Dashboard', icon: Home },
  links: { label: 'Manage Links', title: 'Manage Links', icon: Link2 },
  profile: { label: 'Profile Settings', title: 'Profile Settings', icon: UserRound },
  analytics: { label: 'Analytics', title: 'Analytics', icon: BarChart3 },
  customize: { label: 'Customize Profile', title: 'Complete Profile Customization', icon: Palette },
  seo: { label: 'SEO', title: 'Search and Sharing', icon: Search },
  subscribers: { label: 'Subscribers', title: 'Subscribers', icon: Mail },
  account: { label: 'Account', title: 'Account', icon: KeyRound },
};

/** Only the tab names are accepted (spec 000 §2's five, SEO, Subscribers and Account); anything else is the overview. */
export function parseTab(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'overview';
}
