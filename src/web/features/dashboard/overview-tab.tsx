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
import { partsAround, useAppWords } from '#web/lib/site-words.ts';

const words = {
  welcome: /*i18n*/ { id: 'app.overview.welcome', message: 'Welcome, {name}!' },
  welcomeBack: /*i18n*/ { id: 'app.overview.welcomeBack', message: 'Welcome back, {name}!' },
  lead: /*i18n*/ { id: 'app.overview.lead', message: 'Here is where you shape the page your visitors see.' },
} as const;

const CARDS = [
  {
    tab: 'profile',
    title: /*i18n*/ { id: 'app.overview.editProfile', message: 'Edit Profile' },
    text: /*i18n*/ { id: 'app.overview.editProfileText', message: 'Update your name, bio and picture.' },
    icon: UserRound,
  },
  {
    tab: 'links',
    title: /*i18n*/ { id: 'app.overview.manageLinks', message: 'Manage Links' },
    text: /*i18n*/ { id: 'app.overview.manageLinksText', message: 'Add, edit and reorder your links.' },
    icon: Link2,
  },
  {
    tab: 'analytics',
    title: /*i18n*/ { id: 'app.overview.viewAnalytics', message: 'View Analytics' },
    text: /*i18n*/ { id: 'app.overview.viewAnalyticsText', message: 'See how visitors find and use your page.' },
    icon: BarChart3,
  },
] as const;

/** Registered in this tab (the registration form's mark): welcomed, not welcomed back. */
function isNewAccount(username: string): boolean {
  return readSessionMark(NEW_ACCOUNT_STORAGE_KEY) === username;
}

export function OverviewTab({ user, onTabChange }: { user: CurrentUser; onTabChange: (tab: DashboardTab) => void }) {
  const t = useAppWords();
  // The name is the person's own text, isolated so that its direction does not spill into the sentence's.
  const [before, after] = partsAround(t, isNewAccount(user.username) ? words.welcome : words.welcomeBack, 'name');
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {before}
          <bdi translate="no">{user.displayName || user.username}</bdi>
          {after}
        </h2>
        <p className="mt-2 text-muted">{t(words.lead)}</p>
      </div>
      <BrokenLinksCard userId={user.id} onOpenLinks={() => onTabChange('links')} />
      <PastPlanCard onTabChange={onTabChange} />
      <div className="grid gap-4 md:grid-cols-3">
        {CARDS.map((card) => (
          <button key={card.tab} type="button" onClick={() => onTabChange(card.tab)} className="group text-start">
            <Card className="h-full transition-all group-hover:-translate-y-0.5 group-hover:border-primary/50">
              <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-primary/25 to-secondary/25 text-primary">
                <card.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{t(card.title)}</h3>
              <p className="mt-1 text-sm text-muted">{t(card.text)}</p>
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
