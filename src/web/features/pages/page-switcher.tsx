import { Check, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { PageSummary } from '#shared/pages.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { cn } from '#web/lib/utils.ts';
import { usePages } from './use-page-list.ts';
import { PageSwitcherButton } from './page-switcher-button.tsx';
import type { Translate } from '#shared/i18n/translate.ts';
import { useAppWords } from '#web/lib/site-words.ts';
import { ROLE_WORDS } from './role-words.ts';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm text-zinc-200 outline-none data-[highlighted]:bg-white/5 data-[highlighted]:text-white';

const words = {
  deleted: /*i18n*/ { id: 'app.pages.deletedNote', message: 'Deleted: can be restored' },
  offline: /*i18n*/ { id: 'app.pages.offlineNote', message: 'Offline: past your plan’s pages' },
  yourPages: /*i18n*/ { id: 'app.pages.yourPages', message: 'Your pages' },
  loading: /*i18n*/ { id: 'app.pages.loading', message: 'Loading your pages...' },
  failed: /*i18n*/ { id: 'app.pages.failed', message: 'Your pages could not be loaded.' },
  current: /*i18n*/ { id: 'app.pages.current', message: 'Current page' },
  newPage: /*i18n*/ { id: 'app.pages.newPage', message: 'New page' },
  onPlan: /*i18n*/ { id: 'app.pages.onPlan', message: '{owned} of {limit} on your plan' },
} as const;

/** What a page is to the person, said beside its name: their role on another's page, or that it is offline. */
function pageNote(t: Translate, page: PageSummary): string | undefined {
  if (page.deleteAfter) return t(words.deleted);
  if (page.offline) return t(words.offline);
  return page.role === 'owner' ? undefined : t(ROLE_WORDS[page.role].name);
}

/**
 * The page switcher at the top of the dashboard (issue 53), on a phone too: the page being worked on, and a menu of
 * the person's pages (their own, then those they were let into), with New page at the end.
 */
export function PageSwitcher({
  user,
  onSwitch,
  onNewPage,
}: {
  user: CurrentUser;
  onSwitch: (page: PageSummary) => void;
  onNewPage: () => void;
}) {
  const pages = usePages();
  const list = pages.data?.pages ?? [];
  const t = useAppWords();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <PageSwitcherButton user={user} />
      </DropdownMenu.Trigger>
      {/* In place, not in a portal: the menu stays inside the dashboard's header. */}
      <DropdownMenu.Content
        align="start"
        sideOffset={8}
        className="z-50 max-h-[70dvh] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-border bg-surface/95 p-2 shadow-2xl shadow-black/50 backdrop-blur-xl"
      >
        <DropdownMenu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
          {t(words.yourPages)}
        </DropdownMenu.Label>
        {pages.isPending && <p className="px-3 py-2 text-sm text-muted">{t(words.loading)}</p>}
        {pages.isError && <p className="px-3 py-2 text-sm text-muted">{t(words.failed)}</p>}
        {list.map((page) => {
          const note = pageNote(t, page);
          const current = page.id === user.id;
          return (
            <DropdownMenu.Item key={page.id} className={itemClass} onSelect={() => !current && onSwitch(page)}>
              <Avatar name={page.displayName || page.username} src={page.profileImage} className="size-8 text-xs" />
              <span className="min-w-0 flex-1">
                <span className={cn('block truncate font-medium', page.offline && 'text-muted')} dir="auto" translate="no">
                  {page.displayName || page.username}
                </span>
                <span className="block truncate text-xs text-muted">
                  <bdi translate="no">@{page.username}</bdi>
                  {note && ` · ${note}`}
                </span>
              </span>
              {current && <Check className="size-4 shrink-0 text-primary-text" aria-label={t(words.current)} />}
            </DropdownMenu.Item>
          );
        })}
        <DropdownMenu.Separator className="my-2 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} onSelect={onNewPage}>
          <span className="flex size-8 items-center justify-center rounded-full border border-dashed border-border" aria-hidden="true">
            <Plus className="size-4" />
          </span>
          <span>
            {t(words.newPage)}
            {pages.data && (
              <span className="block text-xs text-muted">{t(words.onPlan, { owned: pages.data.owned, limit: pages.data.limit })}</span>
            )}
          </span>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
