import { BarChart3, Link2, UserRound } from 'lucide-react';
import { type DashboardTab, NEW_ACCOUNT_STORAGE_KEY } from '#web/lib/constants.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Card } from '#web/components/ui/card.tsx';
import { readSessionMark } from '#web/lib/session-mark.ts';
import { ProfileCompletion } from './profile-completion.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { QrCodeCard } from '#web/features/share/qr-code-card.tsx';
import { BrokenLinksCard } from '#web/features/links/broken-links-card.tsx';
import { PastPlanCard } from '#web/features/purchases/past-plan-card.tsx';

const CARDS = [
  { tab: 'profile', title: 'Edit Profile', text: 'Update your name, bio and picture.', icon: UserRound },
  { tab: 'links', title: 'Manage Links', text: 'Add, edit and reorder your links.', icon: Link2 },
  { tab: 'analytics', title: 'View Analytics', text: 'See how visitors find and use your page.', icon: BarChart3 },
] as const;

/** Registered in this tab (the registration form's mark): welcomed, not welcomed back. */
function isNewAccount(username: string): boolean {
  return readSessionMark(NEW_ACCOUNT_STORAGE_KEY) === username;
}

export function OverviewTab({ user, onTabChange }: { user: CurrentUser; onTabChange: (tab: DashboardTab) => void }) {
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {isNewAccount(user.username) ? 'Welcome' : 'Welcome back'}, {user.displayName || user.username}!
        </h2>
        <p className="mt-2 text-muted">Here is where you shape the page your visitors see.</p>
      </div>
      <BrokenLinksCard userId={user.id} onOpenLinks={() => onTabChange('links')} />
      <PastPlanCard onTabChange={onTabChange} />
      <div className="grid gap-4 md:grid-cols-3">
        {CARDS.map((card) => (
          <button key={card.tab} type="button" onClick={() => onTabChange(card.tab)} className="group text-left">
            <Card className="h-full transition-all group-hover:-translate-y-0.5 group-hover:border-primary/50">
              <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-primary/25 to-secondary/25 text-primary">
                <card.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{card.title}</h3>
              <p className="mt-1 text-sm text-muted">{card.text}</p>
            </Card>
          </button>
        ))}
      </div>
      <ProfileCompletion user={user} onTabChange={onTabChange} />
      <QrCodeCard username={user.username} hasPicture={user.profileImage !== null} />
      <RecentActivity />
    </div>
  );
}
