import { Check, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { PageSummary } from '#shared/pages.ts';
import { PAGE_ROLE_INFO } from '#shared/page-roles.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { cn } from '#web/lib/utils.ts';
import { usePages } from './use-page-list.ts';
import { PageSwitcherButton } from './page-switcher-button.tsx';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm text-zinc-200 outline-none data-[highlighted]:bg-white/5 data-[highlighted]:text-white';

/** What a page is to the person, said beside its name: their role on another's page, or that it is offline. */
function pageNote(page: PageSummary): string | undefined {
  if (page.deleteAfter) return 'Deleted: can be restored';
  if (page.offline) return 'Offline: past your plan’s pages';
  return page.role === 'owner' ? undefined : PAGE_ROLE_INFO[page.role].name;
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
          Your pages
        </DropdownMenu.Label>
        {pages.isPending && <p className="px-3 py-2 text-sm text-muted">Loading your pages...</p>}
        {pages.isError && <p className="px-3 py-2 text-sm text-muted">Your pages could not be loaded.</p>}
        {list.map((page) => {
          const note = pageNote(page);
          const current = page.id === user.id;
          return (
            <DropdownMenu.Item key={page.id} className={itemClass} onSelect={() => !current && onSwitch(page)}>
              <Avatar name={page.displayName || page.username} src={page.profileImage} className="size-8 text-xs" />
              <span className="min-w-0 flex-1">
                <span className={cn('block truncate font-medium', page.offline && 'text-muted')}>{page.displayName || page.username}</span>
                <span className="block truncate text-xs text-muted">
                  @{page.username}
                  {note && ` · ${note}`}
                </span>
              </span>
              {current && <Check className="size-4 shrink-0 text-primary-text" aria-label="Current page" />}
            </DropdownMenu.Item>
          );
        })}
        <DropdownMenu.Separator className="my-2 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} onSelect={onNewPage}>
          <span className="flex size-8 items-center justify-center rounded-full border border-dashed border-border" aria-hidden="true">
            <Plus className="size-4" />
          </span>
          <span>
            New page
            {pages.data && (
              <span className="block text-xs text-muted">
                {pages.data.owned} of {pages.data.limit} on your plan
              </span>
            )}
          </span>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
