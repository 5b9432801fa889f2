import { Eye, HelpCircle, Menu } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DashboardTab } from '#web/lib/constants.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useBrowserTimeZone } from '#web/features/analytics/use-analytics.ts';
import { useProfileSettings } from '#web/lib/use-profile-settings.ts';
import { usePageWordsAhead } from '#web/lib/page-words-ahead.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { unsavedWork, useBackAndForwardQuestion } from '#web/lib/unsaved-changes.ts';
import { DashboardSidebar } from './dashboard-sidebar.tsx';
import { TAB_DETAILS, parseTab } from './dashboard-tabs.ts';
import { OverviewTab } from './overview-tab.tsx';
import { useProfileActions } from '#web/lib/use-profile-actions.ts';
import { PendingDeletion } from './pending-deletion.tsx';
import { DashboardSkeleton, TabSkeleton } from './dashboard-skeleton.tsx';
import type { PageSummary } from '#shared/pages.ts';
import { PageSwitcherButton } from '#web/features/pages/page-switcher-button.tsx';
import { useDashboardPage } from '#web/features/pages/use-dashboard-page.ts';
import { partsAround, useAppWords, useSiteLanguage } from '#web/lib/site-words.ts';
import { formattingLocaleOf } from '#shared/i18n/languages.ts';

const words = {
  loading: /*i18n*/ { id: 'app.dashboard.loading', message: 'Loading...' },
  unknownPage: /*i18n*/ { id: 'app.dashboard.unknownPage', message: 'This page is not in your dashboard' },
  unknownPageText: /*i18n*/ {
    id: 'app.dashboard.unknownPageText',
    message: '{page} is not one of your pages, or you are no longer on its team. It may also have been renamed or deleted.',
  },
  goToDashboard: /*i18n*/ { id: 'app.dashboard.goToDashboard', message: 'Go to your dashboard' },
  openMenu: /*i18n*/ { id: 'app.dashboard.openMenu', message: 'Open dashboard menu' },
  menu: /*i18n*/ { id: 'app.dashboard.menu', message: 'Dashboard menu' },
  menuText: /*i18n*/ { id: 'app.dashboard.menuText', message: 'Tabs and quick actions' },
  help: /*i18n*/ { id: 'app.dashboard.help', message: 'Need help?' },
  preview: /*i18n*/ { id: 'app.dashboard.preview', message: 'Preview Profile' },
  leaveTitle: /*i18n*/ { id: 'app.dashboard.leaveTitle', message: 'Leave without saving?' },
  leaveText: /*i18n*/ {
    id: 'app.dashboard.leaveText',
    message: 'Your unsaved changes in {work} will be lost. Stay to save them first.',
  },
  stay: /*i18n*/ { id: 'app.dashboard.stay', message: 'Stay' },
  discard: /*i18n*/ { id: 'app.dashboard.discard', message: 'Discard changes' },
} as const;

// Each tab's code loads when the tab is opened (the dashboard's first load stays small).
const LinksTab = lazy(() => import('#web/features/links/links-tab.tsx').then((module) => ({ default: module.LinksTab })));
const ProfileTab = lazy(() => import('#web/features/profile/profile-tab.tsx').then((module) => ({ default: module.ProfileTab })));
const AnalyticsTab = lazy(() => import('#web/features/analytics/analytics-tab.tsx').then((module) => ({ default: module.AnalyticsTab })));
const AccountTab = lazy(() => import('#web/features/account/account-tab.tsx').then((module) => ({ default: module.AccountTab })));
const SubscribersTab = lazy(() =>
  import('#web/features/subscribers/subscribers-tab.tsx').then((module) => ({ default: module.SubscribersTab })),
);
const SeoTab = lazy(() => import('#web/features/seo/seo-tab.tsx').then((module) => ({ default: module.SeoTab })));
const CustomizeTab = lazy(() =>
  import('#web/features/customization/customize-tab.tsx').then((module) => ({ default: module.CustomizeTab })),
);
const PageTab = lazy(() => import('#web/features/pages/page-tab.tsx').then((module) => ({ default: module.PageTab })));
const PageCards = lazy(() => import('./page-cards.tsx').then((module) => ({ default: module.PageCards })));
// The switcher's menu and the offline notice load just after the first paint: its button is drawn at once.
const PageSwitcher = lazy(() => import('#web/features/pages/page-switcher.tsx').then((module) => ({ default: module.PageSwitcher })));
const OfflineNotice = lazy(() => import('#web/features/pages/offline-notice.tsx').then((module) => ({ default: module.OfflineNotice })));
const NewPageDialog = lazy(() => import('#web/features/pages/new-page-dialog.tsx').then((module) => ({ default: module.NewPageDialog })));

