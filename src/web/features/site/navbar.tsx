import { LayoutDashboard, LogOut, Menu, Plus, Settings, Shield, User, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { NAVBAR_SOLID_SCROLL_PX } from '#web/lib/constants.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useLogout, useSession } from '#web/features/auth/use-session.ts';
import { cn, profileAddress } from '#web/lib/utils.ts';
import { Logo } from './logo.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { RESOURCES_MENU, SERVICES_MENU } from './nav-items.ts';
import { UserMenu } from './user-menu.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:text-white', isActive ? 'text-white' : 'text-zinc-300');

/** Fixed top bar: transparent until the page scrolls more than 20 px (spec 001 §2). */
export function Navbar() {
  const { user, isLoading } = useSession();
  const [scrolled, setScrolled] = useState(false);
  const [openMenu, setOpenMenu] = useState<'services' | 'resources' | null>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAVBAR_SOLID_SCROLL_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-colors duration-300',
        scrolled ? 'border-b border-border bg-background/95 backdrop-blur-xl' : 'bg-transparent',
      )}
    >
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6" aria-label="Main">
        <Logo />
        <div className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={linkClass}>
            Home
          </NavLink>
          <NavDropdown
            label="Services"
            items={SERVICES_MENU}
            open={openMenu === 'services'}
            onOpenChange={(open) => setOpenMenu(open ? 'services' : null)}
          />
          <NavDropdown
            label="Resources"
            items={RESOURCES_MENU}
            open={openMenu === 'resources'}
            onOpenChange={(open) => setOpenMenu(open ? 'resources' : null)}
          />
          <NavLink to="/pricing" className={linkClass}>
            Pricing
          </NavLink>
        </div>
        <div className="hidden items-center gap-3 md:flex">
          {isLoading ? null : user ? (
            <>
              <Button asChild size="sm">
                <Link to="/dashboard?tab=links">
                  <Plus /> New Link
                </Link>
              </Button>
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Log in</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">Sign up</Link>
              </Button>
            </>
          )}
        </div>
        <MobileMenu user={user} />
      </nav>
    </header>
  );
}

function MobileMenu({ user }: { user: CurrentUser | null }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const close = () => setOpen(false);
  const item = 'flex items-center gap-3 rounded-xl px-3 py-3 text-base text-zinc-200 hover:bg-white/5';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu className="size-5" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col overflow-y-auto border-l border-border bg-surface p-5 shadow-2xl">
          <div className="mb-6 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          {user && (
            <div className="mb-4 flex items-center gap-3 rounded-2xl border border-border bg-surface-raised p-3">
              <Avatar name={user.displayName || user.username} src={user.profileImage} />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.displayName || user.username}</p>
                <p className="truncate text-xs text-muted">{profileAddress(user.username)}</p>
              </div>
            </div>
          )}
          <Link to="/" className={item} onClick={close}>
            Home
          </Link>
          <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wider text-muted">Services</p>
          {SERVICES_MENU.map((entry) => (
            <Link key={entry.to} to={entry.to} className={item} onClick={close}>
              <entry.icon className="size-4 text-primary" /> {entry.label}
            </Link>
          ))}
          <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wider text-muted">Resources</p>
          {RESOURCES_MENU.map((entry) =>
            entry.external ? (
              <a key={entry.to} href={entry.to} target="_blank" rel="noopener noreferrer" className={item}>
                <entry.icon className="size-4 text-primary" /> {entry.label}
              </a>
            ) : (
              <Link key={entry.to} to={entry.to} className={item} onClick={close}>
                <entry.icon className="size-4 text-primary" /> {entry.label}
              </Link>
            ),
          )}
          <Link to="/pricing" className={cn(item, 'mt-3')} onClick={close}>
            Pricing
          </Link>
          <div className="mt-auto space-y-2 border-t border-border pt-4">
            {user ? (
              <>
                <Button asChild className="w-full">
                  <Link to="/dashboard?tab=links" onClick={close}>
                    <Plus /> New Link
                  </Link>
                </Button>
                <Link to="/dashboard" className={item} onClick={close}>
                  <LayoutDashboard className="size-4" /> Dashboard
                </Link>
                <a href={`/${user.username}`} className={item}>
                  <User className="size-4" /> My Profile
                </a>
                {user.role === 'admin' && (
                  <Link to="/admin" className={item} onClick={close}>
                    <Shield className="size-4" /> Admin Panel
                  </Link>
                )}
                <Link to="/dashboard/settings" className={item} onClick={close}>
                  <Settings className="size-4" /> Settings
                </Link>
                <button
                  type="button"
                  className={cn(item, 'w-full')}
                  onClick={() => {
                    close();
                    logout.mutate();
                  }}
                >
                  <LogOut className="size-4" /> Log out
                </button>
              </>
            ) : (
              <>
                <Button asChild variant="outline" className="w-full">
                  <Link to="/login" onClick={close}>
                    Log in
                  </Link>
                </Button>
                <Button asChild className="w-full">
                  <Link to="/register" onClick={close}>
                    Sign up
                  </Link>
                </Button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
