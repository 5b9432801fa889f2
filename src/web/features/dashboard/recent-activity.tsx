import {
  Activity,
  AtSign,
  FileInput,
  Globe,
  KeyRound,
  LayoutList,
  Link2,
  MousePointerClick,
  Palette,
  Pencil,
  Trash2,
  Trophy,
  UserRound,
} from 'lucide-react';
import type { ActivityKind } from '#shared/activity.ts';
import { activityText } from '#shared/activity-text.ts';
import { useAppWords } from '#web/lib/site-words.ts';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/query-status.tsx';
import { useRecentActivity } from './use-recent-activity.ts';
import { timeAgo } from '#web/lib/dates.ts';

const words = {
  title: /*i18n*/ { id: 'app.activity.title', message: 'Recent Activity' },
  loading: /*i18n*/ { id: 'app.activity.loading', message: 'Loading activity...' },
  failed: /*i18n*/ { id: 'app.activity.failed', message: 'Recent activity could not be loaded. It will try again in a minute.' },
  none: /*i18n*/ { id: 'app.activity.none', message: 'No activity yet' },
  noneText: /*i18n*/ {
    id: 'app.activity.noneText',
    message: 'Changes to your page, first clicks on your links and record days will show up here.',
  },
} as const;

const ICONS: Record<ActivityKind, typeof Activity> = {
  link_added: Link2,
  link_updated: Pencil,
  link_removed: Trash2,
  block_added: LayoutList,
  block_updated: Pencil,
  block_removed: Trash2,
  profile_updated: UserRound,
  look_updated: Palette,
  username_changed: AtSign,
  first_click: MousePointerClick,
  page_imported: FileInput,
  views_record: Trophy,
  // The team's changes (issue 53), with the icons the overview loads already.
  member_invited: UserRound,
  invitation_withdrawn: UserRound,
  member_joined: UserRound,
  member_role_changed: UserRound,
  member_removed: UserRound,
  member_left: UserRound,
  ownership_offered: KeyRound,
  ownership_moved: KeyRound,
  domain_added: Globe,
  domain_removed: Globe,
};

/** The overview's Recent Activity: real events of the profile, newest first (GET /api/me/activity). */
export function RecentActivity() {
  const activity = useRecentActivity();
  const items = activity.data ?? [];
  const t = useAppWords();
  return (
    <Card>
      <h3 className="font-semibold">{t(words.title)}</h3>
      {activity.isPending && (
        <div className="mt-4">
          <LoadingState label={t(words.loading)} />
        </div>
      )}
      {activity.isError && <p className="mt-4 text-sm text-muted">{t(words.failed)}</p>}
      {activity.isSuccess && items.length === 0 && (
        <div className="mt-6 flex flex-col items-center gap-2 py-6 text-center">
          <Activity className="size-8 text-muted" aria-hidden="true" />
          <p className="font-medium">{t(words.none)}</p>
          <p className="max-w-sm text-sm text-muted">{t(words.noneText)}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="mt-4 divide-y divide-border" data-testid="recent-activity">
          {items.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <li key={item.id} className="flex items-center gap-3 py-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary" aria-hidden="true">
                  <Icon className="size-4" />
                </span>
                <p className="min-w-0 flex-1 truncate text-sm">{activityText(t, item)}</p>
                <time dateTime={item.at} className="shrink-0 text-xs text-muted">
                  {timeAgo(item.at)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