function TabLoading() {
  const t = useAppWords();
  return (
    <div role="status">
      <span className="sr-only">{t(words.loading)}</span>
      <TabSkeleton />
    </div>
  );
}

/**
 * The dashboard's outer box in its own theme (Profile settings; the rest of the
 * site stays dark), and the profile's time zone taken from the browser once.
 * Its queries and that save re-render this box alone: the tabs inside are its
 * children, made by the dashboard, so a phone does not draw the whole
 * dashboard again when the settings arrive.
 */
function DashboardFrame({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const theme = useProfileSettings().data?.theme ?? 'dark';
  useBrowserTimeZone(user);
  // The page's words in its language (issue 54), fetched ahead for the previews.
  usePageWordsAhead(user.pageSpeaks);
  return (
    <div className="min-h-dvh bg-background text-zinc-100 lg:grid lg:grid-cols-[18rem_1fr]" data-dashboard-theme={theme}>
      {children}
    </div>
  );
}

/**
 * /dashboard without the site header and footer; the tab lives in ?tab= (spec 000 §2), the page worked on in
 * ?page= (issue 53: a link to a tab of a page can be shared within its team).
 */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const renamed = useCallback(
    (username: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', username);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const named = searchParams.get('page');
  const state = useDashboardPage(user, named, renamed);
  // Signed in during a deletion's grace period: keeping the account comes first.
  if (user.deleteAfter) return <PendingDeletion user={user} deleteAfter={user.deleteAfter} />;
  if (state === 'unknown') return <UnknownPage username={named ?? ''} />;
  if (state === 'switching') return <DashboardSkeleton />;
  return <Dashboard user={user} />;
}

/** ?page= names no page of the person's: theirs may have been renamed or deleted, or they were removed from it. */
function UnknownPage({ username }: { username: string }) {
  const t = useAppWords();
  const [before, after] = partsAround(t, words.unknownPageText, 'page');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6 text-zinc-100">
      <div className="max-w-md rounded-2xl border border-border bg-surface p-8 text-center">
        <h1 className="text-xl font-semibold">{t(words.unknownPage)}</h1>
        <p className="mt-2 text-sm text-muted">
          {before}
          <bdi translate="no">/{username}</bdi>
          {after}
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">{t(words.goToDashboard)}</Link>
        </Button>
      </div>
    </main>
  );
}

function Dashboard({ user }: { user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'), user.pageRole);
  const page = searchParams.get('page');
  const [newPage, setNewPage] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { openPublicProfile } = useProfileActions(user.username);
  const t = useAppWords();
  const language = useSiteLanguage();

  // Leaving a tab with unsaved edits asks first (issue 27).
  // What a tab opens with: the new link's form, or a field to land on (?focus=, read by the tab).
  type Opening = { newLink?: boolean; focus?: string };
  const [leavingFor, setLeavingFor] = useState<{ work: string[]; leave: () => void } | null>(null);
  const navigate = useNavigate();
  const goToTab = (next: DashboardTab, options: Opening = {}) => {
    setMenuOpen(false);
    setLeavingFor(null);
    setSearchParams({
      ...(page ? { page } : {}),
      ...(next === 'overview'
        ? {}
        : { tab: next, ...(options.newLink ? { new: '1' } : {}), ...(options.focus ? { focus: options.focus } : {}) }),
    });
  };
  /** Work on another page: the dashboard's address names it, on the same tab when its role shows it. */
  const switchTo = (target: PageSummary) => {
    const work = unsavedWork();
    const go = () => {
      setMenuOpen(false);
      setLeavingFor(null);
      const nextTab = parseTab(tab, target.role);
      setSearchParams({ ...(target.isAccountPage ? {} : { page: target.username }), ...(nextTab === 'overview' ? {} : { tab: nextTab }) });
    };
    if (work.length > 0) setLeavingFor({ work, leave: go });
    else go();
  };
  // A tab opens at its top, not at the scroll the last one was left at (issue 51).
  // (A tab opened to land on a field scrolls to that field instead.)
  const shownTab = useRef(tab);
  const landing = searchParams.has('focus');
  useEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    if (!landing) window.scrollTo({ top: 0 });
  }, [tab, landing]);
  const changeTab = (next: DashboardTab, options: Opening = {}) => {
    const work = unsavedWork();
    if (next !== tab && work.length > 0) {
      setMenuOpen(false);
      setLeavingFor({ work, leave: () => goToTab(next, options) });
    } else goToTab(next, options);
  };
  // Back and Forward ask too (issue 51); leaving then goes where they would have.
  const askBeforeMoving = useCallback(
    (work: string[], destination: string) => {
      setMenuOpen(false);
      setLeavingFor({ work, leave: () => void navigate(destination) });
    },
    [navigate],
  );
  useBackAndForwardQuestion(askBeforeMoving);

  const sidebar = <DashboardSidebar user={user} tab={tab} onTabChange={changeTab} />;

  return (
    <DashboardFrame user={user}>
      <div className="hidden border-e border-border bg-surface/60 lg:block">
        <aside className="sticky top-0 h-dvh overflow-y-auto">{sidebar}</aside>
      </div>
      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-border bg-background/90 px-4 backdrop-blur-xl sm:px-8">
          <div className="flex min-w-0 items-center gap-2">
            <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
              <Dialog.Trigger asChild>
                <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t(words.openMenu)}>
                  <Menu className="size-5" />
                </Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
                <Dialog.Content className="fixed inset-y-0 start-0 z-50 w-[85vw] max-w-xs overflow-y-auto border-e border-border bg-surface">
                  <Dialog.Title className="sr-only">{t(words.menu)}</Dialog.Title>
                  <Dialog.Description className="sr-only">{t(words.menuText)}</Dialog.Description>
                  {sidebar}
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            <Suspense fallback={<PageSwitcherButton user={user} />}>
              <PageSwitcher user={user} onSwitch={switchTo} onNewPage={() => setNewPage(true)} />
            </Suspense>
            <h1 className="hidden truncate text-lg font-semibold md:block">{t(TAB_DETAILS[tab].title)}</h1>
          </div>
          <div className="flex items-center gap-2">
            <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
              <Link to="/support">
                <HelpCircle /> {t(words.help)}
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={openPublicProfile} aria-label={t(words.preview)}>
              <Eye /> <span className="hidden sm:inline">{t(words.preview)}</span>
            </Button>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
          <h1 className="mb-6 text-2xl font-semibold md:hidden">{t(TAB_DETAILS[tab].title)}</h1>
          <Suspense fallback={null}>
            <OfflineNotice user={user} />
          </Suspense>
          <Suspense fallback={<TabLoading />}>
            {tab === 'overview' && <OverviewTab user={user} onTabChange={changeTab} />}
            {tab === 'links' && <LinksTab user={user} />}
            {tab === 'profile' && <ProfileTab user={user} onTabChange={changeTab} />}
            {tab === 'analytics' && <AnalyticsTab user={user} />}
            {tab === 'customize' && <CustomizeTab user={user} />}
            {tab === 'seo' && <SeoTab user={user} />}
            {tab === 'subscribers' && <SubscribersTab user={user} />}
            {tab === 'page' && <PageTab user={user} pageCards={<PageCards user={user} />} onLeft={() => void navigate('/dashboard')} />}
            {tab === 'account' && <AccountTab user={user} onEditEmail={() => changeTab('profile', { focus: 'email' })} />}
            {newPage && (
              <NewPageDialog
                origin={window.location.origin}
                onClose={() => setNewPage(false)}
                onMade={(made) => {
                  setNewPage(false);
                  switchTo(made);
                }}
              />
            )}
          </Suspense>
          <ConfirmDialog
            title={t(words.leaveTitle)}
            description={
              leavingFor &&
              t(words.leaveText, {
                work: new Intl.ListFormat(formattingLocaleOf(language), { type: 'conjunction' }).format(leavingFor.work),
              })
            }
            cancelLabel={t(words.stay)}
            confirmLabel={t(words.discard)}
            pendingLabel={t(words.discard)}
            pending={false}
            open={leavingFor !== null}
            onOpenChange={(open) => !open && setLeavingFor(null)}
            onConfirm={() => {
              setLeavingFor(null);
              leavingFor?.leave();
            }}
          />
        </main>
      </div>
    </DashboardFrame>
  );
}
