import { Activity, ShieldAlert, ShieldCheck, UserCheck, UserX, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link, useSearchParams } from 'react-router';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { HistoryTab } from './history-tab.tsx';
import { LogsTab } from './logs-tab.tsx';
import { OutboxTab } from './outbox-tab.tsx';
import { PurchasesTab } from './purchases-tab.tsx';
import { ReservedTab } from './reserved-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { useAdminStats } from './use-admin.ts';
import { UsersTab } from './users-tab.tsx';

const TABS = [
  { value: 'users', label: 'Users', content: <UsersTab /> },
  { value: 'reserved-usernames', label: 'Reserved usernames', content: <ReservedTab /> },
  { value: 'username-history', label: 'Username history', content: <HistoryTab /> },
  { value: 'logs', label: 'Logs', content: <LogsTab /> },
  { value: 'purchases', label: 'Purchases', content: <PurchasesTab /> },
  { value: 'settings', label: 'Settings', content: <SettingsTab /> },
  { value: 'outbox', label: 'Outbox', content: <OutboxTab /> },
] as const;

/** /admin: the role decides, checked again by the server on every admin call. */
export function AdminPage({ user }: { user: CurrentUser }) {
  if (user.role !== 'admin') {
    return (
      <section className="flex min-h-[70dvh] items-center justify-center px-4 pt-24">
        <Card className="flex max-w-md flex-col items-center gap-4 text-center">
          <ShieldAlert className="size-10 text-danger" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Access Denied</h1>
          <p className="text-muted">You don't have permission to access this page.</p>
          <Button asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </Card>
      </section>
    );
  }
  return <ControlCenter />;
}

function ControlCenter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const features = useSiteFeatures();
  // The Outbox is there while mail is held (no SMTP_URL); asked for by the address, it waits for the site's features.
  const tabs = TABS.filter((entry) => entry.value !== 'outbox' || features?.mail === 'held');
  const asked = searchParams.get('tab');
  const tab = tabs.some((entry) => entry.value === asked) || (asked === 'outbox' && !features) ? asked! : 'users';
  const stats = useAdminStats();
  // REQUIRE_ADMIN_2FA: an admin without a second factor is sent to set one up first (issue 29).
  if (stats.error instanceof ApiError && stats.error.code === 'second_factor_required') {
    return (
      <section className="flex min-h-[70dvh] items-center justify-center px-4 pt-24">
        <Card className="flex max-w-md flex-col items-center gap-4 text-center">
          <ShieldCheck className="size-10 text-primary-text" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Set up two-factor sign-in</h1>
          <p className="text-muted">{stats.error.message}</p>
          <Button asChild>
            <Link to="/dashboard?tab=account">Open Account</Link>
          </Button>
        </Card>
      </section>
    );
  }
  const cards = [
    { label: 'Total users', value: stats.data?.totalUsers, icon: Users },
    { label: 'Active users', value: stats.data?.activeUsers, icon: UserCheck },
    { label: 'Reserved usernames', value: stats.data?.reservedUsernames, icon: UserX },
    { label: 'Total admin actions', value: stats.data?.totalAdminActions, icon: Activity },
  ];

  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 pt-28 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin control center</h1>
      <p className="mt-2 text-muted">Users, names, history, activity and the site's status.</p>
      {stats.isError && (
        <p role="alert" className="mt-4 text-sm text-red-300">
          Failed to fetch stats
        </p>
      )}
      <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <Card key={card.label} className="p-5">
            <card.icon className="size-5 text-primary" aria-hidden="true" />
            <p className="mt-3 text-2xl font-bold" data-testid={`stat-${card.label}`}>
              {card.value ?? '–'}
            </p>
            <p className="text-sm text-muted">{card.label}</p>
          </Card>
        ))}
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => setSearchParams({ tab: value })} className="mt-10">
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-x-1 border-b border-border">
          {tabs.map((entry) => (
            <Tabs.Trigger
              key={entry.value}
              value={entry.value}
              className="whitespace-nowrap border-b-2 border-transparent px-4 py-3 text-sm font-medium text-muted transition data-[state=active]:border-primary data-[state=active]:text-white"
            >
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((entry) => (
          <Tabs.Content key={entry.value} value={entry.value} className="pt-6">
            {entry.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
