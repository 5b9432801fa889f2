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

interface DashboardSidebarProps {
  user: CurrentUser;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab, options?: { newLink?: boolean }) => void;
}

/** The last 7 days at a glance (spec 001 §4 sidebar stats card), from the same call as the Analytics tab. */
function SidebarStats() {
  const { data } = useAnalytics(7);
  const figures = [
    { label: 'Views', value: data ? formatCount(data.profileViews) : '–' },
    { label: 'Clicks', value: data ? formatCount(data.linkClicks) : '–' },
    { label: 'Engagement', value: data ? `${Math.round(data.conversionRate)}%` : '–' },
  ];
  return (
    <div
      className="rounded-2xl border border-border bg-gradient-to-br from-primary/10 to-secondary/10 p-4 text-sm"
      data-testid="sidebar-stats"
    >
      <p className="font-semibold">
        Your stats <span className="font-normal text-muted">· last 7 days</span>
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
  const actionClass =
    'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm text-zinc-300 transition-colors hover:bg-white/5 hover:text-white';

  return (
    <div className="flex h-full flex-col gap-6 p-5">
      <Logo />
      <div className="flex items-center gap-3 rounded-2xl border border-border bg-surface-raised/70 p-3">
        <Avatar name={name} src={user.profileImage} className="size-12" />
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="sidebar-display-name">
            {name}
          </p>
          <p className="truncate text-sm text-muted">@{user.username}</p>
        </div>
      </div>

      <SidebarStats />

      <nav aria-label="Dashboard" className="space-y-1">
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
              {details.label}
            </button>
          );
        })}
      </nav>

      <div>
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted">Quick actions</p>
        {user.pageRole !== 'analyst' && (
          <button type="button" className={actionClass} onClick={() => onTabChange('links', { newLink: true })}>
            <Plus className="size-4" /> Add New Link
          </button>
        )}
        <button type="button" className={actionClass} onClick={() => void copyProfileUrl()}>
          <Copy className="size-4" /> Copy Profile URL
        </button>
        <button type="button" className={actionClass} onClick={openPublicProfile}>
          <ExternalLink className="size-4" /> View Public Profile
        </button>
      </div>

      <div className="mt-auto border-t border-border pt-4">
        <button type="button" className={actionClass} onClick={() => onTabChange('account')}>
          <Settings className="size-4" /> Settings
        </button>
        <button type="button" className={actionClass} onClick={() => void logOut()}>
          <LogOut className="size-4" /> Log out
        </button>
      </div>
    </div>
  );
}
