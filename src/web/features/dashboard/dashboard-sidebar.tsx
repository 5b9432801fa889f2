import { Copy, ExternalLink, LogOut, Plus, Settings } from 'lucide-react';
import type { DashboardTab } from '#web/lib/constants.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { logOut } from '#web/lib/use-session.ts';
import { Logo } from '#web/features/site/logo.tsx';
import { cn } from '#web/lib/utils.ts';
import { formatCount } from '#shared/counts.ts';
import { useAnalytics } from '#web/features/analytics/use-analytics.ts';
import { TAB_DETAILS, tabsFor } from './dashboard-tabs.ts';
import { useProfileActions } from '#web/lib/use-profile-actions.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  views: /*i18n*/ { id: 'app.sidebar.views', message: 'Views' },
  clicks: /*i18n*/ { id: 'app.sidebar.clicks', message: 'Clicks' },
  engagement: /*i18n*/ { id: 'app.sidebar.engagement', message: 'Engagement' },
  yourStats: /*i18n*/ { id: 'app.sidebar.yourStats', message: 'Your stats' },
  lastWeek: /*i18n*/ { id: 'app.sidebar.lastWeek', message: '· last 7 days' },
  navigation: /*i18n*/ { id: 'app.sidebar.navigation', message: 'Dashboard' },
  quickActions: /*i18n*/ { id: 'app.sidebar.quickActions', message: 'Quick actions' },
  addLink: /*i18n*/ { id: 'app.sidebar.addLink', message: 'Add New Link' },
  copyUrl: /*i18n*/ { id: 'app.sidebar.copyUrl', message: 'Copy Profile URL' },
  viewProfile: /*i18n*/ { id: 'app.sidebar.viewProfile', message: 'View Public Profile' },
  settings: /*i18n*/ { id: 'app.sidebar.settings', message: 'Settings' },
  logOut: /*i18n*/ { id: 'app.sidebar.logOut', message: 'Log out' },
} as const;

interface DashboardSidebarProps {
  user: CurrentUser;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab, options?: { newLink?: boolean }) => void;
}

/** The last 7 days at a glance (spec 001 §4 sidebar stats card), from the same call as the Analytics tab. */
function SidebarStats() {
  const { data } = useAnalytics(7);
  const t = useAppWords();
  const figures = [
    { label: t(words.views), value: data ? formatCount(data.profileViews) : '–' },
    { label: t(words.clicks), value: data ? formatCount(data.linkClicks) : '–' },
    { label: t(words.engagement), value: data ? `${Math.round(data.conversionRate)}%` : '–' },
  ];
  return (
    <div
      className="rounded-2xl border border-border bg-gradient-to-br from-primary/10 to-secondary/10 p-4 text-sm"
      data-testid="sidebar-stats"
    >
      <p className="font-semibold">
        {t(words.yourStats)} <span className="font-normal text-muted">{t(words.lastWeek)}</span>
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse">
            <dt className="text-xs text-muted">{figure.label}</dt>
            <dd className="text-lg font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function DashboardSidebar({ user, tab, onTabChange }: DashboardSidebarProps) {
  const { copyProfileUrl, openPublicProfile } = useProfileActions(user.username);
  const name = user.displayName || user.username;
  const t = useAppWords();
  const actionClass =
    'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm text-zinc-300 transition-colors hover:bg-white/5 hover:text-white';

  return (
    <div className="flex h-full flex-col gap-6 p-5">
      <Logo />
      <div className="flex items-center gap-3 rounded-2xl border border-border bg-surface-raised/70 p-3">
        <Avatar name={name} src={user.profileImage} className="size-12" />
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="sidebar-display-name" dir="auto" translate="no">
            {name}
          </p>
          <p className="truncate text-sm text-muted" translate="no">
            <bdi>@{user.username}</bdi>
          </p>
        </div>
      </div>

      <SidebarStats />

      <nav aria-label={t(words.navigation)} className="space-y-1">
        {tabsFor(user.pageRole).map((value) => {
          const details = TAB_DETAILS[value];
          return (
            <button
              key={value}
              type="button"
              aria-current={tab === value ? 'page' : undefined}
              onClick={() => onTabChange(value)}
              className={cn(
                'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
                tab === value
                  ? 'bg-gradient-to-r from-primary/25 to-secondary/10 text-white ring-1 ring-primary/40'
                  : 'text-zinc-400 hover:bg-white/5 hover:text-white',
              )}
            >
              <details.icon className="size-4" aria-hidden="true" />
              {t(details.label)}
            </button>
          );
        })}
      </nav>

      <div>
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted">{t(words.quickActions)}</p>
        {user.pageRole !== 'analyst' && (
          <button type="button" className={actionClass} onClick={() => onTabChange('links', { newLink: true })}>
            <Plus className="size-4" /> {t(words.addLink)}
          </button>
        )}
        <button type="button" className={actionClass} onClick={() => void copyProfileUrl()}>
          <Copy className="size-4" /> {t(words.copyUrl)}
        </button>
        <button type="button" className={actionClass} onClick={openPublicProfile}>
          <ExternalLink className="size-4 rtl:-scale-x-100" /> {t(words.viewProfile)}
        </button>
      </div>

      <div className="mt-auto border-t border-border pt-4">
        <button type="button" className={actionClass} onClick={() => onTabChange('account')}>
          <Settings className="size-4" /> {t(words.settings)}
        </button>
        <button type="button" className={actionClass} onClick={() => void logOut()}>
          <LogOut className="size-4 rtl:-scale-x-100" /> {t(words.logOut)}
        </button>
      </div>
    </div>
  );
}
