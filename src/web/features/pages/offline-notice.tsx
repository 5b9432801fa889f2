import { DEFAULT_PLAN_LIMITS, PLAN_NAMES } from '#shared/plans.ts';
import { formatDay } from '#web/lib/dates.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { usePages } from './use-page-list.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  deleted: /*i18n*/ {
    id: 'app.pages.deletedNotice',
    message: 'This page is deleted: visitors cannot see it. It can be restored under Page & Team until {day}.',
  },
  offline: /*i18n*/ {
    id: 'app.pages.offlineNotice',
    message:
      'This page is offline: the {plan} plan holds {limit, plural, one {one page} other {# pages}}. It is back online, as it was, with a plan that holds it.',
  },
} as const;

/** Said at the top of the dashboard while the page is offline: past the owner's plan's pages, or deleted. */
export function OfflineNotice({ user }: { user: CurrentUser }) {
  const pages = usePages();
  const limit = (useSiteFeatures()?.planLimits ?? DEFAULT_PLAN_LIMITS)[user.plan].pages;
  const page = pages.data?.pages.find((entry) => entry.id === user.id);
  const t = useAppWords();
  if (!page?.offline) return null;
  return (
    <p className="mb-6 rounded-2xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-100" role="status">
      {page.deleteAfter ? t(words.deleted, { day: formatDay(page.deleteAfter) }) : t(words.offline, { limit, plan: PLAN_NAMES[user.plan] })}
    </p>
  );
}
