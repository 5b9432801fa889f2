import { LayoutDashboard, LogOut, Menu, Plus, Settings, Shield, User, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { logOut, useSession } from '#web/lib/use-session.ts';
import { cn, profileAddress } from '#web/lib/utils.ts';
import { Logo } from './logo.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { followNavbarScroll } from './site-page-behaviour.ts';
import { type NavMenuItem, SERVICES_MENU, communityLinkProps, useResourcesMenu } from './nav-items.ts';
import { chromeWords as words } from './chrome-words.ts';
import { LanguageLinks } from './language-switcher.tsx';
import { useSiteAddress, useSiteWords } from '#web/lib/site-words.ts';

// The avatar menu (Radix's dropdown and its positioning) is only for someone signed in: anonymous pages never load it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:text-white', isActive ? 'text-white' : 'text-zinc-300');

/**
 * Fixed top bar: transparent until the page scrolls more than 20 px (spec 001 §2).
 * Its menus open without script (popovers and a modal dialog opened by command):
 * a static page (site-page.ts) draws this same markup and runs none of React.
 */
export function Navbar() {
  const { user, isLoading } = useSession();
  const header = useRef<HTMLElement>(null);
  const resources = useResourcesMenu();
  const t = useSiteWords();
  const addressOf = useSiteAddress();

  useEffect(() => (header.current ? followNavbarScroll(header.current) : undefined), []);

  return (
    <header
      ref={header}
      data-scrolled="false"
      className="fixed inset-x-0 top-0 z-40 border-b border-transparent transition-colors duration-300 data-[scrolled=true]:border-border data-[scrolled=true]:bg-background/95 data-[scrolled=true]:backdrop-blur-xl"
    >
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6" aria-label={t(words.mainNavigation)}>
        <Logo />
        <div className="hidden items-center gap-1 md:flex">
          <NavLink to={addressOf('/')} end className={linkClass}>
            {t(words.home)}
          </NavLink>
          <NavDropdown label={t(words.services)} items={SERVICES_MENU} />
          <NavDropdown label={t(words.resources)} items={resources} />
          <NavLink to={addressOf('/pricing')} className={linkClass}>
            {t(words.pricing)}
          </NavLink>
        </div>
        <div className="hidden items-center gap-3 md:flex">
          {isLoading ? null : user ? (
            <>
              <Button asChild size="sm">
                <Link to="/dashboard?tab=links&new=1">
                  <Plus /> {t(words.newLink)}
                </Link>
              </Button>
              <Suspense fallback={<span className="size-9 rounded-full bg-surface-raised" aria-hidden="true" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to={addressOf('/login')}>{t(words.logIn)}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={addressOf('/register')}>{t(words.signUp)}</Link>
              </Button>
            </>
          )}
        </div>
        <MobileMenu user={user} resources={resources} />
      </nav>
    </header>
  );
}

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The phone's menu: a native modal <dialog> (focus kept inside, Escape closes it,
 * the page behind inert), so that the landing page ships no dialog library.
 */
function MobileMenu({ user, resources }: { user: CurrentUser | null; resources: readonly NavMenuItem[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A link followed inside the app leaves the page in place: the menu closes itself.
  const close = () => dialog.current?.close();
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  const item = 'flex items-center gap-3 rounded-xl px-3 py-3 text-base text-zinc-200 hover:bg-white/5';
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t(words.openMenu)}
        command="show-modal"
        commandfor={MOBILE_MENU_ID}
      >
        <Menu className="size-5" />
      </Button>
      <dialog
        ref={dialog}
        id={MOBILE_MENU_ID}
        // A click on the backdrop closes it, as Escape does.
        closedby="any"
        aria-labelledby="mobile-menu-title"
        aria-describedby="mobile-menu-description"
        className="fixed inset-y-0 end-0 start-auto m-0 h-dvh max-h-none w-[85vw] max-w-sm flex-col overflow-y-auto border-s border-border bg-surface p-5 text-white shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm open:flex"
      >
        <div className="mb-6 flex items-center justify-between">
          <h2 id="mobile-menu-title" className="text-lg font-bold">
            {t(words.menu)}
          </h2>
          <Button variant="ghost" size="icon" aria-label={t(words.closeMenu)} command="close" commandfor={MOBILE_MENU_ID}>
            <X className="size-5" />
          </Button>
        </div>
        <p id="mobile-menu-description" className="sr-only">
          {t(words.siteNavigation)}
        </p>
        {user && (
          <div className="mb-4 flex items-center gap-3 rounded-2xl border border-border bg-surface-raised p-3" translate="no">
            <Avatar name={user.displayName || user.username} src={user.profileImage} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.displayName || user.username}</p>
              <p className="truncate text-xs text-muted">
                <bdi>{profileAddress(user.username)}</bdi>
              </p>
            </div>
          </div>
        )}
        <Link to={addressOf('/')} className={item} onClick={close}>
          {t(words.home)}
        </Link>
        <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wider text-muted">{t(words.services)}</p>
        {SERVICES_MENU.map((entry) => (
          <Link key={entry.to} to={addressOf(entry.to)} className={item} onClick={close}>
            <entry.icon className="size-4 text-primary" /> {t(entry.label)}
          </Link>
        ))}
        <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wider text-muted">{t(words.resources)}</p>
        {resources.map((entry) =>
          entry.external ? (
            <a key={entry.to} href={entry.to} target="_blank" rel="noopener noreferrer" className={item} {...communityLinkProps(entry)}>
              <entry.icon className="size-4 text-primary" /> {t(entry.label)}
            </a>
          ) : (
            <Link key={entry.to} to={addressOf(entry.to)} className={item} onClick={close}>
              <entry.icon className="size-4 text-primary" /> {t(entry.label)}
            </Link>
          ),
        )}
        <Link to={addressOf('/pricing')} className={cn(item, 'mt-3')} onClick={close}>
          {t(words.pricing)}
        </Link>
        <LanguageLinks className="mt-5 border-t border-border px-3 pt-4" />
        <div className="mt-auto space-y-2 border-t border-border pt-4">
          {user ? (
            <>
              <Button asChild className="w-full">
                <Link to="/dashboard?tab=links&new=1" onClick={close}>
                  <Plus /> {t(words.newLink)}
                </Link>
              </Button>
              <Link to="/dashboard" className={item} onClick={close}>
                <LayoutDashboard className="size-4" /> {t(words.dashboard)}
              </Link>
              <a href={`/${user.username}`} className={item}>
                <User className="size-4" /> {t(words.myProfile)}
              </a>
              {user.role === 'admin' && (
                <Link to="/admin" className={item} onClick={close}>
                  <Shield className="size-4" /> {t(words.adminPanel)}
                </Link>
              )}
              <Link to="/dashboard/settings" className={item} onClick={close}>
                <Settings className="size-4" /> {t(words.settings)}
              </Link>
              <button
                type="button"
                className={cn(item, 'w-full')}
                onClick={() => {
                  close();
                  void logOut();
                }}
              >
                <LogOut className="size-4" /> {t(words.logOut)}
              </button>
            </>
          ) : (
            <>
              <Button asChild variant="outline" className="w-full">
                <Link to={addressOf('/login')} onClick={close}>
                  {t(words.logIn)}
                </Link>
              </Button>
              <Button asChild className="w-full">
                <Link to={addressOf('/register')} onClick={close}>
                  {t(words.signUp)}
                </Link>
              </Button>
            </>
          )}
        </div>
      </dialog>
    </>
  );
}
