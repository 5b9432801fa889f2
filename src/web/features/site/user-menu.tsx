import { LayoutDashboard, LogOut, Settings, Shield, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { logOut } from '#web/lib/use-session.ts';
import { profileAddress } from '#web/lib/utils.ts';
import { useSiteWords } from '#web/lib/site-words.ts';
import { chromeWords as words } from './chrome-words.ts';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none data-[highlighted]:bg-white/5 data-[highlighted]:text-white';

/** The avatar menu of the signed-in navbar (spec 001 §2). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const name = user.displayName || user.username;
  const t = useSiteWords();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="rounded-full ring-2 ring-transparent transition hover:ring-primary/60"
        aria-label={t(words.openUserMenu)}
      >
        <Avatar name={name} src={user.profileImage} className="size-9" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={10}
          className="z-50 w-64 rounded-2xl border border-border bg-surface/95 p-2 shadow-2xl shadow-black/50 backdrop-blur-xl"
        >
          <div className="px-3 py-2" translate="no">
            <p className="truncate text-sm font-semibold text-white">{name}</p>
            <p className="truncate text-xs text-muted">
              <bdi>{profileAddress(user.username)}</bdi>
            </p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard">
              <LayoutDashboard className="size-4" /> {t(words.dashboard)}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <a href={`/${user.username}`}>
              <User className="size-4" /> {t(words.myProfile)}
            </a>
          </DropdownMenu.Item>
          {user.role === 'admin' && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <Shield className="size-4" /> {t(words.adminPanel)}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard/settings">
              <Settings className="size-4" /> {t(words.settings)}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logOut()}>
            <LogOut className="size-4" /> {t(words.logOut)}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
