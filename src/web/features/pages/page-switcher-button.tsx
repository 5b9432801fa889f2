import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  label: /*i18n*/ { id: 'app.pages.switcherLabel', message: 'Page: {page}. Switch page' },
} as const;

/**
 * The page switcher's button (issue 53): the page being worked on. Drawn at once with the dashboard, while the
 * switcher's menu (page-switcher.tsx) loads after it; then the menu's trigger.
 */
export function PageSwitcherButton({ user, ...props }: { user: CurrentUser } & ComponentProps<'button'>) {
  const name = user.displayName || user.username;
  const t = useAppWords();
  return (
    <button
      type="button"
      className="flex min-h-11 min-w-0 max-w-[14rem] items-center gap-2 rounded-xl border border-border bg-surface-raised/70 px-2 py-1.5 text-start text-sm transition-colors hover:bg-white/5 sm:max-w-xs"
      aria-label={t(words.label, { page: `@${user.username}` })}
      data-testid="page-switcher"
      {...props}
    >
      <Avatar name={name} src={user.profileImage} className="size-7 text-xs" />
      <span className="min-w-0 truncate font-medium" dir="ltr" translate="no">
        @{user.username}
      </span>
      <ChevronDown className="size-4 shrink-0 opacity-70" aria-hidden="true" />
    </button>
  );
}
